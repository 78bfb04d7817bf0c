import type { CallAuditEntry, CallerCall, CallMatches, CallRecord } from '@callboard/contract';
import { useCallDetail } from '@callboard/shared-auth/data/call-detail';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { AuditHistory } from '@callboard/shared-ui/audit-history';
import { Button } from '@callboard/shared-ui/button';
import { CallVerdicts } from '@callboard/shared-ui/call-verdicts';
import { CallMoneyFacts } from '@callboard/shared-ui/call-money-facts';
import { CallerCalls } from '@callboard/shared-ui/caller-calls';
import { DispositionEditor } from '@callboard/shared-ui/disposition-editor';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { cellText, formatDateTime } from '@callboard/shared-ui/format';
import { HighlightedText, MarkedText } from '@callboard/shared-ui/highlighted-text';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { RecordingPlayer } from '@callboard/shared-ui/recording-player';
import { RepeatBadge } from '@callboard/shared-ui/repeat-badge';
import { Spinner } from '@callboard/shared-ui/spinner';
import { StatusBadge } from '@callboard/shared-ui/status-badge';
import { useAtomValue } from 'jotai';
import type { CSSProperties, ReactNode } from 'react';
import { CallDisputesSection } from '../../disputes/call-disputes-section';
import './details.css';

/** The transcript box scrolls past this height, so a long call does not push the recording and the facts off screen. */
export const TRANSCRIPT_MAX_HEIGHT = 300;

/** The spec's section for the QC bot's verdict; the Review below names it instead of repeating that verdict. */
const QC_INFORMATION = 'QC Information';

export interface CallDetailsModalProps {
  /** The open call (from the URL); nothing is shown without one. */
  callId: string | undefined;
  /** The row the call was opened from, shown at once while the full record loads. */
  initial?: CallRecord;
  onClose: () => void;
}

function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cb-section call-details__section" aria-label={title}>
      <h3 className="cb-section__title">{title}</h3>
      <dl className="cb-dl">{children}</dl>
    </section>
  );
}

/**
 * Call Record Details: Basic, QC and System Information, the review (the AI's
 * verdict beside a reviewer's, the form a reviewer corrects it with, the
 * history), the recording's player with its download link, where the call went and what it earned, the caller's other calls to
 * the campaign around this one (each opens in its place), and the transcript. Opened by its URL
 * (/reporting/calls/{id}), so it can be shared; the backdrop, Escape, × and
 * Close all close it.
 */
export function CallDetailsModal({ callId, initial, onClose }: CallDetailsModalProps) {
  // The transcript search in force, so the detail marks the words it matched.
  const { q } = useAtomValue(filtersAtom);
  const { detail, error, isLoading } = useCallDetail(callId, q);
  const record: CallRecord | undefined = detail ?? (initial && initial.id === callId ? initial : undefined);

  const title = (
    <>
      Call Record Details
      {record ? <span className="call-details__id cb-mono">{record.systemCallId}</span> : null}
    </>
  );
  const footer = (
    <Button variant="secondary" onClick={onClose}>
      Close
    </Button>
  );

  return (
    <Modal open={callId !== undefined} onClose={onClose} title={title} size="lg" footer={footer} className="call-details">
      {record ? (
        <CallDetailsBody record={record} audit={detail?.audit} matches={detail?.matches} callerCalls={detail?.callerCalls} />
      ) : error ? (
        <LoadError title="Failed to load the call." error={error} />
      ) : isLoading ? (
        <div className="call-details__loading">
          <Spinner size="md" decorative />
          <span role="status">Loading call...</span>
        </div>
      ) : null}
    </Modal>
  );
}

interface CallDetailsBodyProps {
  record: CallRecord;
  audit: readonly CallAuditEntry[] | undefined;
  matches: CallMatches | undefined;
  callerCalls: CallerCall[] | undefined;
}

/**
 * What the signed-in person may not see is left out, not shown empty (screen-access.ts): a partner's hidden
 * caller id, counterparty, the other side's money, the transcript and recording where not given, and who
 * corrected the call (the review shows the reviewer's verdict without the history of names).
 */
