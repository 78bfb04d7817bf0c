import { API_PATHS, PASSWORD_MIN_LENGTH, PROFILE_UPDATED_MESSAGE, ROLE_LABELS, type ApiSuccess, type PublicUser } from '@callboard/contract';
import { updateSessionUser } from '@callboard/shared-auth/session';
import { useApiFetch, useSession } from '@callboard/shared-auth/use-session';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { useStore } from 'jotai';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuthForm } from '../auth/use-auth-form';
import { profileFormFrom, profileUpdateBody, saveFailure, validateProfileForm } from './profile-form';
import './profile-dialog.css';

export interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

const PASSWORD_HINT = 'Changing your password signs you out everywhere else; this window stays signed in.';

/**
 * The signed-in person's own account (PUT /api/auth/profile): email and role shown, not editable (an
 * admin changes them); name, avatar URL and password editable. Unmounted when closed, so it opens with
 * the session's current details and a blank password part every time.
 */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  if (!open) return null;
  return <OpenProfileDialog onClose={onClose} />;
}

function OpenProfileDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const store = useStore();
  const apiFetch = useApiFetch();
  const { user } = useSession();
  const form = useAuthForm(profileFormFrom(user), validateProfileForm);
  const [failure, setFailure] = useState<string | null>(null);
  // Focus starts on what people come to change, not on the read-only email above it.
  const nameRef = useRef<HTMLInputElement>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiFetch<ApiSuccess<PublicUser> & { message?: string }>(API_PATHS.profile, { method: 'PUT', body: profileUpdateBody(values) });
      // The header (and every tab) shows the new name at once.
      updateSessionUser(store, answer.data);
      toast.success(answer.message || PROFILE_UPDATED_MESSAGE);
      onClose();
    } catch (error) {
      const { fieldErrors, message } = saveFailure(error);
      form.showErrors(fieldErrors);
      setFailure(message);
    }
  });

  return (
    <Modal
      open
      title="Profile"
      subtitle="Your name, avatar and password."
      // Typed passwords must not vanish on a stray click; Escape and Cancel still close it.
      closeOnBackdrop={false}
      initialFocusRef={nameRef}
      onClose={() => {
        if (!form.busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" disabled={form.busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={form.busy}>
            {form.busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      {/* noValidate: the contract's messages (validateProfileUpdate), not the browser's, say what is wrong. */}
      <form id={formId} className="profile-form" noValidate aria-label="Profile" onSubmit={onSubmit}>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="profile-form__account">
          <TextField label="Email" value={user?.email ?? ''} readOnly hint="An admin can change it." />
          <TextField label="Role" value={user ? ROLE_LABELS[user.role] ?? user.role : ''} readOnly />
        </div>
        <TextField ref={nameRef} label="Name" autoComplete="name" required {...form.field('name')} />
        <TextField
          label="Avatar URL"
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder="https://…"
          hint="A link to an image; leave blank for your initials."
          {...form.field('avatar')}
        />
        <fieldset className="profile-form__password">
          <legend className="profile-form__legend">Change password</legend>
          <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. ${PASSWORD_HINT}`}
            {...form.field('newPassword')}
          />
          <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        </fieldset>
      </form>
    </Modal>
  );
}
