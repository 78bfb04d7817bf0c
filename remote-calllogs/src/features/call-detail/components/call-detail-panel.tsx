import type { CallAuditEntry, CallMatches, CallRecord } from '@callboard/contract';
import { useCallDetail } from '@callboard/shared-auth/data/call-detail';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { AuditHistory } from '@callboard/shared-ui/audit-history';
import { Button } from '@callboard/shared-ui/button';
import { CallVerdicts } from '@callboard/shared-ui/call-verdicts';
import { CallMoneyFacts } from '@callboard/shared-ui/call-money-facts';
import { CallerCalls } from '@callboard/shared-ui/caller-calls';
import { DispositionEditor } from '@callboard/shared-ui/disposition-editor';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { cellText, formatCallTime, formatDuration } from '@callboard/shared-ui/format';
import { HighlightedText } from '@callboard/shared-ui/highlighted-text';
import { CloseIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { RepeatBadge } from '@callboard/shared-ui/repeat-badge';
import { RecordingPlayer } from '@callboard/shared-ui/recording-player';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useAtomValue } from 'jotai';
import { useId, type ReactNode } from 'react';
import { CallDisputesSection } from '../../disputes/components/call-disputes-section';
import './call-detail-panel.css';

export interface CallDetailPanelProps {
  callId: string;
  /** The row as the log has it: shown at once while the detail (with its history) loads. */
  row: CallRecord | undefined;
  onClose: () => void;
  /** After a change to the call or its undo: refetch the log's rows. */
  onChanged?: () => void | Promise<void>;
}

/**
 * A call beside the log: the AI's verdict next to a reviewer's (who, when),
 * for reviewers and admins the form to correct it, the call's facts, the
 * history of every change, and the caller's other calls to the campaign around
 * this one (each a link opening it here). A side panel, not a dialog, so j/k keep walking the
 * log while it is open and it follows the focus row. What the person may not see (a partner's hidden caller id,
 * counterparty, the other side's money, transcript, recording, who corrected the call: screen-access.ts) is
 * left out rather than shown empty.
 */
export function CallDetailPanel({ callId, row, onClose, onChanged }: CallDetailPanelProps) {
  const titleId = useId();
  // The transcript search in force, so the detail marks the words it matched.
  const { q } = useAtomValue(filtersAtom);
  const { detail, error, isLoading } = useCallDetail(callId, q);
  const call: CallRecord | undefined = detail ?? row;
  const matches = detail?.matches;
  const { seesField, seesCallHistory } = useScreenAccess();
  const caller = seesField('callerId') ? call?.callerId : undefined;

  return (
    <aside className="cb-side-panel calllog-detail" aria-labelledby={titleId}>
      <header className="cb-side-panel__header">
        <div className="calllog-detail__titles">
          <h2 id={titleId} className="calllog-detail__title">
            Call details
          </h2>
          <p className="calllog-detail__subtitle">{call ? [formatCallTime(call.callTimestamp), caller === undefined ? null : cellText(caller)].filter(Boolean).join(' · ') : callId}</p>
        </div>
        <Button variant="ghost" size="sm" iconOnly aria-label="Close details" title="Close (Esc)" icon={<CloseIcon size={15} />} onClick={onClose} />
      </header>

      <div className="cb-side-panel__body">
        {error ? (
          <LoadError title="Failed to load call details." error={error} />
        ) : null}
        {call ? <Disposition call={call} audit={seesCallHistory ? detail?.audit : undefined} matches={matches} onChanged={onChanged} /> : null}
        {call ? <Facts call={call} sees={seesField} /> : null}
        {call ? <CallDisputesSection call={call} /> : null}

        {detail && seesField('callerId') && detail.callerId.trim() !== '' ? (
          <section className="cb-section" aria-label="Caller's other calls">
            <h3 className="cb-section__title">
              Caller’s other calls
              <RepeatBadge call={detail} />
            </h3>
            <CallerCalls calls={detail.callerCalls} callTimestamp={detail.callTimestamp} />
          </section>
        ) : null}

        {seesCallHistory ? (
          <section className="cb-section" aria-label="History">
            <h3 className="cb-section__title">History</h3>
            {detail ? (
              <AuditHistory entries={detail.audit} />
            ) : isLoading ? (
              <p className="calllog-detail__muted calllog-detail__loading">
                <Spinner size="xs" decorative /> Loading history…
              </p>
            ) : null}
          </section>
        ) : null}

        {seesField('transcript') && call?.transcript ? (
          <section className="cb-section" aria-label="Transcript">
            <h3 className="cb-section__title">Transcript</h3>
            <div className="cb-scroll-box" tabIndex={0} data-testid="transcript">
              <HighlightedText text={call.transcript} spans={matches?.transcript} />
            </div>
          </section>
        ) : null}
      </div>
    </aside>
  );
}

interface DispositionProps {
  call: CallRecord;
  audit: readonly CallAuditEntry[] | undefined;
  matches: CallMatches | undefined;
  onChanged?: () => void | Promise<void>;
}

function Disposition({ call, audit, matches, onChanged }: DispositionProps) {
  return (
    <section className="cb-section" aria-label="Disposition">
      <h3 className="cb-section__title">Disposition</h3>
      <CallVerdicts call={call} audit={audit} matches={matches} />
      <DispositionEditor call={call} onChanged={onChanged} />
    </section>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Facts({ call, sees }: { call: CallRecord; sees: (field: string) => boolean }) {
  const facts: [field: string, label: string, value: string][] = [
    ['callTimestamp', 'Time', formatCallTime(call.callTimestamp)],
    ['callerId', 'Caller', cellText(call.callerId)],
    ['campaignName', 'Campaign', cellText(call.campaignName)],
    ['publisherName', 'Publisher', cellText(call.publisherName)],
    ['durationSec', 'Duration', formatDuration(call.durationSec)],
  ];
  return (
    <section className="cb-section" aria-label="Call">
      <h3 className="cb-section__title">Call</h3>
      <dl className="cb-dl calllog-detail__facts">
        {facts
          .filter(([field]) => sees(field))
          .map(([, label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
        {/* Target, buyer, connected and the money: the same fields as Reporting's call dialog. */}
        <CallMoneyFacts call={call} />
        <Fact label="System call ID" value={cellText(call.systemCallId)} />
      </dl>
      {sees('recordingUrl') && call.recordingUrl ? (
        <div className="calllog-detail__recording">
          <RecordingPlayer url={call.recordingUrl} />
        </div>
      ) : null}
    </section>
  );
}
