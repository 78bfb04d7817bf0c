import type { Payment } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { formatDateTime, formatMoney } from '@callboard/shared-ui/format';
import { Modal } from '@callboard/shared-ui/modal';
import { useRef, useState } from 'react';

export interface DeletePaymentDialogProps {
  payment: Payment;
  onDelete: (id: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks before a payment is deleted, naming what will go: a payment is money
 * that left the business, and deleting one cannot be undone. Focus starts on
 * Cancel, so Enter on an accidental opening does nothing harmful.
 */
export function DeletePaymentDialog({ payment, onDelete, onClose }: DeletePaymentDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setDeleting(true);
    try {
      await onDelete(payment.id);
      onClose();
    } catch {
      // The toast said why; the dialog stays so the person can try again or cancel.
      setDeleting(false);
    }
  };

  return (
    <Modal
      open
      size="sm"
      title="Delete payment"
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!deleting) onClose();
      }}
      footer={
        <>
          <Button ref={cancelRef} onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      <p>
        Delete the payment of <strong>{formatMoney(payment.amount, payment.currency)}</strong> to <strong>{payment.publisherName}</strong>, paid{' '}
        {formatDateTime(payment.paidAt)}? This cannot be undone.
      </p>
    </Modal>
  );
}
