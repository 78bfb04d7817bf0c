import { REPORT_RUNS_LISTED_MAX, reportPeriodLabel, type ReportRun, type ReportSchedule } from '@callboard/contract/report-schedules';
import { Badge } from '@callboard/shared-ui/badge';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatShortDateTime } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { Spinner } from '@callboard/shared-ui/spinner';
import { SCHEDULES_TEXT, useScheduleRuns } from '../api/report-schedules-api';
import { DELIVERY_LABELS, OUTCOME_LABELS, TRIGGER_LABELS } from '../run-text';

/**
 * A schedule's delivery log: its runs, newest first (scheduled, send now, re-send), each with its period and, for
 * every recipient, whether the email was queued, skipped as empty or not sent (and why), and what became of it:
 * sent, on its way, retrying or failed, with the attempts and the last error.
 */
export function DeliveryLogDialog({ schedule, onClose }: { schedule: ReportSchedule; onClose: () => void }) {
  const runs = useScheduleRuns(schedule.id);
  const list = runs.data?.data ?? [];
  return (
    <Modal open size="lg" title={`Delivery log: ${schedule.viewName}`} subtitle={`${schedule.description}. The latest ${REPORT_RUNS_LISTED_MAX} runs, newest first.`} onClose={onClose}>
      {runs.error && !runs.data ? <LoadError title={SCHEDULES_TEXT.runsFailed} error={runs.error} onRetry={() => void runs.mutate()} /> : null}
      {runs.isLoading ? (
        <p className="reports-log__note" role="status">
          <Spinner size="xs" decorative /> Loading the log…
        </p>
      ) : null}
      {runs.data && list.length === 0 ? <EmptyState compact title="Nothing sent yet" description="Its first run is listed here, or use Send now." /> : null}
      {list.length > 0 ? (
        <ol className="reports-log" aria-label="Runs, newest first">
          {list.map((run) => (
            <RunEntry key={run.id} run={run} schedule={schedule} />
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}

function RunEntry({ run, schedule }: { run: ReportRun; schedule: ReportSchedule }) {
  return (
    <li className="reports-log__run">
      <div className="reports-log__line">
        <span className="reports-log__period">{reportPeriodLabel(schedule.frequency, run.period)}</span>
        <Badge size="sm" tone={run.status === 'sent' ? 'success' : 'neutral'}>
          {run.status === 'sent' ? 'Sent' : 'Skipped'}
        </Badge>
        <span className="cb-muted cb-text-sm">
          {TRIGGER_LABELS[run.trigger]} · {formatShortDateTime(run.createdAt)}
        </span>
      </div>
      {run.recipients.length > 0 ? (
        <table className="reports-log__recipients">
          <caption className="cb-sr-only">Recipients of the run of {formatShortDateTime(run.createdAt)}</caption>
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">Outcome</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {run.recipients.map((recipient) => (
              <tr key={`${recipient.userId ?? 'gone'}:${recipient.email}`}>
                <td>
                  <span className="reports-log__name">{recipient.name || recipient.email}</span>
                  <span className="cb-muted cb-text-sm"> {recipient.email}</span>
                </td>
                <td>
                  {OUTCOME_LABELS[recipient.outcome]}
                  {recipient.detail ? <span className="cb-muted cb-text-sm">: {recipient.detail}</span> : null}
                </td>
                <td>
                  {recipient.delivery ? (
                    <span className="reports-log__delivery">
                      <Badge size="sm" tone={DELIVERY_LABELS[recipient.delivery.status].tone} dot>
                        {DELIVERY_LABELS[recipient.delivery.status].text}
                      </Badge>
                      <span className="cb-muted cb-text-sm">
                        {recipient.delivery.sentAt ? formatShortDateTime(recipient.delivery.sentAt) : `${recipient.delivery.attempts} attempt${recipient.delivery.attempts === 1 ? '' : 's'}`}
                      </span>
                      {recipient.delivery.lastError ? <span className="reports-log__error">{recipient.delivery.lastError}</span> : null}
                    </span>
                  ) : (
                    <span className="cb-muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="reports-log__note">Nobody was on its list.</p>
      )}
    </li>
  );
}
