/**
 * Scheduled reports (issue 36 item 4; docs/decisions/0043-scheduled-reports.md): a saved view emailed daily,
 * weekly or monthly, at a time on the New York clock, to people who use the app. Each email holds the stats
 * cards of the last whole period with their arrows against the period before, the top movers, and optionally
 * the records as CSV or XLSX. Its own entry (@callboard/contract/report-schedules): it needs luxon to word a
 * period, and only the schedules' screen and the API read it.
 */
import type { FieldError } from './api-envelope';
import type { DatePreset } from './date-presets';
import { inNewYork } from './new-york-time';
import type { Role } from './users';
import type { ViewArea } from './saved-views';

/** GET: the schedules you own (an admin: everyone's); POST ReportScheduleBody: a new one. */
export const REPORT_SCHEDULES_PATH = '/api/report-schedules';
/** GET or POST with `?token=`: takes one recipient off one schedule, without signing in (the email's link, RFC 8058). */
export const REPORT_UNSUBSCRIBE_PATH = `${REPORT_SCHEDULES_PATH}/unsubscribe`;

/** One schedule: PUT (any fields of ReportScheduleBody), DELETE. */
export function reportSchedulePath(id: string): string {
  return `${REPORT_SCHEDULES_PATH}/${encodeURIComponent(id)}`;
}
/** POST: the last whole period, now, to every recipient (→ ReportRun). */
export function reportSendNowPath(id: string): string {
  return `${reportSchedulePath(id)}/send-now`;
}
/** POST: the period last sent, again, to every recipient (→ ReportRun; 409 when nothing was sent yet). */
export function reportResendPath(id: string): string {
  return `${reportSchedulePath(id)}/resend-last`;
}
/** GET: the schedule's runs, newest first, each with what became of every recipient (→ ReportRun[]). */
export function reportDeliveriesPath(id: string): string {
  return `${reportSchedulePath(id)}/deliveries`;
}

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/**
 * The period a report covers: the last whole one before it is sent, exactly as the dashboard resolves these
 * presets (so the email's figures are the dashboard's for that preset and view, arrows included).
 */
export const REPORT_PERIOD_PRESETS = {
  daily: 'yesterday',
  weekly: 'last_week',
  monthly: 'last_month',
} as const satisfies Record<ReportFrequency, DatePreset>;

export const REPORT_ATTACHMENTS = ['none', 'csv', 'xlsx'] as const;
export type ReportAttachment = (typeof REPORT_ATTACHMENTS)[number];

/** ISO weekdays: 1 is Monday, 7 is Sunday (a New York week starts on Monday, as the presets' weeks do). */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** Days of the month a monthly report may go on: every month has them. */
export const REPORT_DAY_OF_MONTH_MAX = 28;

/** People one schedule may send to. */
export const REPORT_RECIPIENTS_MAX = 50;
/** Schedules one person may own. */
export const REPORT_SCHEDULES_PER_OWNER_MAX = 50;
/** Above this many records the attachment is left out and the email says so (the view's export has no such limit). */
export const REPORT_ATTACHMENT_MAX_ROWS = 10_000;
/** Publishers, campaigns and buyers listed as top movers, each. */
export const REPORT_TOP_MOVERS = 3;
/** Runs GET …/deliveries lists, newest first. */
export const REPORT_RUNS_LISTED_MAX = 50;

/** Body of POST /api/report-schedules; PUT /api/report-schedules/{id} takes any of its fields. */
export interface ReportScheduleBody {
  viewId: string;
  frequency: ReportFrequency;
  /** Weekly only (else null or absent): 1 Monday … 7 Sunday. */
  dayOfWeek?: number | null;
  /** Monthly only (else null or absent): 1 … REPORT_DAY_OF_MONTH_MAX. */
  dayOfMonth?: number | null;
  /** New York wall-clock time, "HH:MM" (24 hours). */
  timeOfDay: string;
  /** Users of the app, partner accounts included (a partner's email holds only its scope and fields). */
  recipientIds: string[];
  /** Default none. */
  attachment?: ReportAttachment;
  /** No calls in the period: nothing is sent (the run is logged as skipped). Default true. */
  skipIfEmpty?: boolean;
  /** Default true. */
  enabled?: boolean;
}

export interface ReportRecipient {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
}

/** A period as instants, ISO 8601: [from, to). */
export interface ReportPeriod {
  from: string;
  to: string;
}

