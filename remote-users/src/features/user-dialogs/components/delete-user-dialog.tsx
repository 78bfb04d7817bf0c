import type { PublicUser } from '@callboard/contract';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import './delete-user-dialog.css';

export const DELETE_QUESTION = 'Are you sure you want to delete this user?';

export interface DeleteUserDialogProps {
  /** The user to delete; null: closed. */
  user: PublicUser | null;
  /** Resolves once the request has finished, whatever its outcome (the toast reports it). */
  onConfirm: (user: PublicUser) => Promise<unknown>;
  onClose: () => void;
}

/** Delete asks first (ConfirmDialog: busy until the server has answered). */
export function DeleteUserDialog({ user, onConfirm, onClose }: DeleteUserDialogProps) {
  if (!user) return null;
  return (
    <ConfirmDialog title="Delete User" onConfirm={() => onConfirm(user)} onClose={onClose}>
      <p className="users-delete__question">{DELETE_QUESTION}</p>
      <p className="users-delete__who">
        {user.name?.trim() ? <strong>{user.name.trim()}</strong> : null}
        <span className="users-delete__email">{user.email}</span>
      </p>
      <p className="users-delete__note">Their sessions end at once. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
