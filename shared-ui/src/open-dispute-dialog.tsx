import { messagesByField } from '@callboard/contract';
import {
  DISPUTE_EXCERPT_MAX_LINES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  transcriptLines,
  type DisputeReason,
  type OpenDisputeBody,
} from '@callboard/contract/disputes';
import { ApiError } from '@callboard/shared-auth/api-fetch';
import { useId, useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import { NoteField } from './note-field';
import { SelectField } from './select-field';
import './disputes.css';

const FORM_FIELDS = ['reason', 'note', 'transcriptLines'] as const;
type FormField = (typeof FORM_FIELDS)[number];
export type OpenDisputeErrors = Partial<Record<FormField, string>>;
const isFormField = (field: string): field is FormField => (FORM_FIELDS as readonly string[]).includes(field);

export interface OpenDisputeValues {
  reason: DisputeReason | '';
  note: string;
  /** Indexes into transcriptLines(transcript), in any order. */
  lines: ReadonlySet<number>;
}

/** What is wrong with the form before it is sent, in the server's words where it has them (docs/api.md, "Disputes"). */
export function validateOpenDispute(values: OpenDisputeValues): OpenDisputeErrors {
  const errors: OpenDisputeErrors = {};
  if (values.reason === '') errors.reason = 'Choose why the call is disputed';
  const note = values.note.trim();
  if (note === '') errors.note = 'Say what is wrong with the call';
  else if (note.length > DISPUTE_NOTE_MAX_LENGTH) errors.note = `The note must be at most ${DISPUTE_NOTE_MAX_LENGTH} characters`;
  if (values.lines.size > DISPUTE_EXCERPT_MAX_LINES) errors.transcriptLines = `Select at most ${DISPUTE_EXCERPT_MAX_LINES} lines, or none for the whole transcript`;
  return errors;
}

/** The body the form sends: the lines in transcript order, left out when none is ticked (the whole transcript). */
export function openDisputeBody(values: OpenDisputeValues): OpenDisputeBody {
  const body: OpenDisputeBody = { reason: values.reason as DisputeReason, note: values.note.trim() };
  if (values.lines.size > 0) body.transcriptLines = [...values.lines].sort((a, b) => a - b);
  return body;
}

export interface OpenDisputeDialogProps {
  /** The call's label in the subtitle (its system call id). */
  callLabel: string;
  /** The call's transcript as the reader sees it; null (or not visible) offers no line selection. */
  transcript: string | null;
  onSubmit: (body: OpenDisputeBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Opening a dispute: why (the contract's reason codes), what is wrong (a required note), and the transcript
 * lines that prove it (none ticked keeps the whole transcript). Checked before sending; the server's field
 * errors land under the same fields, any other refusal (the window closed, already open) above the form.
 */
export function OpenDisputeDialog({ callLabel, transcript, onSubmit, onClose }: OpenDisputeDialogProps) {
  const formId = useId();
  const fieldId = (field: FormField) => `${formId}-${field}`;
  const lines = useMemo(() => (transcript && transcript.trim() !== '' ? transcriptLines(transcript) : []), [transcript]);
  const [values, setValues] = useState<OpenDisputeValues>({ reason: '', note: '', lines: new Set() });
  const [errors, setErrors] = useState<OpenDisputeErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const clear = (field: FormField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const toggleLine = (index: number) => {
    setValues((current) => {
      const next = new Set(current.lines);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return { ...current, lines: next };
    });
    clear('transcriptLines');
  };

  const showErrors = (found: OpenDisputeErrors) => {
    setErrors(found);
    const first = FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateOpenDispute(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      await onSubmit(openDisputeBody(values));
      toast.success('Dispute opened');
      onClose();
    } catch (error) {
      const { fields, other } = error instanceof ApiError && error.errors ? messagesByField(error.errors, isFormField) : { fields: {}, other: [] };
      showErrors(fields);
      if (Object.keys(fields).length === 0 || other.length > 0) setRefusal(other[0] ?? (error instanceof Error ? error.message : 'Failed to open the dispute'));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title="Dispute this call"
      subtitle={`Call ${callLabel}: the QC evidence is attached as it stands now.`}
      size="lg"
      closeOnBackdrop={false}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={saving}>
            Open dispute
          </Button>
        </>
      }
    >
      <form id={formId} className="cb-dispute-form" noValidate onSubmit={(event) => void submit(event)}>
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
        <SelectField
          id={fieldId('reason')}
          label="Reason"
          placeholder="Choose a reason"
          options={DISPUTE_REASONS.map((reason) => ({ value: reason, label: DISPUTE_REASON_LABELS[reason] }))}
          value={values.reason}
          required
          onChange={(event) => {
            const reason = event.target.value as DisputeReason | '';
            setValues((current) => ({ ...current, reason }));
            clear('reason');
          }}
          error={errors.reason}
        />
        <NoteField
          id={fieldId('note')}
          label="Note"
          required
          maxLength={DISPUTE_NOTE_MAX_LENGTH}
          value={values.note}
          onChange={(event) => {
            const note = event.target.value;
            setValues((current) => ({ ...current, note }));
            clear('note');
          }}
          error={errors.note}
        />
        {lines.length > 0 ? (
          <fieldset className="cb-field" aria-describedby={`${fieldId('transcriptLines')}-hint`}>
            <legend className="cb-field__label">Transcript lines that prove it</legend>
            <p id={`${fieldId('transcriptLines')}-hint`} className="cb-text-sm cb-muted">
              {values.lines.size === 0 ? 'None ticked: the whole transcript is attached.' : `${values.lines.size} of ${lines.length} lines ticked.`}
            </p>
            <ol className="cb-dispute-form__lines" id={fieldId('transcriptLines')} tabIndex={-1} data-testid="dispute-lines">
              {lines.map((text, index) => (
                <li key={index} className="cb-dispute-form__line">
                  <input
                    type="checkbox"
                    id={`${formId}-line-${index}`}
                    checked={values.lines.has(index)}
                    onChange={() => toggleLine(index)}
                  />
                  <label htmlFor={`${formId}-line-${index}`}>
                    <span className="cb-dispute-form__line-number" aria-hidden="true">
                      {index + 1}
                    </span>{' '}
                    {text === '' ? <span className="cb-muted">(empty line)</span> : text}
                  </label>
                </li>
              ))}
            </ol>
            {errors.transcriptLines ? (
              <p className="cb-field__error" role="alert">
                {errors.transcriptLines}
              </p>
            ) : null}
          </fieldset>
        ) : null}
      </form>
    </Modal>
  );
}
