import { DEFAULT_REPEAT_WINDOW_DAYS } from '../calls/repeat-window';
import { transcriptLines, type DisputeEvidence } from '@callboard/contract/disputes';
import type { Queryable } from '../../db/database';
import { validationFailed } from '../../http/http-error';

/**
 * The QC evidence of a call as it stands when a dispute is opened, frozen into the dispute (issue 35 item 1):
 * a later re-disposition, verdict or redelivery changes the call, never what the dispute shows. Read in the
 * opening's transaction, holding the call's lock.
 */

interface EvidenceRow {
  caller_id: string;
  duration_sec: number;
  connected: boolean;
  transcript: string | null;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  status_overridden: boolean;
  qc_disposition: string | null;
  qc_sub_disposition: string | null;
  qc_reason: string | null;
  qc_summary: string | null;
}

/** The caller's other calls to the campaign within the repeat window either side, as the call's detail lists them. */
const CALLER_CALLS = `SELECT o.id::text AS id, o.call_ts, cp.name AS campaign_name, o.status
FROM calls c
CROSS JOIN repeat_window w
JOIN calls o ON o.caller_id = c.caller_id AND o.campaign_id = c.campaign_id
  AND o.call_ts >= c.call_ts - make_interval(days => w.days) AND o.call_ts <= c.call_ts + make_interval(days => w.days)
JOIN campaigns cp ON cp.id = o.campaign_id
WHERE c.id = $1 AND c.caller_id <> '' AND o.id <> c.id
ORDER BY o.call_ts, o.id`;

/**
 * The excerpt: the selected lines (indexes from 0 into contract's transcriptLines, each at most once, in the
 * transcript's order), or every line when none are selected; null for a call without a transcript. A line
 * index the transcript does not have is a 400 naming `transcriptLines`.
 */
export function transcriptExcerpt(transcript: string | null, selected: number[] | undefined): DisputeEvidence['transcript'] {
  const chosen = selected ?? [];
  if (transcript === null || transcript === '') {
    if (chosen.length > 0) throw validationFailed([{ field: 'transcriptLines', message: 'This call has no transcript to select lines from' }]);
    return null;
  }
  const lines = transcriptLines(transcript);
  if (chosen.length === 0) return { whole: true, lines: lines.map((text, index) => ({ index, text })) };
  const beyond = chosen.find((index) => index >= lines.length);
  if (beyond !== undefined) {
    throw validationFailed([{ field: 'transcriptLines', message: `The transcript has ${lines.length} lines (0 to ${lines.length - 1}); there is no line ${beyond}` }]);
  }
  const indexes = [...new Set(chosen)].sort((a, b) => a - b);
  return { whole: false, lines: indexes.map((index) => ({ index, text: lines[index]! })) };
}

/**
 * The call's evidence now; `undefined` for a call that does not exist. `withTranscript` false (an opener not
 * given transcripts: a partner without them) keeps no excerpt: nothing is frozen that its opener could not read.
 */
export async function freezeEvidence(
  tx: Queryable,
  callId: string,
  selectedLines: number[] | undefined,
  withTranscript = true,
): Promise<DisputeEvidence | undefined> {
  const [row] = await tx.query<EvidenceRow>(
    `SELECT caller_id, duration_sec, connected, transcript, status, sub_disposition, reason, status_overridden,
       qc_disposition, qc_sub_disposition, qc_reason, qc_summary
     FROM calls WHERE id = $1`,
    [callId],
  );
  if (!row) return undefined;
  const transcript = withTranscript ? transcriptExcerpt(row.transcript, selectedLines) : null;
  const callerCalls = await tx.query<{ id: string; call_ts: Date; campaign_name: string; status: string }>(CALLER_CALLS, [callId]);
  const [window] = await tx.query<{ days: number }>('SELECT days FROM repeat_window');
  return {
    ai:
      row.qc_disposition === null
        ? null
        : { disposition: row.qc_disposition, subDisposition: row.qc_sub_disposition, reason: row.qc_reason, summary: row.qc_summary },
    person: row.status_overridden ? { status: row.status, subDisposition: row.sub_disposition, reason: row.reason } : null,
    status: row.status,
    durationSec: row.duration_sec,
    connected: row.connected,
    callerId: row.caller_id,
    callerCalls: callerCalls.map((c) => ({ id: c.id, callTimestamp: new Date(c.call_ts).toISOString(), campaignName: c.campaign_name, status: c.status })),
    repeatWindowDays: window?.days ?? DEFAULT_REPEAT_WINDOW_DAYS,
    transcript,
  };
}
