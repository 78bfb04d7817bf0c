/**
 * Renders the Reports tab inside the app's host (renderInHost: the real providers, a router at
 * /reporting/reports, the toaster, a signed-in session) over a small in-memory server of schedules: the list, its
 * writes (judged by the contract's reportScheduleErrors, as the API judges them), send now and re-send with the
 * runs they make, each schedule's log, and the people and views the form offers.
 */
import type { PublicUser, Role, SavedView } from '@callboard/contract';
import {
  describeReportSchedule,
  reportScheduleErrors,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@callboard/contract/report-schedules';
import { makeUser, type FakeResponseInit } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { Route, Routes } from '@callboard/shared-router';
import ReportsPage from '../features/report-schedules/components/reports-page';

export const ME = makeUser();
export const PEOPLE: PublicUser[] = [
  ME,
  makeUser({ _id: 'u2', id: 'u2', name: 'Bo Chan', email: 'bo@example.com', role: 'reviewer' }),
  makeUser({ _id: 'u3', id: 'u3', name: 'Cy Diaz', email: 'cy@example.com' }),
  makeUser({ _id: 'u4', id: 'u4', name: 'Gone Away', email: 'gone@example.com', active: false }),
];

const view = (id: string, name: string, fields: Partial<SavedView> = {}): SavedView => ({
  id,
  name,
  area: 'reporting',
  query: 'status=Sales',
  columns: null,
  shared: false,
  ownerId: ME.id,
  ownerName: ME.name,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

export const VIEWS: SavedView[] = [
  view('1d0f2a3b-0000-4000-8000-000000000001', 'Sales desk'),
  view('1d0f2a3b-0000-4000-8000-000000000002', 'No connects', { area: 'callLogs' }),
  view('1d0f2a3b-0000-4000-8000-000000000003', 'Team board', { shared: true, ownerId: 'u2', ownerName: 'Bo Chan' }),
];

const recipient = (person: PublicUser) => ({ id: person.id, name: person.name, email: person.email, role: person.role, active: person.active });

export function schedule(fields: Partial<ReportSchedule> = {}): ReportSchedule {
  const base: ReportSchedule = {
    id: '5c3b2a10-0000-4000-8000-000000000001',
    viewId: VIEWS[0]!.id,
    viewName: 'Sales desk',
    viewArea: 'reporting',
    ownerId: ME.id,
    ownerName: ME.name,
    frequency: 'weekly',
    dayOfWeek: 1,
    dayOfMonth: null,
    timeOfDay: '07:00',
    recipients: [recipient(PEOPLE[0]!), recipient(PEOPLE[1]!), recipient(PEOPLE[2]!)],
    attachment: 'csv',
    skipIfEmpty: true,
    enabled: true,
    nextRunAt: '2026-03-16T11:00:00.000Z',
    lastSentAt: '2026-03-09T11:00:05.000Z',
    lastPeriod: { from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' },
    description: '',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
  return { ...base, description: describeReportSchedule(base) };
}

export const WEEKLY = schedule();
export const NEVER_SENT = schedule({
  id: '5c3b2a10-0000-4000-8000-000000000002',
  viewId: VIEWS[1]!.id,
  viewName: 'No connects',
  viewArea: 'callLogs',
  frequency: 'daily',
  dayOfWeek: null,
  timeOfDay: '06:30',
  recipients: [recipient(PEOPLE[0]!)],
  attachment: 'none',
  lastSentAt: null,
  lastPeriod: null,
});

/** The run a send makes: the first recipient's email queued and sent, the second's queued and retrying, the third empty. */
export function runOf(trigger: ReportRun['trigger'], period: ReportRun['period']): ReportRun {
  return {
    id: `run-${trigger}`,
    trigger,
    period,
    status: 'sent',
    requestedBy: ME.id,
    createdAt: '2026-03-10T14:00:00.000Z',
    recipients: [
      { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', outcome: 'queued', detail: null, delivery: { id: 'd1', status: 'sent', attempts: 1, lastError: null, sentAt: '2026-03-10T14:00:03.000Z' } },
      { userId: 'u2', name: 'Bo Chan', email: 'bo@example.com', outcome: 'queued', detail: null, delivery: { id: 'd2', status: 'retrying', attempts: 2, lastError: '421 Try again later', sentAt: null } },
      { userId: 'u3', name: 'Cy Diaz', email: 'cy@example.com', outcome: 'empty', detail: null, delivery: null },
    ],
  };
}

const ok = (data: unknown, message?: string): FakeResponseInit => ({ body: { success: true, ...(message ? { message } : {}), data } });
const invalid = (errors: unknown): FakeResponseInit => ({ status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'Validation failed', errors } });

interface RenderReportsOptions {
  path?: string;
  role?: Role;
  schedules?: ReportSchedule[];
  /** Answers a request before the server does (a refusal). */
  refuse?: (request: FakeRequest) => FakeResponseInit | undefined;
}

export interface RenderedReports extends RenderedInHost {
  schedules: () => ReportSchedule[];
}

export function renderReports({ path = '/reporting/reports', role = 'user', schedules: initial = [WEEKLY, NEVER_SENT], refuse }: RenderReportsOptions = {}): RenderedReports {
  let schedules = [...initial];
  const runs = new Map<string, ReportRun[]>([[WEEKLY.id, [{ ...runOf('scheduled', WEEKLY.lastPeriod!), requestedBy: null }]]]);

  const fromBody = (body: ReportScheduleBody, id: string, kept?: ReportSchedule): ReportSchedule => {
    const chosen = VIEWS.find((v) => v.id === body.viewId)!;
    return schedule({
      ...kept,
      id,
      viewId: chosen.id,
      viewName: chosen.name,
      viewArea: chosen.area,
      frequency: body.frequency,
      dayOfWeek: body.dayOfWeek ?? null,
      dayOfMonth: body.dayOfMonth ?? null,
      timeOfDay: body.timeOfDay,
      recipients: body.recipientIds.map((rid) => recipient(PEOPLE.find((p) => p.id === rid)!)),
      attachment: body.attachment ?? 'none',
      skipIfEmpty: body.skipIfEmpty ?? true,
      enabled: body.enabled ?? true,
      lastSentAt: kept?.lastSentAt ?? null,
      lastPeriod: kept?.lastPeriod ?? null,
    });
  };

  const send = (id: string, trigger: 'send_now' | 'resend'): FakeResponseInit => {
    const target = schedules.find((s) => s.id === id)!;
    if (trigger === 'resend' && target.lastPeriod === null) return { status: 409, body: { success: false, code: 'CONFLICT', message: 'Nothing was sent yet: use Send now' } };
    // Send now's period is the last whole one: last week for a weekly schedule, yesterday (Monday, March 9) for a daily one.
    const lastWhole = target.frequency === 'weekly' ? { from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' } : { from: '2026-03-09T04:00:00.000Z', to: '2026-03-10T04:00:00.000Z' };
    const run = runOf(trigger, trigger === 'resend' ? target.lastPeriod! : lastWhole);
    runs.set(id, [run, ...(runs.get(id) ?? [])]);
    schedules = schedules.map((s) => (s.id === id ? { ...s, lastSentAt: run.createdAt, lastPeriod: run.period } : s));
    return ok(run, trigger === 'resend' ? 'Report sent again' : 'Report sent');
  };

  const rendered = renderInHost(
    <Routes>
      <Route path="/reporting/*" element={<Routes><Route path="reports" element={<ReportsPage />} /></Routes>} />
      <Route path="*" element={null} />
    </Routes>,
    {
      path,
      session: { role },
      api: (request) => {
        const refusal = refuse?.(request);
        if (refusal) return refusal;
        const { path: at, method } = request;
        if (at === '/api/views') return ok(VIEWS);
        if (at === '/api/users') {
          const search = request.query.get('search')?.toLowerCase() ?? '';
          return ok(PEOPLE.filter((p) => `${p.name} ${p.email} ${p.role}`.toLowerCase().includes(search)));
        }
        if (at === '/api/report-schedules' && method === 'GET') return ok(schedules);
        if (at === '/api/report-schedules' && method === 'POST') {
          const body = request.body as ReportScheduleBody;
          const errors = reportScheduleErrors(body);
          if (errors.length > 0) return invalid(errors);
          const created = fromBody(body, '5c3b2a10-0000-4000-8000-000000000009');
          schedules = [...schedules, created];
          return { status: 201, body: { success: true, message: 'Report scheduled', data: created } };
        }
        const action = /^\/api\/report-schedules\/([^/]+)\/(send-now|resend-last|deliveries)$/.exec(at);
        if (action?.[2] === 'send-now') return send(action[1]!, 'send_now');
        if (action?.[2] === 'resend-last') return send(action[1]!, 'resend');
        if (action?.[2] === 'deliveries') return ok(runs.get(action[1]!) ?? []);
        const one = /^\/api\/report-schedules\/([^/]+)$/.exec(at);
        if (one && method === 'PUT') {
          const kept = schedules.find((s) => s.id === one[1])!;
          const changed = fromBody(request.body as ReportScheduleBody, kept.id, kept);
          schedules = schedules.map((s) => (s.id === kept.id ? changed : s));
          return ok(changed, 'Schedule updated');
        }
        if (one && method === 'DELETE') {
          schedules = schedules.filter((s) => s.id !== one[1]);
          return { body: { success: true, message: 'Schedule deleted' } };
        }
        return undefined;
      },
    },
  );
  return { ...rendered, schedules: () => schedules };
}
