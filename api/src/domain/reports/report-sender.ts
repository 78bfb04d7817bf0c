import { REPORT_SCHEDULE_MESSAGES, REPORT_RUNS_LISTED_MAX, reportPeriodLabel, type ReportRun, type ReportRunTrigger } from '@callboard/contract/report-schedules';
import type { Queryable } from '../../db/database';
import { conflict, HttpError, notFound } from '../../http/http-error';
import type { NewNotification } from '../notifications/notifications';
import type { OutboundMessage } from '../delivery/outbound-message';
import { partnerScopeOf } from '../partners/partner-scopes-repository';
import { enterPartnerScope, runWithRequestScope, scopeKey } from '../partners/request-scope';
import { reportContent, viewLink, type ReportContent, type ReportReaders } from './report-content';
import { renderReportEmail } from './report-email';
import { reportSchedulesRepository, type RecipientRow, type RunRecipientFields, type ScheduleRow } from './report-schedules-repository';
import { lastRunAtOrBefore, nextRunAfter, reportPeriodAt } from './report-timing';

/** Schedules one tick sends at most; any more wait for the next tick, a minute later. */
export const SCHEDULES_PER_TICK = 20;

export interface ReportSenderDeps extends ReportReaders {
  /** The one delivery mechanism's email to a user (domain/delivery/delivery-service.ts), in the run's transaction. */
  deliverToUser(userId: string, message: OutboundMessage, options: { db: Queryable }): Promise<string | null>;
  /** The notification centre (domain/notifications/notifications.ts), in the run's transaction. */
  notify(db: Queryable, notifications: readonly NewNotification[]): Promise<void>;
  /** A path of this app as an absolute URL (PUBLIC_URL), for the links inside the email's body. */
  absoluteUrl(path: string): string;
  /** The path of one recipient's unsubscribe link, token included. */
  unsubscribePath(token: string): string;
}

/** One recipient's part of a run, decided before the run's transaction. */
type Prepared = { recipient: RecipientRow } & ({ outcome: 'queued'; message: OutboundMessage } | { outcome: 'empty' | 'refused'; detail: string | null });

interface Period {
  from: Date;
  to: Date;
}

/**
 * Sends scheduled reports: on the job runner's tick (`sendDue`), and when an owner asks (`sendNow`,
 * `resendLast`). Each recipient's report is read as that recipient may read it: the network's figures for its
 * own people, the partner's scope and fields for a partner (its scope entered around the reads alone:
 * domain/partners/request-scope.ts). Everything a run writes, its row, each recipient's outcome, the emails in
 * the one delivery log and the owner's notification, commits in one transaction; a scheduled run of a period
 * that already has one writes nothing (report_runs_once), so a retried tick or a second instance sends once.
 */
export class ReportSender {
  constructor(private readonly deps: ReportSenderDeps) {}

  /** Every enabled schedule whose next run is due at `now`: the last whole period before its latest moment. */
  async sendDue(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (const id of await reportSchedulesRepository.dueIds(this.deps.db, now, SCHEDULES_PER_TICK)) {
      try {
        const schedule = await reportSchedulesRepository.find(this.deps.db, id);
        if (!schedule?.enabled || schedule.next_run_at === null || new Date(schedule.next_run_at) > now) continue;
        const period = reportPeriodAt(schedule.frequency, lastRunAtOrBefore(timingOf(schedule), now));
        if (await this.run(schedule, 'scheduled', { from: period.from, to: period.to }, null, now)) sent += 1;
      } catch (error) {
        // One schedule's failure does not hold the others up; its next run stays due, so the next tick tries again.
        this.deps.log.error({ err: error, scheduleId: id }, 'scheduled report failed');
      }
    }
    return sent;
  }

  /** The last whole period as of now, to every recipient, whatever was sent before. */
  async sendNow(scheduleId: string, requestedBy: string, now: Date = new Date()): Promise<ReportRun> {
    const schedule = await this.scheduleOf(scheduleId);
    const period = reportPeriodAt(schedule.frequency, now);
    return (await this.run(schedule, 'send_now', { from: period.from, to: period.to }, requestedBy, now))!;
  }

  /** The period last sent, again, read afresh (a re-disposition since shows). */
  async resendLast(scheduleId: string, requestedBy: string, now: Date = new Date()): Promise<ReportRun> {
    const schedule = await this.scheduleOf(scheduleId);
    if (!schedule.last_period_start || !schedule.last_period_end) throw conflict(REPORT_SCHEDULE_MESSAGES.nothingSentYet);
    const period = { from: new Date(schedule.last_period_start), to: new Date(schedule.last_period_end) };
    return (await this.run(schedule, 'resend', period, requestedBy, now))!;
  }

  private async scheduleOf(id: string): Promise<ScheduleRow> {
    const schedule = await reportSchedulesRepository.find(this.deps.db, id);
    if (!schedule) throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
    return schedule;
  }

