import { randomBytes } from 'node:crypto';
import { describeReportSchedule, type ReportAttachment, type ReportFrequency, type ReportRecipient, type ReportRun, type ReportRunRecipient, type ReportRunTrigger, type ReportSchedule } from '@callboard/contract/report-schedules';
import type { Role, ViewArea } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { partnerScopeColumn, type PartnerScopeJson } from '../partners/partner-scopes-repository';

/** A schedule as the sender and the service read it: its row, its view's name and query, its owner's name. */
export interface ScheduleRow {
  id: string;
  view_id: string;
  view_name: string;
  view_area: ViewArea;
  view_query: string;
  view_columns: string[] | null;
  owner_id: string;
  owner_name: string;
  frequency: ReportFrequency;
  day_of_week: number | null;
  day_of_month: number | null;
  time_of_day: string;
  attachment: ReportAttachment;
  skip_if_empty: boolean;
  enabled: boolean;
  next_run_at: Date | string | null;
  last_period_start: Date | string | null;
  last_period_end: Date | string | null;
  last_sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  recipients: ReportRecipient[] | null;
}

/** What a schedule's owner sets. */
export interface ScheduleFields {
  viewId: string;
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  timeOfDay: string;
  attachment: ReportAttachment;
  skipIfEmpty: boolean;
  enabled: boolean;
  /** Null while disabled. */
  nextRunAt: Date | null;
}

/** A recipient as a run reads them: the account, its partner scope if any, and their unsubscribe token. */
export interface RecipientRow {
  user_id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  unsubscribe_token: string;
  partner_scope: PartnerScopeJson | null;
}

export interface RunRecipientFields {
  userId: string;
  name: string;
  email: string;
  outcome: ReportRunRecipient['outcome'];
  detail: string | null;
  deliveryId: string | null;
}

// A person without a name is named by their email, as the views' owners are.
const personName = (alias: string) => `coalesce(nullif(btrim(${alias}.name), ''), ${alias}.email)`;

