import { messagesByField } from '@callboard/contract';
import {
  DISPUTE_NOTE_MAX_LENGTH,
  type ClawBack,
  type Dispute,
  type DisputeChangeResult,
  type DisputeDecision,
  type DisputeDecisionBody,
} from '@callboard/contract/disputes';
import { ApiError } from '@callboard/shared-auth/api-fetch';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from './alert';
import { Button } from './button';
import { isConflict } from './dispute-errors';
import { formatMoney } from './format';
import { Modal } from './modal';
import { NoteField } from './note-field';
import { TextField } from './text-field';
import './disputes.css';

const FORM_FIELDS = ['decision', 'amount', 'clawBack', 'clawBackAmount', 'note'] as const;
type FormField = (typeof FORM_FIELDS)[number];
export type DecideDisputeErrors = Partial<Record<FormField, string>>;
const isFormField = (field: string): field is FormField => (FORM_FIELDS as readonly string[]).includes(field);

export interface DecideDisputeValues {
  decision: DisputeDecision;
  /** Dollars credited, as typed (partial only). */
  amount: string;
  clawBack: ClawBack;
  /** Dollars taken back, as typed (a partial claw-back only). */
  clawBackAmount: string;
  note: string;
}

const CLAW_BACK_LABELS: Record<ClawBack, string> = {
  full: 'Claw back the whole payout',
  partial: 'Claw back part of it',
  none: 'Keep the payout',
};

/** Dollars as typed: a positive amount with at most two decimals, or null. */
function dollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/**
 * What is wrong with a decision before it is sent, by the server's rules (docs/api.md, "Disputes"): a note
 * always; for a partial acceptance an amount above 0 and at most the revenue at opening; for a partial
 * claw-back an amount above 0 and at most the payout at opening. Bounds the reader cannot see are the server's.
 */
export function validateDecision(values: DecideDisputeValues, dispute: Pick<Dispute, 'revenue' | 'payout'>): DecideDisputeErrors {
  const errors: DecideDisputeErrors = {};
  if (values.decision === 'partial') {
    const amount = dollars(values.amount);
    if (amount === null) errors.amount = 'Enter the amount credited, in dollars (more than 0)';
    else if (dispute.revenue !== undefined && amount > dispute.revenue) errors.amount = `At most the call’s revenue, ${formatMoney(dispute.revenue)}`;
  }
  if (values.decision !== 'reject' && values.clawBack === 'partial') {
    const amount = dollars(values.clawBackAmount);
    if (amount === null) errors.clawBackAmount = 'Enter the amount clawed back, in dollars (more than 0)';
    else if (dispute.payout !== undefined && amount > dispute.payout) errors.clawBackAmount = `At most the call’s payout, ${formatMoney(dispute.payout)}`;
  }
  const note = values.note.trim();
  if (note === '') errors.note = 'Say why it was decided so';
  else if (note.length > DISPUTE_NOTE_MAX_LENGTH) errors.note = `The note must be at most ${DISPUTE_NOTE_MAX_LENGTH} characters`;
  return errors;
}

/** The body a valid form sends: the amounts only where the decision and the claw-back take them. */
export function decisionBody(values: DecideDisputeValues): DisputeDecisionBody {
  const body: DisputeDecisionBody = { decision: values.decision, note: values.note.trim() };
  if (values.decision === 'reject') return body;
  if (values.decision === 'partial') body.amount = dollars(values.amount) ?? 0;
  body.clawBack = values.clawBack;
  if (values.clawBack === 'partial') body.clawBackAmount = dollars(values.clawBackAmount) ?? 0;
  return body;
}

export interface DecideDisputeDialogProps {
  dispute: Dispute;
  /** The decision the key or button chose; the dialog can change it. */
  initialDecision: DisputeDecision;
  onSubmit: (body: DisputeDecisionBody) => Promise<DisputeChangeResult>;
  /** After a decision: the caller offers its Undo. */
  onDecided: (result: DisputeChangeResult) => void;
  /** Someone else decided or withdrew it first (409): the caller reads it again. */
  onConflict: () => void;
  onClose: () => void;
}

/**
 * Deciding a dispute: accept (the buyer credited the whole revenue), partial (an amount up to the revenue) or
 * reject; a required note; for accept and partial whether the publisher's payout is clawed back in full, in part
 * or kept. Checked before sending; the server's field errors land under the same fields; a 409 (decided
 * meanwhile) closes the dialog with the server's words and the queue reads the dispute again.
 */
