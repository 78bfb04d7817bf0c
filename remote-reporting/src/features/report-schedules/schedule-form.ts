/**
 * The schedule form's values and rules, apart from React. Its problems are the contract's reportScheduleErrors,
 * the checks the server runs, in the same words; whether the view and the people exist is the server's to say.
 */
import {
  reportScheduleErrors,
  type ReportAttachment,
  type ReportFrequency,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@callboard/contract/report-schedules';
import { errorsByField } from '../../lib/errors-by-field';

/** A recipient as the form lists it. */
export interface RecipientChoice {
  id: string;
  name: string;
  email: string;
}

export interface ScheduleFormValues {
  viewId: string;
  frequency: ReportFrequency;
  /** 1 Monday … 7 Sunday, as text for the select; used when weekly. */
  dayOfWeek: string;
  /** 1 … 28, as text; used when monthly. */
  dayOfMonth: string;
  /** "HH:MM", New York. */
  timeOfDay: string;
  recipients: RecipientChoice[];
  attachment: ReportAttachment;
  skipIfEmpty: boolean;
  enabled: boolean;
}

/** A new schedule: the view given (or none yet), weekly on Monday at 07:00, to its author, no attachment. */
export function emptyScheduleForm(viewId: string, me: RecipientChoice | null): ScheduleFormValues {
  return {
    viewId,
    frequency: 'weekly',
    dayOfWeek: '1',
    dayOfMonth: '1',
    timeOfDay: '07:00',
    recipients: me ? [me] : [],
    attachment: 'none',
    skipIfEmpty: true,
    enabled: true,
  };
}

export function scheduleFormFrom(schedule: ReportSchedule): ScheduleFormValues {
  return {
    viewId: schedule.viewId,
    frequency: schedule.frequency,
    dayOfWeek: String(schedule.dayOfWeek ?? 1),
    dayOfMonth: String(schedule.dayOfMonth ?? 1),
    timeOfDay: schedule.timeOfDay,
    recipients: schedule.recipients.map(({ id, name, email }) => ({ id, name, email })),
    attachment: schedule.attachment,
    skipIfEmpty: schedule.skipIfEmpty,
    enabled: schedule.enabled,
  };
}

/** The body: only the day the frequency uses (the other is null, as the contract asks). */
export function scheduleBodyFrom(values: ScheduleFormValues): ReportScheduleBody {
  return {
    viewId: values.viewId,
    frequency: values.frequency,
    dayOfWeek: values.frequency === 'weekly' ? Number(values.dayOfWeek) : null,
    dayOfMonth: values.frequency === 'monthly' ? Number(values.dayOfMonth) : null,
    timeOfDay: values.timeOfDay,
    recipientIds: values.recipients.map((recipient) => recipient.id),
    attachment: values.attachment,
    skipIfEmpty: values.skipIfEmpty,
    enabled: values.enabled,
  };
}

/** The form's problems by the contract's field names, the first of each; empty when it may be sent. */
export function scheduleFormErrors(values: ScheduleFormValues): Record<string, string> {
  return errorsByField(reportScheduleErrors(scheduleBodyFrom(values)));
}

/** The order the form shows its fields in, for focusing the first problem. */
export const SCHEDULE_FIELD_ORDER = ['viewId', 'frequency', 'dayOfWeek', 'dayOfMonth', 'timeOfDay', 'recipientIds', 'attachment'] as const;