export interface ReportSchedule {
  id: string;
  viewId: string;
  viewName: string;
  viewArea: ViewArea;
  ownerId: string;
  ownerName: string;
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  timeOfDay: string;
  /** By name, then email. */
  recipients: ReportRecipient[];
  attachment: ReportAttachment;
  skipIfEmpty: boolean;
  enabled: boolean;
  /** When it next goes (ISO 8601); null while disabled. */
  nextRunAt: string | null;
  /** When a report last went to anyone (ISO 8601); null if never. */
  lastSentAt: string | null;
  /** The period last sent (what "re-send last period" sends); null if never. */
  lastPeriod: ReportPeriod | null;
  /** "Weekly on Monday at 07:00 (New York time)". */
  description: string;
  createdAt: string;
  updatedAt: string;
}

export const REPORT_RUN_TRIGGERS = ['scheduled', 'send_now', 'resend'] as const;
export type ReportRunTrigger = (typeof REPORT_RUN_TRIGGERS)[number];

/**
 * What a run did for one recipient: `queued` (handed to the delivery log: see `delivery`), `empty` (no calls in
 * its scope and the schedule skips empty reports), `refused` (the view's filter is not one this partner may use,
 * or the account is inactive: `detail` says which).
 */
export const REPORT_RECIPIENT_OUTCOMES = ['queued', 'empty', 'refused'] as const;
export type ReportRecipientOutcome = (typeof REPORT_RECIPIENT_OUTCOMES)[number];

/** A delivery's state as the one delivery log keeps it (GET /api/deliveries/{id} has its attempts). */
export interface ReportRunDelivery {
  id: string;
  status: 'pending' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export interface ReportRunRecipient {
  /** Null once the account is deleted (its email stays). */
  userId: string | null;
  name: string;
  email: string;
  outcome: ReportRecipientOutcome;
  detail: string | null;
  delivery: ReportRunDelivery | null;
}

export interface ReportRun {
  id: string;
  trigger: ReportRunTrigger;
  period: ReportPeriod;
  /** `sent`: queued for at least one recipient; `skipped`: for none (every report empty, or nobody left). */
  status: 'sent' | 'skipped';
  /** Who asked (send now, re-send); null for the schedule's own runs. */
  requestedBy: string | null;
  createdAt: string;
  recipients: ReportRunRecipient[];
}

export const REPORT_SCHEDULE_MESSAGES = {
  viewRequired: 'viewId is required: the saved view to send',
  frequency: `frequency must be one of ${REPORT_FREQUENCIES.join(', ')}`,
  dayOfWeekRequired: 'dayOfWeek is required for a weekly report: 1 (Monday) to 7 (Sunday)',
  dayOfWeekOnlyWeekly: 'dayOfWeek is only for a weekly report',
  dayOfMonthRequired: `dayOfMonth is required for a monthly report: 1 to ${REPORT_DAY_OF_MONTH_MAX}`,
  dayOfMonthOnlyMonthly: 'dayOfMonth is only for a monthly report',
  timeOfDay: 'timeOfDay must be a New York time as HH:MM, from 00:00 to 23:59',
  recipientsRequired: 'recipientIds must name at least one person',
  recipientsTooMany: `recipientIds may name at most ${REPORT_RECIPIENTS_MAX} people`,
  recipientsRepeated: 'recipientIds names someone twice',
  recipientsUnknown: 'recipientIds names someone who is not a user of the app',
  recipientsInactive: 'recipientIds names a deactivated account',
  attachment: `attachment must be one of ${REPORT_ATTACHMENTS.join(', ')}`,
  notFound: 'Report schedule not found',
  viewNotFound: 'View not found',
  ownViewsOnly: 'You can schedule only your own views (an admin can schedule any)',
  ownerOnly: 'Only the schedule’s owner or an admin can change it',
  tooMany: `You already have ${REPORT_SCHEDULES_PER_OWNER_MAX} report schedules: delete one first`,
  nothingSentYet: 'Nothing was sent yet: use Send now',
  unsubscribeInvalid: 'This unsubscribe link is not valid, or was already used',
  unsubscribed: 'You will no longer receive this report',
} as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:MM" as hours and minutes; null when it is not a time of day. */
export function parseTimeOfDay(text: string): { hour: number; minute: number } | null {
  if (!TIME_OF_DAY.test(text)) return null;
  return { hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) };
}

