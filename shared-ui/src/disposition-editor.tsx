import { DISPOSITIONS, isDisposition, verdictAfter, type CallRecord } from '@callboard/contract';
import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { useCallChange, useMayChangeCalls, type CallChangeOptions } from './use-call-change';
import './disposition-editor.css';

const STATUS_OPTIONS = DISPOSITIONS.map((d) => ({ value: d, label: d }));

export interface DispositionEditorProps extends CallChangeOptions {
  call: CallRecord;
}

interface Draft {
  status: string;
  subDisposition: string;
  reason: string;
  /** The texts the person has typed in: those stay whatever status is chosen; the others follow `verdictAfter`. */
  typed: { subDisposition: boolean; reason: boolean };
}

function draftOf(call: CallRecord): Draft {
  // A status outside the 14 (Rejected / Unknown) is no option: the reviewer must choose one.
  return {
    status: isDisposition(call.status) ? call.status : '',
    subDisposition: call.sub_disposition ?? '',
    reason: call.reason ?? '',
    typed: { subDisposition: false, reason: false },
  };
}

/**
 * The draft once a status is chosen: a text the person has not typed shows what saving would leave, by the
 * rule the server applies (a new status clears the old one's sub disposition and reason; back on the call's
 * own status, they return).
 */
function withStatus(draft: Draft, call: CallRecord, status: string): Draft {
  const after = verdictAfter(call, { status });
  return {
    ...draft,
    status,
    subDisposition: draft.typed.subDisposition ? draft.subDisposition : (after.sub_disposition ?? ''),
    reason: draft.typed.reason ? draft.reason : (after.reason ?? ''),
  };
}

/**
 * A reviewer's verdict on one call: status, sub disposition and reason, saved
 * with PUT /api/calls/{id}/disposition; and, once a person has overridden the
 * bot, "Restore AI verdict". Nothing for a role that may not change calls: the
 * verdicts beside it are then read only.
 */
export function DispositionEditor({ call, onChanged }: DispositionEditorProps) {
  const mayChange = useMayChangeCalls();
  if (!mayChange) return null;
  // A fresh draft whenever the call or its verdict changes (another call opened, a save, an undo, a live update).
  const version = [call.id, call.status, call.sub_disposition ?? '', call.reason ?? '', String(call.statusOverridden)].join('\u0000');
  return <EditorForm key={version} call={call} onChanged={onChanged} />;
}

function EditorForm({ call, onChanged }: DispositionEditorProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(call));
  const { setDisposition, restoreVerdict, busy } = useCallChange({ onChanged });
  const saved = draftOf(call);
  const edited = draft.status !== saved.status || draft.subDisposition.trim() !== saved.subDisposition || draft.reason.trim() !== saved.reason;

  const editStatus = (event: { target: { value: string } }) => setDraft((d) => withStatus(d, call, event.target.value));
  const editText = (field: 'subDisposition' | 'reason') => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value, typed: { ...d.typed, [field]: true } }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!edited || draft.status === '' || busy) return;
    void setDisposition(call.id, { status: draft.status, sub_disposition: draft.subDisposition.trim() || null, reason: draft.reason.trim() || null });
  };

  return (
    <form className="cb-disposition-editor" aria-label="Change disposition" onSubmit={save}>
      <SelectField label="Status" size="sm" options={STATUS_OPTIONS} placeholder={draft.status === '' ? 'Choose a status' : undefined} value={draft.status} onChange={editStatus} />
      <TextField label="Sub disposition" size="sm" maxLength={200} value={draft.subDisposition} onChange={editText('subDisposition')} />
      <TextField label="Reason" size="sm" maxLength={2000} value={draft.reason} onChange={editText('reason')} />
      <div className="cb-disposition-editor__actions">
        <Button type="submit" variant="primary" size="sm" busy={busy} disabled={!edited || draft.status === ''}>
          Save
        </Button>
        {call.statusOverridden ? (
          <Button type="button" size="sm" disabled={busy} onClick={() => void restoreVerdict(call.id)}>
            Restore AI verdict
          </Button>
        ) : null}
      </div>
    </form>
  );
}
