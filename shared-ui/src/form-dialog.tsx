import { Button } from '@callboard/shared-ui/button';
import { Modal, type ModalSize } from '@callboard/shared-ui/modal';
import type { ReactNode } from 'react';

export interface FormDialogProps {
  /** The id of the form inside, which the dialog's submit button sends. */
  formId: string;
  title: string;
  subtitle?: string;
  submitLabel: string;
  size?: ModalSize;
  /** While the form is being sent: the dialog cannot be closed, and its button is busy. */
  saving: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog holding one form: the form, and Cancel and the submit button under it. A press outside does not
 * close it (a form with unsaved input), nor does anything while it is being sent. Imports Modal and Button by
 * package name, so a build that keeps this module to itself still uses the shared ones.
 */
export function FormDialog({ formId, title, subtitle, submitLabel, size, saving, onClose, children }: FormDialogProps) {
  return (
    <Modal
      open
      size={size}
      onClose={() => {
        if (!saving) onClose();
      }}
      closeOnBackdrop={false}
      title={title}
      subtitle={subtitle}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
