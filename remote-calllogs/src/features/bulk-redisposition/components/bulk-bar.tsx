import { BULK_UPDATE_MAX_IDS, DISPOSITIONS } from '@callboard/contract';
import { Permitted } from '@callboard/shared-auth/permission-gate';
import { Button } from '@callboard/shared-ui/button';
import { formatCount } from '@callboard/shared-ui/format';
import { CloseIcon, InfoIcon } from '@callboard/shared-ui/icons';
import { Modal } from '@callboard/shared-ui/modal';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useState, type FormEvent } from 'react';
import { callsText, useRedisposition, type Redisposition } from '../hooks/use-redisposition';
import './bulk-bar.css';

export interface BulkBarProps {
  selectedIds: readonly string[];
  onClear: () => void;
  /** After a successful update (the selection is cleared first): refetch what shows the calls. */
  onUpdated: () => void | Promise<void>;
}

const STATUS_OPTIONS = DISPOSITIONS.map((d) => ({ value: d, label: d }));
const EMPTY: Redisposition = { status: '', subDisposition: '', reason: '' };

/**
 * The bar that appears with a selection (react-admin's bulk toolbar): how
 * many calls are chosen, and for reviewers and admins the re-disposition
 * form; a `user` is told why there is none, since the server would refuse it.
 */
export function BulkBar({ selectedIds, onClear, onUpdated }: BulkBarProps) {
  return (
    <div className="calllogs-bulk" role="region" aria-label="Bulk actions">
      <span className="calllogs-bulk__count" aria-live="polite">
        <strong>{formatCount(selectedIds.length)}</strong> selected
      </span>
      <Permitted
        permission="redispositionCalls"
        fallback={
          <p className="calllogs-bulk__note">
            <InfoIcon size={14} /> Only reviewers and admins can re-disposition calls.
          </p>
        }
      >
        <RedispositionForm selectedIds={selectedIds} onClear={onClear} onUpdated={onUpdated} />
      </Permitted>
      <Button variant="ghost" size="sm" icon={<CloseIcon size={14} />} onClick={onClear} className="calllogs-bulk__clear">
        Clear selection
      </Button>
    </div>
  );
}

function RedispositionForm({ selectedIds, onClear, onUpdated }: BulkBarProps) {
  const [change, setChange] = useState<Redisposition>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const { run, busy } = useRedisposition(onUpdated);
  const count = selectedIds.length;
  const tooMany = count > BULK_UPDATE_MAX_IDS;

  const edit = (field: keyof Redisposition) => (event: { target: { value: string } }) =>
    setChange((c) => ({ ...c, [field]: event.target.value }));

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (change.status !== '' && !tooMany) setConfirming(true);
  };

  const confirm = async () => {
    const ids = [...selectedIds];
    const done = await run(ids, change);
    setConfirming(false);
    if (done) {
      setChange(EMPTY);
      onClear();
    }
  };

  return (
    <>
      <form className="calllogs-bulk__form" onSubmit={ask} aria-label="Re-disposition">
        <SelectField
          label="Disposition"
          hideLabel
          size="sm"
          placeholder="Set disposition…"
          options={STATUS_OPTIONS}
          value={change.status}
          onChange={edit('status')}
          className="calllogs-bulk__status"
        />
        <TextField label="Sub disposition" hideLabel size="sm" placeholder="Sub disposition (optional)" maxLength={200} value={change.subDisposition} onChange={edit('subDisposition')} />
        <TextField label="Reason" hideLabel size="sm" placeholder="Reason (optional)" maxLength={2000} value={change.reason} onChange={edit('reason')} className="calllogs-bulk__reason" />
        <Button type="submit" variant="primary" size="sm" disabled={change.status === '' || tooMany}>
          Apply
        </Button>
        {tooMany ? (
          <span className="calllogs-bulk__warning" role="status">
            At most {formatCount(BULK_UPDATE_MAX_IDS)} calls at a time
          </span>
        ) : null}
      </form>

      <Modal
        open={confirming}
        onClose={() => (busy ? undefined : setConfirming(false))}
        size="sm"
        title={`Set ${callsText(count)} to ${change.status}?`}
        footer={
          <>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" busy={busy} onClick={() => void confirm()}>
              Update {callsText(count)}
            </Button>
          </>
        }
      >
        <dl className="cb-dl calllogs-bulk__summary">
          <dt>Disposition</dt>
          <dd>{change.status}</dd>
          <dt>Sub disposition</dt>
          <dd>{change.subDisposition.trim() || 'cleared'}</dd>
          <dt>Reason</dt>
          <dd>{change.reason.trim() || 'cleared'}</dd>
        </dl>
        <p className="calllogs-bulk__fineprint">The status then no longer follows the bot, and each change is recorded in the call’s history.</p>
      </Modal>
    </>
  );
}
