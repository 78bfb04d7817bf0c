/**
 * The scheduled reports' endpoints (contract/src/report-schedules.ts), each read in one place: the schedules, one
 * schedule's runs, the people and views the form offers, and the writes with their toasts. Send now and re-send
 * toast what became of the run (sent to whom, or why nothing went).
 */
import { API_PATHS, USER_SEARCH_LIMIT, type ApiSuccess, type PublicUser, type SavedView } from '@callboard/contract';
import {
  REPORT_SCHEDULES_PATH,
  reportDeliveriesPath,
  reportResendPath,
  reportSchedulePath,
  reportSendNowPath,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@callboard/contract/report-schedules';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { sendWithToast, type SendResult } from '../../../lib/send-with-toast';
import { runOutcome } from '../run-text';

export const SCHEDULES_TEXT = {
  loadFailed: 'Failed to load report schedules',
  saveFailed: 'Failed to save the schedule',
  deleteFailed: 'Failed to delete the schedule',
  sendFailed: 'Failed to send the report',
  runsFailed: 'Failed to load the delivery log',
} as const;

export function useReportSchedules() {
  return useSWR<ApiSuccess<ReportSchedule[]>, Error>(REPORT_SCHEDULES_PATH);
}

/** A schedule's runs, newest first, each recipient's outcome with its delivery's state; read while `id` is given. */
export function useScheduleRuns(id: string | null) {
  return useSWR<ApiSuccess<ReportRun[]>, Error>(id === null ? null : reportDeliveriesPath(id));
}

/** People of the app whose name, email or role holds `search` (the first page for ''), for the recipients. */
export function usePeople(search: string) {
  const text = search.trim();
  return useSWR<ApiSuccess<PublicUser[]>, Error>([API_PATHS.users, { limit: USER_SEARCH_LIMIT, search: text || undefined }]);
}

/** The saved views (mine and the team's shared ones); the form offers those the person may schedule. */
export function useViews() {
  return useSWR<ApiSuccess<SavedView[]>, Error>(API_PATHS.views);
}

type ScheduleAnswer = ApiSuccess<ReportSchedule>;
type RunAnswer = ApiSuccess<ReportRun>;

export interface ScheduleActions {
  create: (body: ReportScheduleBody) => Promise<SendResult<ScheduleAnswer>>;
  update: (id: string, body: Partial<ReportScheduleBody>) => Promise<SendResult<ScheduleAnswer>>;
  remove: (schedule: Pick<ReportSchedule, 'id'>) => Promise<SendResult<{ message?: string }>>;
  sendNow: (schedule: ReportSchedule) => Promise<SendResult<RunAnswer>>;
  resend: (schedule: ReportSchedule) => Promise<SendResult<RunAnswer>>;
}

export function useScheduleActions(): ScheduleActions {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const after = useCallback(
    async <T>(sent: Promise<T>, scheduleId?: string) => {
      const result = await sent;
      void mutate(REPORT_SCHEDULES_PATH);
      if (scheduleId !== undefined) void mutate(reportDeliveriesPath(scheduleId));
      return result;
    },
    [mutate],
  );

  return useMemo<ScheduleActions>(
    () => ({
      create: (body) =>
        after(sendWithToast(() => apiFetch<ScheduleAnswer>(REPORT_SCHEDULES_PATH, { method: 'POST', body }), { success: 'Report scheduled', failure: SCHEDULES_TEXT.saveFailed, formShowsFields: true })),
      update: (id, body) =>
        after(
          sendWithToast(() => apiFetch<ScheduleAnswer>(reportSchedulePath(id), { method: 'PUT', body }), { success: 'Schedule updated', failure: SCHEDULES_TEXT.saveFailed, formShowsFields: true }),
        ),
      remove: (schedule) =>
        after(sendWithToast(() => apiFetch<{ message?: string }>(reportSchedulePath(schedule.id), { method: 'DELETE' }), { success: 'Schedule deleted', failure: SCHEDULES_TEXT.deleteFailed })),
      sendNow: (schedule) =>
        after(
          sendWithToast(() => apiFetch<RunAnswer>(reportSendNowPath(schedule.id), { method: 'POST' }), {
            success: 'Report sent',
            failure: SCHEDULES_TEXT.sendFailed,
            outcome: (answer) => runOutcome(schedule, answer.data),
          }),
          schedule.id,
        ),
      resend: (schedule) =>
        after(
          sendWithToast(() => apiFetch<RunAnswer>(reportResendPath(schedule.id), { method: 'POST' }), {
            success: 'Report sent again',
            failure: SCHEDULES_TEXT.sendFailed,
            outcome: (answer) => runOutcome(schedule, answer.data),
          }),
          schedule.id,
        ),
    }),
    [after, apiFetch],
  );
}