const SELECT_SCHEDULE = `
  SELECT s.id, s.view_id, v.name AS view_name, v.area AS view_area, v.query AS view_query, v.columns AS view_columns,
         s.owner_id, ${personName('o')} AS owner_name, s.frequency, s.day_of_week, s.day_of_month, s.time_of_day,
         s.attachment, s.skip_if_empty, s.enabled, s.next_run_at, s.last_period_start, s.last_period_end,
         s.last_sent_at, s.created_at, s.updated_at,
         (SELECT json_agg(json_build_object('id', u.id, 'name', ${personName('u')}, 'email', u.email, 'role', u.role, 'active', u.active)
                          ORDER BY lower(${personName('u')}), lower(u.email))
            FROM report_recipients r JOIN users u ON u.id = r.user_id WHERE r.schedule_id = s.id) AS recipients
    FROM report_schedules s
    JOIN saved_views v ON v.id = s.view_id
    JOIN users o ON o.id = s.owner_id`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toReportSchedule(row: ScheduleRow): ReportSchedule {
  const timing = { frequency: row.frequency, dayOfWeek: row.day_of_week, dayOfMonth: row.day_of_month, timeOfDay: row.time_of_day };
  return {
    id: row.id,
    viewId: row.view_id,
    viewName: row.view_name,
    viewArea: row.view_area,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    ...timing,
    recipients: row.recipients ?? [],
    attachment: row.attachment,
    skipIfEmpty: row.skip_if_empty,
    enabled: row.enabled,
    nextRunAt: iso(row.next_run_at),
    lastSentAt: iso(row.last_sent_at),
    lastPeriod: row.last_period_start && row.last_period_end ? { from: iso(row.last_period_start)!, to: iso(row.last_period_end)! } : null,
    description: describeReportSchedule(timing),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** An unguessable token for one recipient's unsubscribe link: 32 random bytes, URL-safe. */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

interface RunRow {
  id: string;
  trigger: ReportRunTrigger;
  period_start: Date | string;
  period_end: Date | string;
  status: ReportRun['status'];
  requested_by: string | null;
  created_at: Date | string;
  recipients: Array<{
    user_id: string | null;
    name: string;
    email: string;
    outcome: ReportRunRecipient['outcome'];
    detail: string | null;
    delivery_id: string | null;
    delivery_status: NonNullable<ReportRunRecipient['delivery']>['status'] | null;
    attempts: number | null;
    last_error: string | null;
    sent_at: string | null;
  }> | null;
}

/** Everything the app reads from or writes to the report tables; callers pass a transaction when they need one. */
export const reportSchedulesRepository = {
  /** Every schedule (an admin's list), or one owner's; by view name, then when each was made. */
  async list(db: Queryable, ownerId: string | null): Promise<ReportSchedule[]> {
    const rows = await db.query<ScheduleRow>(`${SELECT_SCHEDULE} WHERE $1::uuid IS NULL OR s.owner_id = $1::uuid ORDER BY lower(v.name), s.created_at, s.id`, [ownerId]);
    return rows.map(toReportSchedule);
  },

  /** One schedule, locked for a change or a send when `forUpdate`. */
  async find(db: Queryable, id: string, forUpdate = false): Promise<ScheduleRow | undefined> {
    const [row] = await db.query<ScheduleRow>(`${SELECT_SCHEDULE} WHERE s.id = $1${forUpdate ? ' FOR UPDATE OF s' : ''}`, [id]);
    return row;
  },

  async countByOwner(db: Queryable, ownerId: string): Promise<number> {
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM report_schedules WHERE owner_id = $1', [ownerId]);
    return row?.count ?? 0;
  },

  async insert(db: Queryable, ownerId: string, fields: ScheduleFields): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO report_schedules (view_id, owner_id, frequency, day_of_week, day_of_month, time_of_day, attachment, skip_if_empty, enabled, next_run_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [fields.viewId, ownerId, fields.frequency, fields.dayOfWeek, fields.dayOfMonth, fields.timeOfDay, fields.attachment, fields.skipIfEmpty, fields.enabled, fields.nextRunAt],
    );
    return row!.id;
  },

  async update(db: Queryable, id: string, fields: ScheduleFields): Promise<void> {
    await db.query(
      `UPDATE report_schedules SET view_id = $2, frequency = $3, day_of_week = $4, day_of_month = $5, time_of_day = $6, attachment = $7,
              skip_if_empty = $8, enabled = $9, next_run_at = $10, updated_at = now()
        WHERE id = $1`,
      [id, fields.viewId, fields.frequency, fields.dayOfWeek, fields.dayOfMonth, fields.timeOfDay, fields.attachment, fields.skipIfEmpty, fields.enabled, fields.nextRunAt],
    );
  },

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query('DELETE FROM report_schedules WHERE id = $1', [id]);
  },

  /** Makes the recipients exactly `userIds`: those kept keep their unsubscribe token, the others get one each. */
  async setRecipients(db: Queryable, scheduleId: string, userIds: readonly string[]): Promise<void> {
    await db.query('DELETE FROM report_recipients WHERE schedule_id = $1 AND NOT (user_id = ANY($2::uuid[]))', [scheduleId, userIds]);
    const tokens = userIds.map(() => newUnsubscribeToken());
    await db.query(
      `INSERT INTO report_recipients (schedule_id, user_id, unsubscribe_token)
       SELECT $1, wanted.user_id, wanted.token FROM unnest($2::uuid[], $3::text[]) AS wanted(user_id, token)
       ON CONFLICT (schedule_id, user_id) DO NOTHING`,
      [scheduleId, userIds, tokens],
    );
  },

  /** Of `ids`, the users that exist: whether each is active. */
  async usersByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, { active: boolean }>> {
    const rows = await db.query<{ id: string; active: boolean }>('SELECT id, active FROM users WHERE id = ANY($1::uuid[])', [ids]);
    return new Map(rows.map((row) => [row.id, { active: row.active }]));
  },

  /** A schedule's recipients as a run reads them, by name. */
  async recipientsOf(db: Queryable, scheduleId: string): Promise<RecipientRow[]> {
    return db.query<RecipientRow>(
      `SELECT u.id AS user_id, ${personName('u')} AS name, u.email, u.role, u.active, r.unsubscribe_token, ${partnerScopeColumn('u')}
         FROM report_recipients r JOIN users u ON u.id = r.user_id
        WHERE r.schedule_id = $1
        ORDER BY lower(${personName('u')}), lower(u.email), u.id`,
      [scheduleId],
    );
  },

  /** The ids of the enabled schedules due at `now`, soonest first. */
  async dueIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
    const rows = await db.query<{ id: string }>('SELECT id FROM report_schedules WHERE enabled AND next_run_at <= $1 ORDER BY next_run_at, id LIMIT $2', [now, limit]);
    return rows.map((row) => row.id);
  },

  /**
   * Records a run. A scheduled one is refused (null) when that schedule's period already has one: the unique
   * index report_runs_once is what makes a retried tick, or a tick on another instance, send nothing more.
   */
  async insertRun(
    db: Queryable,
    run: { scheduleId: string; trigger: ReportRunTrigger; period: { from: Date; to: Date }; status: ReportRun['status']; requestedBy: string | null },
  ): Promise<string | null> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO report_runs (schedule_id, trigger, period_start, period_end, status, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (schedule_id, period_start) WHERE trigger = 'scheduled' DO NOTHING
       RETURNING id`,
      [run.scheduleId, run.trigger, run.period.from, run.period.to, run.status, run.requestedBy],
    );
    return row?.id ?? null;
  },

  async insertRunRecipients(db: Queryable, runId: string, recipients: readonly RunRecipientFields[]): Promise<void> {
    if (recipients.length === 0) return;
    await db.query(
      `INSERT INTO report_run_recipients (run_id, position, user_id, name, email, outcome, detail, delivery_id)
       SELECT $1, r.position, r.user_id, r.name, r.email, r.outcome, r.detail, r.delivery_id
         FROM unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[])
              AS r(position, user_id, name, email, outcome, detail, delivery_id)`,
      [
        runId,
        recipients.map((_, i) => i),
        recipients.map((r) => r.userId),
        recipients.map((r) => r.name),
        recipients.map((r) => r.email),
        recipients.map((r) => r.outcome),
        recipients.map((r) => r.detail),
        recipients.map((r) => r.deliveryId),
      ],
    );
  },

  /** After a run that queued at least one email: the period it sent, and when. */
  async markSent(db: Queryable, id: string, period: { from: Date; to: Date }, at: Date): Promise<void> {
    await db.query('UPDATE report_schedules SET last_period_start = $2, last_period_end = $3, last_sent_at = $4 WHERE id = $1', [id, period.from, period.to, at]);
  },

  async setNextRun(db: Queryable, id: string, nextRunAt: Date): Promise<void> {
    await db.query('UPDATE report_schedules SET next_run_at = $2 WHERE id = $1 AND enabled', [id, nextRunAt]);
  },

  /** A schedule's runs, newest first, each recipient with its delivery's state in the one delivery log. */
  async runs(db: Queryable, scheduleId: string, limit: number): Promise<ReportRun[]> {
    const rows = await db.query<RunRow>(
      `SELECT run.id, run.trigger, run.period_start, run.period_end, run.status, run.requested_by, run.created_at,
              (SELECT json_agg(json_build_object(
                        'user_id', rr.user_id, 'name', rr.name, 'email', rr.email, 'outcome', rr.outcome, 'detail', rr.detail,
                        'delivery_id', rr.delivery_id, 'delivery_status', d.status, 'attempts', d.attempts, 'last_error', d.last_error,
                        'sent_at', d.sent_at) ORDER BY rr.position)
                 FROM report_run_recipients rr LEFT JOIN deliveries d ON d.id = rr.delivery_id
                WHERE rr.run_id = run.id) AS recipients
         FROM report_runs run
        WHERE run.schedule_id = $1
        ORDER BY run.created_at DESC, run.id
        LIMIT $2`,
      [scheduleId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      trigger: row.trigger,
      period: { from: iso(row.period_start)!, to: iso(row.period_end)! },
      status: row.status,
      requestedBy: row.requested_by,
      createdAt: iso(row.created_at)!,
      recipients: (row.recipients ?? []).map((r) => ({
        userId: r.user_id,
        name: r.name,
        email: r.email,
        outcome: r.outcome,
        detail: r.detail,
        delivery:
          r.delivery_id && r.delivery_status
            ? { id: r.delivery_id, status: r.delivery_status, attempts: r.attempts ?? 0, lastError: r.last_error, sentAt: r.sent_at ? iso(r.sent_at) : null }
            : null,
      })),
    }));
  },

  /** Takes the token's recipient off its schedule; what was removed, or undefined for a token that names nobody. */
  async unsubscribe(db: Queryable, token: string): Promise<{ scheduleId: string; userId: string } | undefined> {
    const [row] = await db.query<{ schedule_id: string; user_id: string }>(
      'DELETE FROM report_recipients WHERE unsubscribe_token = $1 RETURNING schedule_id, user_id',
      [token],
    );
    return row ? { scheduleId: row.schedule_id, userId: row.user_id } : undefined;
  },

  /** The schedule and view a token unsubscribes from, without doing it (the confirmation page). */
  async findByToken(db: Queryable, token: string): Promise<{ viewName: string; email: string } | undefined> {
    const [row] = await db.query<{ view_name: string; email: string }>(
      `SELECT v.name AS view_name, u.email
         FROM report_recipients r JOIN report_schedules s ON s.id = r.schedule_id
         JOIN saved_views v ON v.id = s.view_id JOIN users u ON u.id = r.user_id
        WHERE r.unsubscribe_token = $1`,
      [token],
    );
    return row ? { viewName: row.view_name, email: row.email } : undefined;
  },
};