function CallDetailsBody({ record, audit, matches, callerCalls }: CallDetailsBodyProps) {
  const { qc } = record;
  const { seesField, seesCallHistory } = useScreenAccess();
  const transcriptStyle = { '--cb-scroll-max': `${TRANSCRIPT_MAX_HEIGHT}px` } as CSSProperties;
  return (
    <div className="call-details__body">
      <div className="call-details__grid">
        <Section title="Basic Information">
          <Field label="Time">{formatDateTime(record.callTimestamp)}</Field>
          {seesField('callerId') ? (
            <Field label="Caller ID">
              <span className="cb-mono">{cellText(record.callerId)}</span>
              <RepeatBadge call={record} />
            </Field>
          ) : null}
          <Field label="Campaign">{cellText(record.campaignName)}</Field>
          {seesField('systemName') ? <Field label="Publisher">{cellText(record.systemName)}</Field> : null}
          <Field label="Duration">{Number.isFinite(record.durationSec) ? `${record.durationSec} seconds` : cellText(null)}</Field>
        </Section>
        <Section title={QC_INFORMATION}>
          <Field label="Status">
            <StatusBadge status={qc?.disposition} />
          </Field>
          <Field label="Sub Disposition">{cellText(qc?.sub_disposition)}</Field>
          <Field label="Reason">
            <MarkedText text={qc?.reason} source={record.reason} spans={matches?.reason} empty={cellText(null)} />
          </Field>
          <Field label="Summary">
            <MarkedText text={qc?.summary} source={record.summary} spans={matches?.summary} empty={cellText(null)} />
          </Field>
        </Section>
        <Section title="System Information">
          <Field label="System Call ID">
            <span className="cb-mono">{cellText(record.systemCallId)}</span>
          </Field>
          {seesField('systemPublisherId') ? (
            <Field label="System Publisher ID">
              <span className="cb-mono">{cellText(record.systemPublisherId)}</span>
            </Field>
          ) : null}
          {seesField('systemBuyerId') ? (
            <Field label="System Buyer ID">
              <span className="cb-mono">{cellText(record.systemBuyerId)}</span>
            </Field>
          ) : null}
        </Section>
        {/* Target, buyer, connected and the money: the same fields as Call Logs' panel. */}
        <Section title="Routing and Money">
          <CallMoneyFacts call={record} />
        </Section>
      </div>

      <section className="cb-section call-details__review" aria-label="Review">
        <h3 className="cb-section__title">Review</h3>
        <CallVerdicts call={record} audit={seesCallHistory ? audit : undefined} matches={matches} aiVerdictShownUnder={QC_INFORMATION} />
        <DispositionEditor call={record} />
        {seesCallHistory ? (
          <>
            <h4 className="call-details__subtitle">History</h4>
            {audit ? <AuditHistory entries={audit} /> : <p className="cb-text-sm cb-muted">Loading history…</p>}
          </>
        ) : null}
      </section>

      <CallDisputesSection call={record} />

      {seesField('recordingUrl') && hasText(record.recordingUrl) ? (
        <section className="cb-section" aria-label="Recording">
          <h3 className="cb-section__title">Recording</h3>
          <RecordingPlayer url={record.recordingUrl} />
        </section>
      ) : null}

      {callerCalls && seesField('callerId') && hasText(record.callerId) ? (
        <section className="cb-section" aria-label="Caller's other calls">
          <h3 className="cb-section__title">Caller&apos;s other calls</h3>
          <CallerCalls calls={callerCalls} callTimestamp={record.callTimestamp} />
        </section>
      ) : null}

      {seesField('transcript') && hasText(record.transcript) ? (
        <section className="cb-section" aria-label="Transcript">
          <h3 className="cb-section__title">Transcript</h3>
          {/* Focusable so a keyboard can scroll it. */}
          <div className="cb-scroll-box call-details__transcript" style={transcriptStyle} tabIndex={0} data-testid="transcript">
            <HighlightedText text={record.transcript} spans={matches?.transcript} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
