import type { PublicUser } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { useState } from 'react';
import './delete-user-dialog.css';

export const DELETE_QUESTION = 'Are you sure you want to delete this user?';

export interface DeleteUserDialogProps {
  /** The user to delete; null: closed. */
  user: PublicUser | null;
  /** Resolves once the request has finished, whatever its outcome (the toast reports it). */
  onConfirm: (user: PublicUser) => Promise<unknown>;
  onClose: () => void;
}

/** Delete asks first. The dialog stays up, busy, until the server has answered. */
export function DeleteUserDialog({ user, onConfirm, onClose }: DeleteUserDialogProps) {
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  const confirm = async () => {
    setDeleting(true);
    try {
      await onConfirm(user);
    } finally {
      setDeleting(false);
      onClose();
    }
  };

  return (
    <Modal
      open
      size="sm"
      title="Delete User"
      onClose={() => {
        if (!deleting) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" disabled={deleting} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      <p className="users-delete__question">{DELETE_QUESTION}</p>
      <p className="users-delete__who">
        {user.name?.trim() ? <strong>{user.name.trim()}</strong> : null}
        <span className="users-delete__email">{user.email}</span>
      </p>
      <p className="users-delete__note">Their sessions end at once. This cannot be undone.</p>
    </Modal>
  );
}
