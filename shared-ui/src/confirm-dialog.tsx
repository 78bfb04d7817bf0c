import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  /** The danger button's label. */
  confirmLabel?: string;
  /** Resolves once the request has finished, whatever its outcome (a toast reports it); the dialog then closes. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The question, and what it will do. */
  children: ReactNode;
}

/**
 * An irreversible action asks first. The dialog stays up, busy, until the
 * server has answered, and cannot be dismissed meanwhile (a second click, or
 * Escape, would leave the person unsure whether it happened).
 */
export function ConfirmDialog({ title, confirmLabel = 'Delete', onConfirm, onClose, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      open
      size="sm"
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
