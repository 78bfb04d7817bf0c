import {
  REPORT_ATTACHMENTS,
  REPORT_DAY_OF_MONTH_MAX,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_PERIOD_PRESETS,
  WEEKDAY_LABELS,
  describeReportSchedule,
  type ReportAttachment,
  type ReportFrequency,
  type ReportSchedule,
} from '@callboard/contract/report-schedules';
import { DATE_PRESET_LABELS } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useSession } from '@callboard/shared-auth/use-session';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useMemo, useState } from 'react';
import { FormDialog } from '@callboard/shared-ui/form-dialog';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useViews, type ScheduleActions } from '../api/report-schedules-api';
import { emptyScheduleForm, SCHEDULE_FIELD_ORDER, scheduleBodyFrom, scheduleFormErrors, scheduleFormFrom, type ScheduleFormValues } from '../schedule-form';
import { RecipientsField } from './recipients-field';

const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((frequency) => ({ value: frequency, label: REPORT_FREQUENCY_LABELS[frequency] }));
const WEEKDAY_OPTIONS = WEEKDAY_LABELS.map((label, index) => ({ value: String(index + 1), label }));
const DAY_OPTIONS = Array.from({ length: REPORT_DAY_OF_MONTH_MAX }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
const ATTACHMENT_LABELS: Record<ReportAttachment, string> = { none: 'None', csv: 'CSV', xlsx: 'XLSX' };
const ATTACHMENT_OPTIONS = REPORT_ATTACHMENTS.map((attachment) => ({ value: attachment, label: ATTACHMENT_LABELS[attachment] }));
const AREA_NAMES = { reporting: 'Reporting', callLogs: 'Call Logs' } as const;

interface ScheduleFormDialogProps {
  /** The schedule to change; null makes a new one. */
  schedule: ReportSchedule | null;
  /** A new schedule's view, chosen before the form opened (the Views menu's Schedule…); '' for none. */
  initialViewId?: string;
  actions: Pick<ScheduleActions, 'create' | 'update'>;
  onClose: () => void;
}

/**
 * Schedule a saved view, or change a schedule: the view, how often and when (New York time), who gets it, the
 * attachment, and whether an empty period is skipped. The one form for both ways in: the Reports tab and the
 * Views menu's Schedule… (which opens this tab with the view chosen). The contract's checks show under their
 * fields from the first Save on; the server's land under the same fields.
 */
export function ScheduleFormDialog({ schedule, initialViewId = '', actions, onClose }: ScheduleFormDialogProps) {
  const formId = useId();
  const fieldId = (field: string) => `${formId}-${field}`;
  const { user } = useSession();
  const { mayScheduleOthersViews } = useScreenAccess();
  const views = useViews();
  const [values, setValues] = useState<ScheduleFormValues>(() =>
    schedule ? scheduleFormFrom(schedule) : emptyScheduleForm(initialViewId, user ? { id: user.id, name: user.name, email: user.email } : null),
  );
  const { shown, saving, submit, edited } = useCheckedForm({
    values,
    problemsOf: scheduleFormErrors,
    order: SCHEDULE_FIELD_ORDER,
    fieldId,
    send: (current) => {
      const body = scheduleBodyFrom(current);
      return schedule ? actions.update(schedule.id, body) : actions.create(body);
    },
    onSent: onClose,
  });
  const change = (next: Partial<ScheduleFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    edited();
  };

  const viewOptions = useMemo(() => {
    const schedulable = (views.data?.data ?? []).filter((view) => mayScheduleOthersViews || view.ownerId === user?.id || view.id === values.viewId);
    const options = schedulable.map((view) => ({ value: view.id, label: `${view.name} (${AREA_NAMES[view.area]}${view.ownerId === user?.id ? '' : `, by ${view.ownerName}`})` }));
    if (schedule && !options.some((option) => option.value === schedule.viewId)) options.push({ value: schedule.viewId, label: schedule.viewName });
    return options;
  }, [views.data, mayScheduleOthersViews, user?.id, values.viewId, schedule]);

  const when = describeReportSchedule({
    frequency: values.frequency,
    dayOfWeek: Number(values.dayOfWeek),
    dayOfMonth: Number(values.dayOfMonth),
    timeOfDay: values.timeOfDay || '--:--',
  });
  return (
    <FormDialog
      formId={formId}
      size="lg"
      title={schedule ? 'Edit scheduled report' : 'Schedule a report'}
      subtitle="A saved view's statistics, by email, for the last whole day, week or month."
      submitLabel={schedule ? 'Save changes' : 'Schedule'}
      saving={saving}
      onClose={onClose}
    >
      {/* noValidate: the browser's own bubbles would pre-empt the messages under the fields. */}
      <form id={formId} className="reports-form" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          id={fieldId('viewId')}
          label="Saved view"
          required
          placeholder={views.isLoading ? 'Loading views…' : 'Select a saved view'}
          options={viewOptions}
          value={values.viewId}
          onChange={(event) => change({ viewId: event.target.value })}
          error={shown['viewId']}
          hint={views.error ? 'Failed to load your views' : 'Its filters and columns; its own dates give way to the period.'}
          className="reports-form__wide"
        />
        <SelectField
          id={fieldId('frequency')}
          label="Frequency"
          options={FREQUENCY_OPTIONS}
          value={values.frequency}
          onChange={(event) => change({ frequency: event.target.value as ReportFrequency })}
          error={shown['frequency']}
          hint={`Covers ${DATE_PRESET_LABELS[REPORT_PERIOD_PRESETS[values.frequency]].toLowerCase()}.`}
        />
        {values.frequency === 'weekly' ? (
          <SelectField id={fieldId('dayOfWeek')} label="Day" options={WEEKDAY_OPTIONS} value={values.dayOfWeek} onChange={(event) => change({ dayOfWeek: event.target.value })} error={shown['dayOfWeek']} />
        ) : null}
        {values.frequency === 'monthly' ? (
          <SelectField
            id={fieldId('dayOfMonth')}
            label="Day of the month"
            options={DAY_OPTIONS}
            value={values.dayOfMonth}
            onChange={(event) => change({ dayOfMonth: event.target.value })}
            error={shown['dayOfMonth']}
          />
        ) : null}
        <TextField
          id={fieldId('timeOfDay')}
          label="Time"
          type="time"
          required
          value={values.timeOfDay}
          onChange={(event) => change({ timeOfDay: event.target.value })}
          error={shown['timeOfDay']}
          hint="New York time"
        />
        <p className="reports-form__wide reports-form__when" aria-live="polite">
          {when}
        </p>
        <div className="reports-form__wide">
          <RecipientsField id={fieldId('recipientIds')} recipients={values.recipients} onChange={(recipients) => change({ recipients })} error={shown['recipientIds']} />
        </div>
        <SelectField
          id={fieldId('attachment')}
          label="Attachment"
          options={ATTACHMENT_OPTIONS}
          value={values.attachment}
          onChange={(event) => change({ attachment: event.target.value as ReportAttachment })}
          error={shown['attachment']}
          hint="The period's records in the view's columns."
        />
        <div className="reports-form__checks">
          <label className="reports-form__check">
            <input type="checkbox" checked={values.skipIfEmpty} onChange={(event) => change({ skipIfEmpty: event.target.checked })} />
            Skip if empty (no email for a period without calls)
          </label>
          <label className="reports-form__check">
            <input type="checkbox" checked={values.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
            On (off: it is kept, and sent only with Send now)
          </label>
        </div>
      </form>
    </FormDialog>
  );
}
