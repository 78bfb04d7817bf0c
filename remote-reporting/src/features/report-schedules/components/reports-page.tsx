import { type ReportSchedule } from '@callboard/contract/report-schedules';
import { useSession } from '@callboard/shared-auth/use-session';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatShortDateTime } from '@callboard/shared-ui/format';
import { PlusIcon } from '@callboard/shared-ui/icons';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useEffect, useState } from 'react';
import { ListCard } from '../../../lib/list-card';
import { SCHEDULES_TEXT, useReportSchedules, useScheduleActions } from '../api/report-schedules-api';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { ScheduleFormDialog } from './schedule-form-dialog';
import './reports.css';

type Dialog = { kind: 'form'; schedule: ReportSchedule | null; viewId?: string } | { kind: 'log' | 'delete'; schedule: ReportSchedule };

/** The query a link to this tab opens the form with: `?view=<saved view id>&new=1` (the Views menu's Schedule…). */
export const NEW_SCHEDULE_PARAMS = { view: 'view', open: 'new' } as const;

const ATTACHMENT_TEXT = { none: 'None', csv: 'CSV', xlsx: 'XLSX' } as const;

/** "Ann Lee", "Ann Lee and Bo Chan", "Ann Lee, Bo Chan and 3 more". */
export function recipientsText(schedule: Pick<ReportSchedule, 'recipients'>): string {
  const names = schedule.recipients.map((recipient) => recipient.name || recipient.email);
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/**
 * Reporting's Reports tab: the saved views scheduled by email (your own; an admin sees everyone's) with when each
 * goes (New York time), to whom, the attachment, whether an empty period is skipped, the next run and the last
 * send; schedule, change and delete them, Send now, Re-send last period (each toasting what became of it), and
 * each schedule's delivery log. Opened as `?view=<id>&new=1` it starts with the form for that view.
 */
export default function ReportsPage() {
  const { user } = useSession();
  const list = useReportSchedules();
  const actions = useScheduleActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const schedules = list.data?.data ?? [];
  const close = () => setDialog(null);

  // A link asking for the form opens it once, then leaves the address (Back does not open it again).
  useEffect(() => {
    const query = new URLSearchParams(search);
    if (query.get(NEW_SCHEDULE_PARAMS.open) !== '1') return;
    setDialog({ kind: 'form', schedule: null, viewId: query.get(NEW_SCHEDULE_PARAMS.view) ?? '' });
    query.delete(NEW_SCHEDULE_PARAMS.open);
    query.delete(NEW_SCHEDULE_PARAMS.view);
    const rest = query.toString();
    void navigate({ pathname, search: rest === '' ? '' : `?${rest}` }, { replace: true });
  }, [navigate, pathname, search]);

  const send = async (schedule: ReportSchedule, how: 'sendNow' | 'resend') => {
    setSending(schedule.id);
    await actions[how](schedule);
    setSending(null);
  };

  const columns: TableColumn<ReportSchedule>[] = [
    {
      key: 'view',
      label: 'View',
      width: 200,
      card: 'title',
      render: (schedule) => (
        <span className="reports-view">
          <span className="reports-view__name">{schedule.viewName}</span>
          {schedule.ownerId !== user?.id ? <span className="cb-muted cb-text-sm">by {schedule.ownerName}</span> : null}
        </span>
      ),
    },
    { key: 'description', label: 'When', width: 220, card: 'detail', render: (schedule) => schedule.description },
    { key: 'recipients', label: 'Recipients', width: 190, card: 'detail', render: (schedule) => <span title={schedule.recipients.map((r) => r.email).join(', ')}>{recipientsText(schedule)}</span> },
    { key: 'attachment', label: 'Attachment', width: 100, render: (schedule) => ATTACHMENT_TEXT[schedule.attachment] },
    { key: 'skipIfEmpty', label: 'Skip if empty', width: 100, render: (schedule) => (schedule.skipIfEmpty ? 'Yes' : 'No') },
    {
      key: 'nextRunAt',
      label: 'Next run',
      width: 160,
      card: 'badge',
      render: (schedule) => (schedule.nextRunAt ? formatShortDateTime(schedule.nextRunAt) : <Badge tone="neutral">Off</Badge>),
    },
    { key: 'lastSentAt', label: 'Last sent', width: 160, render: (schedule) => (schedule.lastSentAt ? formatShortDateTime(schedule.lastSentAt) : <span className="cb-muted">Never</span>) },
    {
      key: 'actions',
      label: 'Actions',
      width: 190,
      align: 'end',
      card: 'menu',
      render: (schedule) => (
        <span className="reports-actions">
          <Button size="sm" busy={sending === schedule.id} disabled={sending !== null} aria-label={`Send ${schedule.viewName} now`} onClick={() => void send(schedule, 'sendNow')}>
            Send now
          </Button>
          <Dropdown
            label="More"
            triggerAriaLabel={`More actions for ${schedule.viewName}`}
            menuLabel={`Actions for ${schedule.viewName}`}
            size="sm"
            variant="ghost"
            align="end"
            disabled={sending !== null}
            items={[
              { key: 'resend', label: 'Re-send last period', disabled: schedule.lastPeriod === null, onSelect: () => void send(schedule, 'resend') },
              { key: 'log', label: 'Delivery log', onSelect: () => setDialog({ kind: 'log', schedule }) },
              { key: 'edit', label: 'Edit', onSelect: () => setDialog({ kind: 'form', schedule }) },
              { key: 'delete', label: 'Delete', danger: true, separatorBefore: true, onSelect: () => setDialog({ kind: 'delete', schedule }) },
            ]}
          />
        </span>
      ),
    },
  ];

  return (
    <ListCard
      className="reports-card"
      title="Scheduled reports"
      description="Saved views by email: the statistics of the last whole day, week or month, sent at a New York time."
      action={
        <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setDialog({ kind: 'form', schedule: null })}>
          Schedule a report
        </Button>
      }
      list={list}
      loadFailed={SCHEDULES_TEXT.loadFailed}
    >
      <Table
        label="Scheduled reports"
        columns={columns}
        rows={schedules}
        rowKey={(schedule) => schedule.id}
        loading={list.isLoading}
        loadingText="Loading report schedules..."
        emptyText={<EmptyState title="No scheduled reports yet" description="Schedule a saved view here, or from the Views menu's Schedule…." />}
      />

      {dialog?.kind === 'form' ? <ScheduleFormDialog schedule={dialog.schedule} initialViewId={dialog.viewId} actions={actions} onClose={close} /> : null}
      {dialog?.kind === 'log' ? <DeliveryLogDialog schedule={dialog.schedule} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog title="Delete schedule" onConfirm={() => actions.remove(dialog.schedule)} onClose={close}>
          Delete the schedule of <strong>{dialog.schedule.viewName}</strong> ({dialog.schedule.description})? Its delivery log goes with it; the view stays.
        </ConfirmDialog>
      ) : null}
    </ListCard>
  );
}