export function DecideDisputeDialog({ dispute, initialDecision, onSubmit, onDecided, onConflict, onClose }: DecideDisputeDialogProps) {
  const formId = useId();
  const fieldId = (field: FormField) => `${formId}-${field}`;
  const [values, setValues] = useState<DecideDisputeValues>({ decision: initialDecision, amount: '', clawBack: 'full', clawBackAmount: '', note: '' });
  const [errors, setErrors] = useState<DecideDisputeErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof DecideDisputeValues>(field: K, value: DecideDisputeValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const showErrors = (found: DecideDisputeErrors) => {
    setErrors(found);
    const first = FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateDecision(values, dispute);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const result = await onSubmit(decisionBody(values));
      onClose();
      onDecided(result);
    } catch (error) {
      if (isConflict(error)) {
        toast.error(error.message);
        onClose();
        onConflict();
        return;
      }
      const { fields, other } = error instanceof ApiError && error.errors ? messagesByField(error.errors, isFormField) : { fields: {}, other: [] };
      showErrors(fields);
      if (Object.keys(fields).length === 0 || other.length > 0) setRefusal(other[0] ?? (error instanceof Error ? error.message : 'Failed to decide the dispute'));
      setSaving(false);
    }
  };

  const takesMoney = values.decision !== 'reject';
  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title="Decide the dispute"
      subtitle={`Call ${dispute.systemCallId}${dispute.buyerName ? ` · ${dispute.buyerName}` : ''}${dispute.revenue !== undefined ? ` · revenue ${formatMoney(dispute.revenue)}` : ''}${dispute.payout !== undefined ? ` · payout ${formatMoney(dispute.payout)}` : ''}`}
      closeOnBackdrop={false}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={saving}>
            {values.decision === 'reject' ? 'Reject' : 'Decide'}
          </Button>
        </>
      }
    >
      <form id={formId} className="cb-dispute-form" noValidate onSubmit={(event) => void submit(event)}>
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
        <fieldset className="cb-dispute-form__choices" id={fieldId('decision')}>
          <legend>Decision</legend>
          {(['accept', 'partial', 'reject'] as const).map((decision) => (
            <label key={decision}>
              <input type="radio" name={`${formId}-decision`} value={decision} checked={values.decision === decision} onChange={() => set('decision', decision)} />{' '}
              {decision === 'accept' ? 'Accept (credit the whole revenue)' : decision === 'partial' ? 'Partial (credit an amount)' : 'Reject'}
            </label>
          ))}
        </fieldset>
        {values.decision === 'partial' ? (
          <TextField
            id={fieldId('amount')}
            label="Amount credited ($)"
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
            error={errors.amount}
            hint={dispute.revenue !== undefined ? `Up to ${formatMoney(dispute.revenue)}` : undefined}
          />
        ) : null}
        {takesMoney ? (
          <fieldset className="cb-dispute-form__choices" id={fieldId('clawBack')}>
            <legend>The publisher’s payout</legend>
            {(['full', 'partial', 'none'] as const).map((clawBack) => (
              <label key={clawBack}>
                <input type="radio" name={`${formId}-claw-back`} value={clawBack} checked={values.clawBack === clawBack} onChange={() => set('clawBack', clawBack)} />{' '}
                {CLAW_BACK_LABELS[clawBack]}
              </label>
            ))}
          </fieldset>
        ) : null}
        {takesMoney && errors.clawBack ? (
          <p className="cb-field__error" role="alert">
            {errors.clawBack}
          </p>
        ) : null}
        {takesMoney && values.clawBack === 'partial' ? (
          <TextField
            id={fieldId('clawBackAmount')}
            label="Amount clawed back ($)"
            inputMode="decimal"
            value={values.clawBackAmount}
            onChange={(event) => set('clawBackAmount', event.target.value)}
            error={errors.clawBackAmount}
            hint={dispute.payout !== undefined ? `Up to ${formatMoney(dispute.payout)}` : undefined}
          />
        ) : null}
        <NoteField
          id={fieldId('note')}
          label="Note"
          required
          maxLength={DISPUTE_NOTE_MAX_LENGTH}
          value={values.note}
          onChange={(event) => set('note', event.target.value)}
          error={errors.note}
        />
        {errors.decision ? (
          <p className="cb-field__error" role="alert">
            {errors.decision}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