  /** One run: each recipient's report read and rendered, then everything written at once. Null: a scheduled period already sent. */
  private async run(schedule: ScheduleRow, trigger: ReportRunTrigger, period: Period, requestedBy: string | null, now: Date): Promise<ReportRun | null> {
    const recipients = await reportSchedulesRepository.recipientsOf(this.deps.db, schedule.id);
    // Recipients who read alike (the network's people; partners of one scope and settings) share one reading.
    const readings = new Map<string, Promise<ReportContent>>();
    const prepared: Prepared[] = [];
    for (const recipient of recipients) prepared.push(await this.prepare(schedule, period, recipient, readings));

    const runId = await this.deps.db.transaction(async (tx) => {
      // The schedule's row is the run's lock: a send now and a tick at the same moment take turns.
      const current = await reportSchedulesRepository.find(tx, schedule.id, true);
      // Deleted meanwhile, or (for the tick) turned off meanwhile: nothing goes.
      if (!current || (trigger === 'scheduled' && !current.enabled)) return null;
      const id = await reportSchedulesRepository.insertRun(tx, { scheduleId: schedule.id, trigger, period, status: 'skipped', requestedBy });
      if (trigger === 'scheduled') await reportSchedulesRepository.setNextRun(tx, schedule.id, nextRunAfter(timingOf(current), now));
      if (id === null) return null;
      const outcomes: RunRecipientFields[] = [];
      for (const part of prepared) {
        const { recipient } = part;
        const base = { userId: recipient.user_id, name: recipient.name, email: recipient.email };
        if (part.outcome !== 'queued') {
          outcomes.push({ ...base, outcome: part.outcome, detail: part.detail, deliveryId: null });
          continue;
        }
        const deliveryId = await this.deps.deliverToUser(recipient.user_id, { ...part.message, source: { kind: 'report', id } }, { db: tx });
        outcomes.push(deliveryId ? { ...base, outcome: 'queued', detail: null, deliveryId } : { ...base, outcome: 'refused', detail: 'The account is deactivated', deliveryId: null });
      }
      await reportSchedulesRepository.insertRunRecipients(tx, id, outcomes);
      const queued = outcomes.filter((o) => o.outcome === 'queued').length;
      if (queued > 0) {
        await tx.query("UPDATE report_runs SET status = 'sent' WHERE id = $1", [id]);
        await reportSchedulesRepository.markSent(tx, schedule.id, period, now);
        await this.deps.notify(tx, [this.sentNotice(schedule, period, queued, outcomes.length)]);
      }
      return id;
    });
    if (runId === null) return null;
    const runs = await reportSchedulesRepository.runs(this.deps.db, schedule.id, REPORT_RUNS_LISTED_MAX);
    return runs.find((r) => r.id === runId) ?? null;
  }

  /** What one recipient gets: their report's email, or why they get none. */
  private async prepare(schedule: ScheduleRow, period: Period, recipient: RecipientRow, readings: Map<string, Promise<ReportContent>>): Promise<Prepared> {
    if (!recipient.active) return { recipient, outcome: 'refused', detail: 'The account is deactivated' };
    const scope = partnerScopeOf(recipient.partner_scope);
    const view = { name: schedule.view_name, area: schedule.view_area, query: schedule.view_query, columns: schedule.view_columns };
    let content: ReportContent;
    try {
      let reading = readings.get(scopeKey(scope));
      if (!reading) {
        // A scope of the run's own: a partner's narrows every read below; anyone else's reads the network.
        reading = runWithRequestScope(() => {
          if (scope) enterPartnerScope(scope);
          return reportContent(this.deps, { view, frequency: schedule.frequency, at: period.to, attachment: schedule.attachment });
        });
        readings.set(scopeKey(scope), reading);
      }
      content = await reading;
    } catch (error) {
      // The view filters by something this partner may not use (another side's sources, transcripts, caller ids).
      if (error instanceof HttpError && error.statusCode === 400) {
        return { recipient, outcome: 'refused', detail: `The view's filters are not available to this account: ${(error.errors ?? []).map((e) => e.message).join('; ')}` };
      }
      throw error;
    }
    if (schedule.skip_if_empty && content.stats.totalCalls === 0) return { recipient, outcome: 'empty', detail: 'No calls in the period' };
    const email = renderReportEmail({
      viewName: schedule.view_name,
      frequency: schedule.frequency,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      content,
      viewUrl: this.deps.absoluteUrl(content.link),
      unsubscribeUrl: this.deps.absoluteUrl(this.deps.unsubscribePath(recipient.unsubscribe_token)),
      ownerName: schedule.owner_name,
    });
    const attachments = content.records.kind === 'attached' ? [{ filename: content.records.filename, contentType: content.records.contentType, content: content.records.content }] : [];
    return {
      recipient,
      outcome: 'queued',
      message: {
        source: { kind: 'report', id: schedule.id },
        subject: email.subject,
        text: email.text,
        html: email.html,
        link: content.link,
        attachments,
        headers: {
          // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" to this URL.
          'List-Unsubscribe': `<${this.deps.absoluteUrl(this.deps.unsubscribePath(recipient.unsubscribe_token))}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    };
  }

  /** The owner's notice after a run that sent something. */
  private sentNotice(schedule: ScheduleRow, period: Period, queued: number, recipients: number): NewNotification {
    const label = reportPeriodLabel(schedule.frequency, { from: period.from.toISOString(), to: period.to.toISOString() });
    const view = { name: schedule.view_name, area: schedule.view_area, query: schedule.view_query, columns: schedule.view_columns };
    return {
      userId: schedule.owner_id,
      kind: 'report.sent',
      title: `Report sent: ${schedule.view_name}`,
      body: `${label}: sent to ${queued} of ${recipients} recipient${recipients === 1 ? '' : 's'}`,
      link: viewLink(view, period),
    };
  }
}

function timingOf(schedule: Pick<ScheduleRow, 'frequency' | 'day_of_week' | 'day_of_month' | 'time_of_day'>) {
  return { frequency: schedule.frequency, dayOfWeek: schedule.day_of_week, dayOfMonth: schedule.day_of_month, timeOfDay: schedule.time_of_day };
}
