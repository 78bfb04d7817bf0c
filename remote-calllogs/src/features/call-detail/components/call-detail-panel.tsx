import type { CallMatches, CallRecord, QcVerdict } from '@callboard/contract';
import { useCallDetail } from '@callboard/shared-auth/data/call-detail';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { cellText, formatCallTime, formatDuration, formatMoney } from '@callboard/shared-ui/format';
import { HighlightedText } from '@callboard/shared-ui/highlighted-text';
import { CloseIcon, ExternalLinkIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { StatusBadge } from '@callboard/shared-ui/status-badge';
import { useSteadyRecordingLink } from '@callboard/shared-ui/use-steady-recording-link';
import { useAtomValue } from 'jotai';
import { useId, type ReactNode } from 'react';
import { AuditHistory } from './audit-history';
import './call-detail-panel.css';

export interface CallDetailPanelProps {
  callId: string;
  /** The row as the log has it: shown at once while the detail (with its history) loads. */
  row: CallRecord | undefined;
  onClose: () => void;
}

/**
 * A call beside the log: the bot's verdict next to the status that counts
 * (and whether a person overrode it), the call's facts, and the history of
 * every re-disposition. A side panel, not a dialog, so j/k keep walking the
 * log while it is open and it follows the focus row.
 */
export function CallDetailPanel({ callId, row, onClose }: CallDetailPanelProps) {
  const titleId = useId();
  // The transcript search in force, so the detail marks the words it matched.
  const { q } = useAtomValue(filtersAtom);
  const { detail, error, isLoading } = useCallDetail(callId, q);
  const call: CallRecord | undefined = detail ?? row;
  const matches = detail?.matches;

  return (
    <aside className="cb-side-panel calllog-detail" aria-labelledby={titleId}>
      <header className="cb-side-panel__header">
        <div className="calllog-detail__titles">
          <h2 id={titleId} className="calllog-detail__title">
            Call details
          </h2>
          <p className="calllog-detail__subtitle">{call ? `${formatCallTime(call.callTimestamp)} · ${cellText(call.callerId)}` : callId}</p>
        </div>
        <Button variant="ghost" size="sm" iconOnly aria-label="Close details" title="Close (Esc)" icon={<CloseIcon size={15} />} onClick={onClose} />
      </header>

      <div className="cb-side-panel__body">
        {error ? (
          <LoadError title="Failed to load call details." error={error} />
        ) : null}
        {call ? <Disposition call={call} matches={matches} /> : null}
        {call ? <Facts call={call} /> : null}

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

        {call?.transcript ? (
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

function Disposition({ call, matches }: { call: CallRecord; matches: CallMatches | undefined }) {
  const qc = call.qc;
  const disagrees = call.statusOverridden && (qc.disposition ?? '') !== call.status;
  return (
    <section className="cb-section" aria-label="Disposition">
      <h3 className="cb-section__title">Disposition</h3>
      <div className="calllog-verdicts">
        <Verdict
          heading="Status"
          note={call.statusOverridden ? <Badge tone="warning" size="sm">Set by a person</Badge> : <Badge tone="neutral" size="sm">Follows the bot</Badge>}
          verdict={{ disposition: call.status, sub_disposition: call.sub_disposition, reason: call.reason, summary: null }}
          call={call}
          matches={matches}
        />
        <Verdict heading="Bot’s verdict" verdict={qc} call={call} matches={matches} />
      </div>
      {disagrees ? (
        <p className="calllog-detail__override">
          A person changed this call from the bot’s “{qc.disposition || 'no verdict'}” to “{call.status}”. Reporting counts “{call.status}”.
        </p>
      ) : null}
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

/** A verdict's text with the search's marks, which belong to the call's own (effective) text: only where the two are the same. */
function markedText(text: string | null, source: string | null, spans: CallMatches[keyof CallMatches] | undefined): ReactNode {
  if (text === null || text.trim() === '') return cellText(text);
  return <HighlightedText text={text} spans={text === source ? spans : undefined} />;
}

function Verdict({ heading, verdict, note, call, matches }: { heading: string; verdict: QcVerdict; note?: ReactNode; call: CallRecord; matches: CallMatches | undefined }) {
  return (
    <div className="calllog-verdict" role="group" aria-label={heading}>
      <div className="calllog-verdict__head">
        <span className="calllog-verdict__heading">{heading}</span>
        {note}
      </div>
      <StatusBadge status={verdict.disposition} />
      <dl className="calllog-verdict__facts">
        <Fact label="Sub disposition" value={cellText(verdict.sub_disposition)} />
        <Fact label="Reason" value={markedText(verdict.reason, call.reason, matches?.reason)} />
        {verdict.summary !== null ? <Fact label="Summary" value={markedText(verdict.summary, call.summary, matches?.summary)} /> : null}
      </dl>
    </div>
  );
}

function Facts({ call }: { call: CallRecord }) {
  const recordingUrl = useSteadyRecordingLink(call.recordingUrl);
  const facts: [label: string, value: string][] = [
    ['Time', formatCallTime(call.callTimestamp)],
    ['Caller', cellText(call.callerId)],
    ['Campaign', cellText(call.campaignName)],
    ['Publisher', cellText(call.publisherName)],
    ['Target', cellText(call.target_name)],
    ['Buyer', cellText(call.buyerName)],
    ['Duration', formatDuration(call.durationSec)],
    ['Connected', call.connected ? 'Yes' : 'No'],
    ['Revenue', formatMoney(call.revenue)],
    ['Payout', formatMoney(call.payout)],
    ['System call ID', cellText(call.systemCallId)],
  ];
  return (
    <section className="cb-section" aria-label="Call">
      <h3 className="cb-section__title">Call</h3>
      <dl className="cb-dl calllog-detail__facts">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </dl>
      {recordingUrl ? (
        <div className="calllog-detail__recording">
          <audio controls preload="none" src={recordingUrl} aria-label="Call recording" />
          <a href={recordingUrl} target="_blank" rel="noreferrer noopener">
            Open recording <ExternalLinkIcon size={12} />
          </a>
        </div>
      ) : null}
    </section>
  );
}
