import type { CallAuditEntry, CallMatches, CallRecord, QcVerdict } from '@callboard/contract';
import type { ReactNode } from 'react';
import { auditAuthor } from './audit-history';
import { cellText, formatDateTime } from './format';
import { MarkedText } from './highlighted-text';
import { StatusBadge } from './status-badge';
import './call-verdicts.css';

export interface CallVerdictsProps {
  call: CallRecord;
  /** The call's history, newest first, once loaded: its newest entry says who set the reviewer's verdict, and when. */
  audit?: readonly CallAuditEntry[];
  /** The words a transcript search matched in the call's own texts, marked where a verdict shows them. */
  matches?: CallMatches;
  /**
   * The heading of the section that already shows the AI's verdict on the same screen (Reporting's detail
   * shows it as "QC Information", as the product spec lays out), so it is not drawn a second time here.
   */
  aiVerdictShownUnder?: string;
}

/**
 * The AI's verdict beside a reviewer's, so whoever corrects a call sees what
 * the bot said, and whoever reads it sees that a person overrode the bot, who
 * and when. A call no person has changed shows the AI's verdict alone, since
 * that is what counts. Where the screen already shows the AI's verdict under
 * another heading, only the reviewer's is drawn, with a pointer to it.
 */
export function CallVerdicts({ call, audit, matches, aiVerdictShownUnder }: CallVerdictsProps) {
  const qc = call.qc;
  // The newest entry made the status the call holds now (an undo or a bulk update included).
  const latest = audit?.[0];
  return (
    <div className="cb-verdicts">
      {aiVerdictShownUnder === undefined ? <Verdict heading="AI verdict" verdict={qc} call={call} matches={matches} /> : null}
      {call.statusOverridden ? (
        <Verdict
          heading="Reviewer’s verdict"
          verdict={{ disposition: call.status, sub_disposition: call.sub_disposition, reason: call.reason, summary: null }}
          by={latest ? <ByLine entry={latest} /> : null}
          call={call}
          matches={matches}
        />
      ) : (
        <div className="cb-verdict" role="group" aria-label="Reviewer’s verdict">
          <span className="cb-verdict__heading">Reviewer’s verdict</span>
          <p className="cb-verdict__none">
            {aiVerdictShownUnder === undefined ? 'None: the AI’s verdict counts.' : `None: the AI’s verdict (${aiVerdictShownUnder}) counts.`}
          </p>
        </div>
      )}
    </div>
  );
}

function ByLine({ entry }: { entry: CallAuditEntry }) {
  return (
    <span className="cb-verdict__by">
      by <span title={entry.userEmail ?? undefined}>{auditAuthor(entry)}</span>, <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
    </span>
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

interface VerdictProps {
  heading: string;
  verdict: QcVerdict;
  by?: ReactNode;
  call: CallRecord;
  matches: CallMatches | undefined;
}

function Verdict({ heading, verdict, by, call, matches }: VerdictProps) {
  const empty = cellText(null);
  return (
    <div className="cb-verdict" role="group" aria-label={heading}>
      <div className="cb-verdict__head">
        <span className="cb-verdict__heading">{heading}</span>
      </div>
      <StatusBadge status={verdict.disposition} />
      {by}
      <dl className="cb-verdict__facts">
        <Fact label="Sub disposition" value={cellText(verdict.sub_disposition)} />
        <Fact label="Reason" value={<MarkedText text={verdict.reason} source={call.reason} spans={matches?.reason} empty={empty} />} />
        {verdict.summary !== null ? <Fact label="Summary" value={<MarkedText text={verdict.summary} source={call.summary} spans={matches?.summary} empty={empty} />} /> : null}
      </dl>
    </div>
  );
}
