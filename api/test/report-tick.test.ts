/**
 * Scheduled reports on a working job runner: the minute's tick (a `reports-due` job, as the runner's schedule
 * sends it) finds a schedule that is due, the delivery worker's job mails it to a real SMTP server, and the
 * schedule moves on to its next run. The tick is sent by the test rather than waited for: the cron's
 * resolution is a minute, and its once-per-tick guarantee is the runner's own test.
 */
import { API_PATHS } from '@callboard/contract';
import { REPORT_SCHEDULES_PATH, reportPeriodLabel, type ReportSchedule } from '@callboard/contract/report-schedules';
import { REPORTS_DUE_QUEUE } from '../src/plugins/app/report-scheduler';
import { resolvePreset } from '../src/domain/calls/date-range';
import { headerOf } from './support/mime-reader';
import { startMailServer, type MailServer } from './support/report-mail';
import { bearer, buildTestApp, signUp, type TestApp } from './support/test-app';

let mail: MailServer;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ delivery: { smtpUrl: mail.url }, jobs: { pollingIntervalSeconds: 0.5 } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

test('the tick sends a due schedule, the delivery worker mails it, and the schedule moves to its next run', async () => {
  const owner = await signUp(t.app, 'Tia Tick');
  const view = await t.app.inject({ method: 'POST', url: API_PATHS.views, headers: bearer(owner.token), payload: { name: 'Morning numbers', area: 'callLogs', query: '' } });
  const created = await t.app.inject({
    method: 'POST',
    url: REPORT_SCHEDULES_PATH,
    headers: bearer(owner.token),
    payload: { viewId: view.json().data.id, frequency: 'daily', timeOfDay: '00:00', recipientIds: [owner.user.id], skipIfEmpty: false },
  });
  const schedule = created.json().data as ReportSchedule;
  // As if its time came a minute ago.
  await t.db.query("UPDATE report_schedules SET next_run_at = now() - interval '1 minute' WHERE id = $1", [schedule.id]);

  const yesterday = resolvePreset('yesterday', new Date());
  await t.app.jobs.send(REPORTS_DUE_QUEUE, {});
  const [email] = await mail.waitFor(1, 20_000);
  expect(email!.to).toEqual([owner.user.email]);
  expect(headerOf(email!.message, 'subject')).toBe(`Morning numbers — ${reportPeriodLabel('daily', { from: yesterday.from.toISOString(), to: yesterday.to.toISOString() })}`);

  const [after] = (await t.app.inject({ method: 'GET', url: REPORT_SCHEDULES_PATH, headers: bearer(owner.token) })).json().data as ReportSchedule[];
  expect(new Date(after!.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
  expect(after!.lastPeriod).toEqual({ from: yesterday.from.toISOString(), to: yesterday.to.toISOString() });
}, 40_000);