const isWholeIn = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * What is wrong with a schedule's fields, in the form's order (the screen judges them before sending, the API
 * the same way): the day fits the frequency, the time is a time, the recipients are a short list without
 * repeats. Whether the view and the people exist is the server's to say.
 */
export function reportScheduleErrors(body: ReportScheduleBody): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof body.viewId !== 'string' || body.viewId.trim() === '') errors.push({ field: 'viewId', message: REPORT_SCHEDULE_MESSAGES.viewRequired });
  const frequency = (REPORT_FREQUENCIES as readonly string[]).includes(body.frequency) ? body.frequency : undefined;
  if (!frequency) errors.push({ field: 'frequency', message: REPORT_SCHEDULE_MESSAGES.frequency });
  const dayOfWeek = body.dayOfWeek ?? null;
  if (frequency === 'weekly' && !isWholeIn(dayOfWeek, 1, 7)) errors.push({ field: 'dayOfWeek', message: REPORT_SCHEDULE_MESSAGES.dayOfWeekRequired });
  if (frequency && frequency !== 'weekly' && dayOfWeek !== null) errors.push({ field: 'dayOfWeek', message: REPORT_SCHEDULE_MESSAGES.dayOfWeekOnlyWeekly });
  const dayOfMonth = body.dayOfMonth ?? null;
  if (frequency === 'monthly' && !isWholeIn(dayOfMonth, 1, REPORT_DAY_OF_MONTH_MAX)) errors.push({ field: 'dayOfMonth', message: REPORT_SCHEDULE_MESSAGES.dayOfMonthRequired });
  if (frequency && frequency !== 'monthly' && dayOfMonth !== null) errors.push({ field: 'dayOfMonth', message: REPORT_SCHEDULE_MESSAGES.dayOfMonthOnlyMonthly });
  if (typeof body.timeOfDay !== 'string' || !parseTimeOfDay(body.timeOfDay)) errors.push({ field: 'timeOfDay', message: REPORT_SCHEDULE_MESSAGES.timeOfDay });
  const recipients = Array.isArray(body.recipientIds) ? body.recipientIds : [];
  if (recipients.length === 0) errors.push({ field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsRequired });
  else if (recipients.length > REPORT_RECIPIENTS_MAX) errors.push({ field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsTooMany });
  else if (new Set(recipients).size !== recipients.length) errors.push({ field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsRepeated });
  if (body.attachment !== undefined && !(REPORT_ATTACHMENTS as readonly string[]).includes(body.attachment)) {
    errors.push({ field: 'attachment', message: REPORT_SCHEDULE_MESSAGES.attachment });
  }
  return errors;
}

/** When a schedule goes, in words: "Weekly on Monday at 07:00 (New York time)". */
export function describeReportSchedule(schedule: Pick<ReportSchedule, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'timeOfDay'>): string {
  const at = `at ${schedule.timeOfDay} (New York time)`;
  switch (schedule.frequency) {
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Weekly on ${WEEKDAY_LABELS[(schedule.dayOfWeek ?? 1) - 1]} ${at}`;
    case 'monthly':
      return `Monthly on day ${schedule.dayOfMonth ?? 1} ${at}`;
  }
}

/**
 * A report's period in words, on the New York clock: "Mon, Mar 9, 2026" for a day, "Mar 9 – Mar 15, 2026" for a
 * week, "March 2026" for a month. The email's subject is the view's name, an em dash, and this.
 */
export function reportPeriodLabel(frequency: ReportFrequency, period: ReportPeriod): string {
  const from = inNewYork(period.from).setLocale('en-US');
  // The period ends at the next one's first instant: its last day is the day before.
  const lastDay = inNewYork(period.to).setLocale('en-US').minus({ days: 1 });
  switch (frequency) {
    case 'daily':
      return from.toFormat('ccc, LLL d, yyyy');
    case 'weekly':
      return `${from.toFormat(from.year === lastDay.year ? 'LLL d' : 'LLL d, yyyy')} – ${lastDay.toFormat('LLL d, yyyy')}`;
    case 'monthly':
      return from.toFormat('LLLL yyyy');
  }
}

/** The email's subject: "<view name> — <period>". */
export function reportSubject(viewName: string, frequency: ReportFrequency, period: ReportPeriod): string {
  return `${viewName} — ${reportPeriodLabel(frequency, period)}`;
}
