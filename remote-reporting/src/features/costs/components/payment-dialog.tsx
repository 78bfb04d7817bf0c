import { DEFAULT_PAYMENT_CURRENCY, PAYMENT_NOTE_MAX_LENGTH, PAYMENT_REFERENCE_MAX_LENGTH, type Payment } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { SelectField, type SelectOption } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { usePublisherOptions } from '../api/cost-api';
import type { PaymentActions } from '../hooks/use-payment-actions';
import {
  emptyPaymentForm,
  PAYMENT_FIELDS,
  paymentBodyFrom,
  paymentFormFrom,
  serverFieldErrors,
  validatePaymentForm,
  type PaymentField,
  type PaymentFormErrors,
  type PaymentFormValues,
} from './payment-form';
import { PAYMENT_METHOD_OPTIONS } from './payment-methods';

export interface PaymentDialogProps {
  /** The payment to edit; null records a new one. */
  payment: Payment | null;
  actions: Pick<PaymentActions, 'create' | 'update'>;
  onClose: () => void;
}

/** Every publisher by name; the edited payment's own publisher is kept even if the list no longer has it. */
function publisherChoices(options: readonly { value: string; label: string }[] | undefined, payment: Payment | null): SelectOption[] {
  const list = (options ?? []).map(({ value, label }) => ({ value, label }));
  if (payment && !list.some((o) => o.value === payment.publisherId)) list.push({ value: payment.publisherId, label: payment.publisherName });
  return list.sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base', numeric: true }));
}

/**
 * Record or edit a payment to a publisher. Mounted fresh for each opening, so
 * the form starts from the payment (or empty) every time. Problems show under
 * their field and clear as soon as that field is edited; nothing is sent until
 * the form is valid; the server's field errors land under the same fields.
 */
export function PaymentDialog({ payment, actions, onClose }: PaymentDialogProps) {
  const editing = payment !== null;
  const formId = useId();
  const fieldId = (field: PaymentField) => `${formId}-${field}`;
  const [values, setValues] = useState<PaymentFormValues>(() => (payment ? paymentFormFrom(payment) : emptyPaymentForm()));
  const [errors, setErrors] = useState<PaymentFormErrors>({});
  const [saving, setSaving] = useState(false);

  const publishers = usePublisherOptions(true);
  const choices = useMemo(() => publisherChoices(publishers.data?.data.publishers, payment), [publishers.data, payment]);
  const loadingPublishers = publishers.isLoading && !publishers.data;

  const change = (field: PaymentField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const showErrors = (found: PaymentFormErrors) => {
    setErrors(found);
    const first = PAYMENT_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validatePaymentForm(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSaving(true);
    try {
      const body = paymentBodyFrom(values);
      if (payment) await actions.update(payment.id, body);
      else await actions.create(body);
      onClose();
    } catch (error) {
      // The toast already said what failed; a 400 also points at the fields.
      showErrors(serverFieldErrors(error).fields);
      setSaving(false);
    }
  };

  const publisherHint = publishers.error
    ? `Failed to load publishers: ${publishers.error instanceof Error ? publishers.error.message : String(publishers.error)}`
    : undefined;

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={editing ? 'Edit payment' : 'Record payment'}
      subtitle={editing ? `Paid to ${payment.publisherName}` : 'A payment made to a publisher.'}
      closeOnBackdrop={false}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={saving}>
            {editing ? 'Save changes' : 'Record payment'}
          </Button>
        </>
      }
    >
      {/* noValidate: the browser's own bubbles would pre-empt the messages under the fields. */}
      <form id={formId} className="costs-payment-form" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          id={fieldId('publisherId')}
          label="Publisher"
          required
          placeholder={loadingPublishers ? 'Loading publishers...' : 'Select a publisher'}
          options={choices}
          value={values.publisherId}
          onChange={change('publisherId')}
          error={errors.publisherId}
          hint={publisherHint}
          className="costs-payment-form__wide"
        />
        <TextField
          id={fieldId('amount')}
          label="Amount"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={values.amount}
          onChange={change('amount')}
          error={errors.amount}
          trailing={<span className="costs-payment-form__unit">{DEFAULT_PAYMENT_CURRENCY}</span>}
        />
        <TextField
          id={fieldId('paidAt')}
          label="Paid at"
          required
          type="datetime-local"
          value={values.paidAt}
          onChange={change('paidAt')}
          error={errors.paidAt}
          hint="New York time"
        />
        <SelectField
          id={fieldId('method')}
          label="Method"
          required
          placeholder="Select a method"
          options={PAYMENT_METHOD_OPTIONS}
          value={values.method}
          onChange={change('method')}
          error={errors.method}
        />
        <TextField
          id={fieldId('reference')}
          label="Reference"
          autoComplete="off"
          placeholder="Transaction or check number"
          maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
          value={values.reference}
          onChange={change('reference')}
          error={errors.reference}
        />
        <div className={['cb-field', 'costs-payment-form__wide', errors.note && 'cb-field--invalid'].filter(Boolean).join(' ')}>
          <label htmlFor={fieldId('note')} className="cb-field__label">
            Note
          </label>
          <textarea
            id={fieldId('note')}
            className="cb-input"
            rows={3}
            maxLength={PAYMENT_NOTE_MAX_LENGTH}
            value={values.note}
            onChange={change('note')}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${fieldId('note')}-error` : undefined}
          />
          {errors.note ? (
            <p id={`${fieldId('note')}-error`} className="cb-field__error" role="alert">
              {errors.note}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
