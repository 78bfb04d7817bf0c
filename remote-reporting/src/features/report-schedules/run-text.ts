/**
 * What a report's run did, in words, apart from React: the toast after Send now and Re-send, and the delivery
 * log's labels.
 */
import {
  reportPeriodLabel,
  type ReportRecipientOutcome,
  type ReportRun,
  type ReportRunDelivery,
  type ReportRunTrigger,
  type ReportSchedule,
} from '@callboard/contract/report-schedules';
import type { BadgeTone } from '@callboard/shared-ui/badge';
import { formatCountOf } from '@callboard/shared-ui/format';

export const TRIGGER_LABELS: Record<ReportRunTrigger, string> = { scheduled: 'Scheduled', send_now: 'Send now', resend: 'Re-send' };

export const OUTCOME_LABELS: Record<ReportRecipientOutcome, string> = { queued: 'Queued', empty: 'No calls: skipped', refused: 'Not sent' };

/** A queued email's state in the delivery log, and its colour. */
export const DELIVERY_LABELS: Record<ReportRunDelivery['status'], { text: string; tone: BadgeTone }> = {
  pending: { text: 'On its way', tone: 'info' },
  retrying: { text: 'Retrying', tone: 'warning' },
  sent: { text: 'Sent', tone: 'success' },
  failed: { text: 'Failed', tone: 'danger' },
};

export interface RunOutcome {
  tone: 'success' | 'info';
  text: string;
}

/**
 * "Mon, Mar 9, 2026 sent to 3 recipients; 1 had no calls" after a send, "Sent again" after a re-send, or
 * "Nothing sent for March 2026: no recipient had calls in it" (with who was refused and why, when that is the
 * reason).
 */
export function runOutcome(schedule: Pick<ReportSchedule, 'frequency'>, run: ReportRun): RunOutcome {
  const period = reportPeriodLabel(schedule.frequency, run.period);
  const count = (outcome: ReportRecipientOutcome) => run.recipients.filter((r) => r.outcome === outcome).length;
  const queued = count('queued');
  const empty = count('empty');
  const refused = run.recipients.filter((r) => r.outcome === 'refused');
  const notes = [
    empty > 0 ? `${formatCountOf(empty, 'recipient')} had no calls` : null,
    refused.length > 0 ? `not sent to ${refused.map((r) => (r.detail ? `${r.name} (${r.detail})` : r.name)).join(', ')}` : null,
  ].filter((note): note is string => note !== null);
  if (run.status === 'sent') {
    const verb = run.trigger === 'resend' ? 'sent again' : 'sent';
    return { tone: 'success', text: [`${period} ${verb} to ${formatCountOf(queued, 'recipient')}`, ...notes].join('; ') };
  }
  const why = run.recipients.length === 0 ? 'nobody is left on its list' : refused.length === 0 ? 'no recipient had calls in it' : notes.join('; ');
  return { tone: 'info', text: `Nothing sent for ${period}: ${why}` };
}
