import type { CallRecord, QcVerdict } from '@callboard/contract';
import { useCallDetail } from '@callboard/shared-auth/data/call-detail';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { CallerCalls } from '@callboard/shared-ui/caller-calls';
import { cellText, formatCallTime, formatDuration, formatMoney } from '@callboard/shared-ui/format';
import { CloseIcon, ExternalLinkIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { RepeatBadge } from '@callboard/shared-ui/repeat-badge';
import { Spinner } from '@callboard/shared-ui/spinner';
import { StatusBadge } from '@callboard/shared-ui/status-badge';
import { useSteadyRecordingLink } from '@callboard/shared-ui/use-steady-recording-link';
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
 * every re-disposition, and the caller's other calls to the campaign around
 * this one (each a link opening it here). A side panel, not a dialog, so j/k keep walking the
 * log while it is open and it follows the focus row.
 */
export function CallDetailPanel({ callId, row, onClose }: CallDetailPanelProps) {
  const titleId = useId();
  const { detail, error, isLoading } = useCallDetail(callId);
  const call: CallRecord | undefined = detail ?? row;

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
        {call ? <Disposition call={call} /> : null}
        {call ? <Facts call={call} /> : null}

        {detail && detail.callerId.trim() !== '' ? (
          <section className="cb-section" aria-label="Caller's other calls">
            <h3 className="cb-section__title">
              Caller’s other calls
              <RepeatBadge call={detail} />
            </h3>
            <CallerCalls calls={detail.callerCalls} callTimestamp={detail.callTimestamp} />
          </section>
        ) : null}

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
            <div className="cb-scroll-box" tabIndex={0}>
              {call.transcript}
            </div>
          </section>
        ) : null}
      </div>
    </aside>
  );
}

function Disposition({ call }: { call: CallRecord }) {
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
        />
        <Verdict heading="Bot’s verdict" verdict={qc} />
      </div>
      {disagrees ? (
        <p className="calllog-detail__override">
          A person changed this call from the bot’s “{qc.disposition || 'no verdict'}” to “{call.status}”. Reporting counts “{call.status}”.
        </p>
      ) : null}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Verdict({ heading, verdict, note }: { heading: string; verdict: QcVerdict; note?: ReactNode }) {
  return (
    <div className="calllog-verdict" role="group" aria-label={heading}>
      <div className="calllog-verdict__head">
        <span className="calllog-verdict__heading">{heading}</span>
        {note}
      </div>
      <StatusBadge status={verdict.disposition} />
      <dl className="calllog-verdict__facts">
        <Fact label="Sub disposition" value={cellText(verdict.sub_disposition)} />
        <Fact label="Reason" value={cellText(verdict.reason)} />
        {verdict.summary !== null ? <Fact label="Summary" value={cellText(verdict.summary)} /> : null}
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
