import {
  REPORT_RUNS_LISTED_MAX,
  REPORT_SCHEDULE_MESSAGES,
  REPORT_SCHEDULES_PER_OWNER_MAX,
  reportScheduleErrors,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@callboard/contract/report-schedules';
import type { FieldError, PublicUser } from '@callboard/contract';
import type { Database, Queryable } from '../../db/database';
import { conflict, forbidden, notFound, validationFailed } from '../../http/http-error';
import { reportSchedulesRepository, toReportSchedule, type ScheduleFields, type ScheduleRow } from './report-schedules-repository';
import { nextRunAfter } from './report-timing';

/** The body with every field a new schedule defaults filled in. */
type WholeBody = Required<ReportScheduleBody>;

function withDefaults(body: ReportScheduleBody): WholeBody {
  return {
    viewId: body.viewId,
    frequency: body.frequency,
    dayOfWeek: body.dayOfWeek ?? null,
    dayOfMonth: body.dayOfMonth ?? null,
    timeOfDay: body.timeOfDay,
    recipientIds: body.recipientIds,
    attachment: body.attachment ?? 'none',
    skipIfEmpty: body.skipIfEmpty ?? true,
    enabled: body.enabled ?? true,
  };
}

/** A schedule's row as a body, for a change that names only some fields. */
function bodyOf(row: ScheduleRow): WholeBody {
  return {
    viewId: row.view_id,
    frequency: row.frequency,
    dayOfWeek: row.day_of_week,
    dayOfMonth: row.day_of_month,
    timeOfDay: row.time_of_day,
    recipientIds: (row.recipients ?? []).map((r) => r.id),
    attachment: row.attachment,
    skipIfEmpty: row.skip_if_empty,
    enabled: row.enabled,
  };
}

const isAdmin = (user: PublicUser) => user.role === 'admin';

/**
 * Report schedules apart from HTTP (docs/decisions/0043-scheduled-reports.md). Anyone of the network schedules
 * their own saved views; an admin schedules any view and sees, changes and sends every schedule. A schedule
 * someone else owns does not exist for anyone but an admin (404), as another person's private view does not.
 * Partners have no schedules (their routes are closed); they may be recipients.
 */
export class ReportScheduleService {
  constructor(private readonly db: Database) {}

  list(user: PublicUser): Promise<ReportSchedule[]> {
    return reportSchedulesRepository.list(this.db, isAdmin(user) ? null : user.id);
  }

  /** A schedule `user` may see and act on, locked when `forUpdate`; 404 otherwise. */
  async accessible(db: Queryable, user: PublicUser, id: string, forUpdate = false): Promise<ScheduleRow> {
    const row = await reportSchedulesRepository.find(db, id, forUpdate);
    if (!row || (!isAdmin(user) && row.owner_id !== user.id)) throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
    return row;
  }

  async create(user: PublicUser, body: ReportScheduleBody, now: Date = new Date()): Promise<ReportSchedule> {
    const whole = withDefaults(body);
    const id = await this.db.transaction(async (tx) => {
      await this.judge(tx, user, whole);
      // Two creations at once cannot both pass the count (as saved views are counted: an advisory lock of the owner's).
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('report-schedules:' || $1))", [user.id]);
      if ((await reportSchedulesRepository.countByOwner(tx, user.id)) >= REPORT_SCHEDULES_PER_OWNER_MAX) throw conflict(REPORT_SCHEDULE_MESSAGES.tooMany);
      const created = await reportSchedulesRepository.insert(tx, user.id, fieldsOf(whole, now));
      await reportSchedulesRepository.setRecipients(tx, created, whole.recipientIds);
      return created;
    });
    return toReportSchedule((await reportSchedulesRepository.find(this.db, id))!);
  }

  /**
   * Changes any of a schedule's fields; the whole is judged again. Its next run is worked out anew when it is
   * (re-)enabled or goes at another time, so a change never sends at once: "send now" does that.
   */
  async update(user: PublicUser, id: string, body: Partial<ReportScheduleBody>, now: Date = new Date()): Promise<ReportSchedule> {
    await this.db.transaction(async (tx) => {
      const current = await this.accessible(tx, user, id, true);
      const before = bodyOf(current);
      const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<ReportScheduleBody>;
      const whole: WholeBody = { ...before, ...defined };
      // Another frequency drops the day the old one needed, unless the change names one.
      if (body.frequency !== undefined && body.frequency !== before.frequency) {
        if (body.dayOfWeek === undefined) whole.dayOfWeek = null;
        if (body.dayOfMonth === undefined) whole.dayOfMonth = null;
      }
      await this.judge(tx, user, whole, current.view_id);
      const retimed = (['frequency', 'dayOfWeek', 'dayOfMonth', 'timeOfDay', 'enabled'] as const).some((key) => whole[key] !== before[key]);
      const fields = fieldsOf(whole, now);
      if (!retimed && whole.enabled && current.next_run_at !== null) fields.nextRunAt = new Date(current.next_run_at);
      await reportSchedulesRepository.update(tx, id, fields);
      if (body.recipientIds !== undefined) await reportSchedulesRepository.setRecipients(tx, id, whole.recipientIds);
    });
    return toReportSchedule((await reportSchedulesRepository.find(this.db, id))!);
  }

  async delete(user: PublicUser, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.accessible(tx, user, id, true);
      await reportSchedulesRepository.delete(tx, id);
    });
  }

  async runs(user: PublicUser, id: string): Promise<ReportRun[]> {
    await this.accessible(this.db, user, id);
    return reportSchedulesRepository.runs(this.db, id, REPORT_RUNS_LISTED_MAX);
  }

  /**
   * The schedule's fields as the contract judges them, then the view (theirs, or any for an admin; a change that
   * keeps the view is not judged on it again, so an admin's schedule of someone else's view stays editable) and
   * the recipients (users of the app, active). One 400 naming every field.
   */
  private async judge(db: Queryable, user: PublicUser, body: WholeBody, keptViewId?: string): Promise<void> {
    const errors: FieldError[] = reportScheduleErrors(body);
    if (errors.some((e) => e.field === 'viewId')) throw validationFailed(errors);
    if (body.viewId !== keptViewId) {
      const [view] = await db.query<{ owner_id: string; shared: boolean }>('SELECT owner_id, shared FROM saved_views WHERE id = $1', [body.viewId]);
      const visible = view && (view.owner_id === user.id || view.shared || isAdmin(user));
      if (!visible) throw notFound(REPORT_SCHEDULE_MESSAGES.viewNotFound);
      if (!isAdmin(user) && view.owner_id !== user.id) throw forbidden(REPORT_SCHEDULE_MESSAGES.ownViewsOnly);
    }
    if (!errors.some((e) => e.field === 'recipientIds')) {
      const users = await reportSchedulesRepository.usersByIds(db, body.recipientIds);
      if (body.recipientIds.some((recipient) => !users.has(recipient))) errors.push({ field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsUnknown });
      else if (body.recipientIds.some((recipient) => !users.get(recipient)?.active)) errors.push({ field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsInactive });
    }
    if (errors.length > 0) throw validationFailed(errors);
  }
}

function fieldsOf(body: WholeBody, now: Date): ScheduleFields {
  return {
    viewId: body.viewId,
    frequency: body.frequency,
    dayOfWeek: body.dayOfWeek,
    dayOfMonth: body.dayOfMonth,
    timeOfDay: body.timeOfDay,
    attachment: body.attachment,
    skipIfEmpty: body.skipIfEmpty,
    enabled: body.enabled,
    nextRunAt: body.enabled ? nextRunAfter(body, now) : null,
  };
}
