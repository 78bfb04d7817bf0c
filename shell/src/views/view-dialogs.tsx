import { validateViewName, type SavedView } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { useState, type FormEvent } from 'react';
import type { ViewResult } from './use-saved-views';

export interface ViewNameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  maxLength: number;
  /** Adds the "Share with the team" checkbox (saving a new view). */
  offerSharing?: boolean;
  /** Sends the name (and the sharing choice); the dialog closes when it succeeds. */
  onSubmit: (name: string, shared: boolean) => Promise<ViewResult>;
  onClose: () => void;
}

/**
 * Names a view: saving the current one, or renaming one of yours. The name is
 * checked by the rule the server applies (validateViewName) before anything is
 * sent; a problem the server finds with the name (one you already use) shows
 * under the field as well as in the toast.
 */
export function ViewNameDialog({ title, submitLabel, initialName, maxLength, offerSharing = false, onSubmit, onClose }: ViewNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateViewName(name);
    if (problem) {
      setError(problem.message);
      return;
    }
    setBusy(true);
    const result = await onSubmit(name.trim(), shared);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.errors.find((e) => e.field === 'name')?.message ?? null);
  };

  const formId = `view-name-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Modal
      open
      size="sm"
      title={title}
      closeOnBackdrop={false}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="view-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          value={name}
          error={error}
          // A little room past the limit, so a pasted long name gets the message instead of being cut silently.
          maxLength={maxLength + 20}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {offerSharing ? (
          <label className="view-dialog__share">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
            <span>Share with the team</span>
          </label>
        ) : null}
      </form>
    </Modal>
  );
}

export interface DeleteViewDialogProps {
  view: SavedView;
  /** Resolves once the request has finished, whatever its outcome (the toast reports it). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Deleting asks first (ConfirmDialog: busy until the server has answered). */
export function DeleteViewDialog({ view, onConfirm, onClose }: DeleteViewDialogProps) {
  return (
    <ConfirmDialog title="Delete view" onConfirm={onConfirm} onClose={onClose}>
      <p>
        Delete the view <strong>{view.name}</strong>?{view.shared ? ' It is shared: it goes for the whole team.' : ''} This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
