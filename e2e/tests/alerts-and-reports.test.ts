import type { ApiSuccess, FilterOption } from '@callboard/contract';
import { ALERTS_PATH, alertTransitionsPath, type AlertRule, type AlertTransition } from '@callboard/contract/alerts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ALERTS_EVALUATE_QUEUE } from '../../api/src/domain/alerts/alert-evaluation';
import { callApi, type ApiInit } from '../support/api-client';
import { launchChromium } from '../support/browser';
import { signedInBrowser } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Telling people (issue 36), in real Chromium against the production build. A reviewer creates an alert rule on
 * one publisher's voicemail share and reads its preview; calls that trip it arrive through the ingest API; the
 * job runner judges the rules; the reviewer's bell counts the firing, and its notification opens Reporting on
 * that publisher over the window that fired. The reviewer saves that view and schedules it as a report, presses
 * Send now, and the admin finds both emails in Users → Outbox (the test server has no SMTP_URL).
 */
const INGEST_KEY = 'e2e-alerts-ingest-key-0123456789abcdef';
const PUBLISHER = 'E2E Alert Publisher';
const RULE = 'Voicemail spike, E2E publisher';
const VIEW = 'E2E publisher, voicemail';
const REVIEWER = { name: 'Rhea Reviewer', email: 'rhea.reviewer@example.com', password: 's3cret-pass' };
const MINUTE = 60_000;

let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];
let adminToken: string;
let publisherId: string;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 200, env: { INGEST_API_KEY: INGEST_KEY } }), launchChromium()]);
  adminToken = (await api<ApiSuccess<{ token: string }>>('/api/auth/login', { body: system.demoAdmin })).data.token;
  // A reviewer of their own: the demo admin is subscribed to the demo's rule, whose firing would share the bell.
  await api('/api/users', { token: adminToken, body: { ...REVIEWER, role: 'reviewer' } });
  // The publisher's history: a burst of voicemails three days ago (which the preview should find: one firing),
  // and calls yesterday, the day a daily report's Send now covers.
  const now = Date.now();
  await ingest([
    ...Array.from({ length: 6 }, (_, i) => call(`E2E-ALERT-PAST-${i}`, now - 3 * 1440 * MINUTE + i * 1000, 'Voicemail')),
    call('E2E-ALERT-PAST-SALE', now - 3 * 1440 * MINUTE - 2 * 60 * MINUTE, 'Sales'),
    ...Array.from({ length: 3 }, (_, i) => call(`E2E-ALERT-YESTERDAY-${i}`, now - 1440 * MINUTE + i * MINUTE, i === 0 ? 'Sales' : 'Voicemail')),
  ]);
  const publishers = await api<ApiSuccess<{ publishers: FilterOption[] }>>('/api/filters/publishers?datePreset=last_30_days', { token: adminToken });
  publisherId = String(publishers.data.publishers.find((option) => option.label === PUBLISHER)?.value);
}, 180_000);
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await system?.stop();
});

jest.setTimeout(300_000);

function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return callApi<T>(system.url, path, init);
}

/** One call of the publisher, as the tracking platform delivers it, with its QC verdict. */
function call(systemCallId: string, at: number, disposition: string) {
  return {
    systemCallId,
    callTimestamp: new Date(at).toISOString(),
    callerId: `+1555${String(at % 10_000_000).padStart(7, '0')}`,
    campaignName: 'E2E Alert Campaign',
    publisherName: PUBLISHER,
    durationSec: 40,
    qc: { disposition },
  };
}

async function ingest(calls: ReturnType<typeof call>[]): Promise<void> {
  const response = await fetch(`${system.url}/api/ingest/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': INGEST_KEY },
    body: JSON.stringify({ calls }),
  });
  const body = (await response.json()) as ApiSuccess<{ inserted: number; rejected: unknown[] }>;
  if (response.status !== 200 || body.data.inserted !== calls.length) throw new Error(`ingest: ${response.status} ${JSON.stringify(body)}`);
}

/** A person in a browser of their own, on `at`. */
async function person(who: { email: string; password: string }, at: string): Promise<Page> {
  const signedIn = await signedInBrowser(browser, system.url, who, { at });
  contexts.push(signedIn.context);
  return signedIn.page;
}

/**
 * Waits for `target` in a list read once when its page opens, pressing the page's Refresh between looks (the
 * outbox is filled by the delivery worker a moment after the send).
 */
async function untilListed(page: Page, target: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await target.first().waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
  }
}

test('a rule with its preview fires on ingested calls, the bell counts it and opens the filtered view; that view scheduled and sent now lands in the outbox', async () => {
  // ---- The reviewer creates the rule on Reporting's Alerts tab.
  const page = await person(REVIEWER, '/reporting/alerts');
  await page.getByRole('heading', { name: 'Alert rules' }).waitFor();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  expect(await bell.getAttribute('aria-label')).toBe('Notifications');
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('dialog', { name: 'New alert rule' });
  await form.getByLabel('Name').fill(RULE);
  await form.getByLabel('Metric').selectOption({ label: 'Voicemail %' });
  await form.getByLabel('Window').selectOption({ label: 'Last 15 minutes' });
  await form.getByRole('radio', { name: 'Chosen campaigns, publishers, targets or buyers' }).check();
  await form.getByLabel('Search publishers').fill('E2E Alert');
  await form.getByRole('group', { name: 'Publishers' }).getByRole('checkbox', { name: new RegExp(PUBLISHER) }).check();
  await form.getByRole('list', { name: 'Chosen sources' }).getByText(`Publisher: ${PUBLISHER}`).waitFor();
  await form.getByLabel('Condition').selectOption({ label: 'Above' });
  await form.getByLabel('Threshold').fill('50');
  await form.getByLabel('Minimum calls').fill('5');
  await form.getByLabel('Pending for (minutes)').fill('0');
  // The preview replays 30 days as evaluation would: the burst of three days ago is its one firing.
  // (The count shows, and is said again in a live region for screen readers: the first is the one on screen.)
  await form.getByText('It would have fired 1 time in the last 30 days.').first().waitFor({ timeout: 30_000 });
  await form.getByRole('list', { name: 'Firings, newest first' }).getByRole('listitem').first().getByText(/100(\.00)?\s?% of 6 calls/).waitFor();
  expect(await form.getByLabel('Subscribe me, in the app and by email').isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Save rule' }).click();
  await form.waitFor({ state: 'detached' });
  const ruleRow = page.getByRole('table', { name: 'Alert rules' }).getByRole('row').filter({ hasText: RULE });
  await ruleRow.getByText(`Publisher: ${PUBLISHER}`).or(ruleRow.getByText(PUBLISHER)).first().waitFor();
  const rules = await api<ApiSuccess<AlertRule[]>>(ALERTS_PATH, { token: await tokenOf(page) });
  const rule = rules.data.find((candidate) => candidate.name === RULE)!;
  expect(rule).toMatchObject({ metric: 'Voicemail', window: '15m', condition: 'above', threshold: 50, minCalls: 5, scope: { kind: 'sources', publisher: [Number(publisherId)] } });
  expect([...(rule.subscription ?? [])].sort()).toEqual(['email', 'in_app']);

  // ---- Calls that trip it: 6 voicemails of the publisher, timed a few minutes ago (inside any window judged from now on).
  const now = Date.now();
  await ingest(Array.from({ length: 6 }, (_, i) => call(`E2E-ALERT-NOW-${i}`, now - 3 * MINUTE + i * 1000, 'Voicemail')));

  // ---- The job runner judges every rule each minute (the cron tick, plugins/app/alert-jobs.ts). The test also
  // queues that job itself so as not to wait for the tick; a minute the tick had judged already is judged again
  // by no one, so the next tick is the bound (up to a minute, plus the runner's polling).
  await system.server.fastify.jobs.send(ALERTS_EVALUATE_QUEUE, {});
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 100_000 });
  // The tab reads its rules as it opens (a notification does not read them again): opened afresh, the rule is firing.
  await page.reload();
  await ruleRow.getByText('Firing', { exact: true }).waitFor();

  // ---- The notification opens Reporting on the publisher over the window that fired.
  const [transition] = (await api<ApiSuccess<AlertTransition[]>>(alertTransitionsPath(rule.id), { token: await tokenOf(page) })).data;
  expect(transition).toMatchObject({ to: 'firing' });
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const notice = panel.getByRole('link', { name: new RegExp(`^Unread\\. .*Alert firing: ${RULE}`) });
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Voicemail %: 100 % (6 calls), above 50 %');
  await notice.click();
  await page.waitForURL((url) => url.pathname === '/reporting' && url.searchParams.get('publisher') === publisherId);
  const landed = new URL(page.url()).searchParams;
  expect(landed.get('datePreset')).toBe('custom');
  expect(Date.parse(landed.get('startDate')!)).toBe(Date.parse(transition!.figures.windowFrom));
  expect(Date.parse(landed.get('endDate')!)).toBe(Date.parse(transition!.figures.windowTo));
  // The publisher and the custom range are the two filters; the records are the six calls that tripped it.
  await page.getByRole('button', { name: 'Filters, 2 active' }).waitFor();
  await page.getByRole('button', { name: 'Date range: Custom Range' }).waitFor();
  await page.getByText('Showing 1-6 of 6 items').waitFor();
  await page.getByRole('button', { name: 'Notifications' }).waitFor();

  // ---- That view, saved and scheduled from the Views menu's Schedule…, then sent now.
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Views' });
  await menu.getByRole('button', { name: 'Save current view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('Name').fill(VIEW);
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await save.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await menu.getByRole('button', { name: `Schedule ${VIEW}…` }).click();
  await page.waitForURL((url) => url.pathname === '/reporting/reports');
  const schedule = page.getByRole('dialog', { name: 'Schedule a report' });
  await schedule.getByLabel('Saved view').locator('option:checked', { hasText: VIEW }).waitFor({ state: 'attached' });
  await schedule.getByRole('list', { name: 'Chosen recipients' }).getByText(REVIEWER.name).waitFor();
  await schedule.getByLabel('Frequency').selectOption({ label: 'Daily' });
  await schedule.getByLabel('Attachment').selectOption({ label: 'CSV' });
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await schedule.waitFor({ state: 'detached' });
  const scheduleRow = page.getByRole('table', { name: 'Scheduled reports' }).getByRole('row').filter({ hasText: VIEW });
  await scheduleRow.getByText('Never').waitFor();
  await scheduleRow.getByRole('button', { name: `Send ${VIEW} now` }).click();
  // "<yesterday> sent to 1 recipient": the period is the email's subject.
  const sent = page.getByText(/ sent to 1 recipient$/);
  await sent.waitFor();
  const period = (await sent.textContent())!.replace(/ sent to 1 recipient$/, '');
  // Each send tells the schedule's owner too.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });

  // ---- The admin's outbox holds the alert's email and the report's, both to the reviewer.
  const admin = await person(system.demoAdmin, '/users/outbox');
  await admin.getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
  const outbox = admin.getByRole('list', { name: 'Outbox' });
  const reportEmail = outbox.getByRole('button').filter({ hasText: `${VIEW} — ${period}` }).filter({ hasText: `To ${REVIEWER.email}` });
  await untilListed(admin, reportEmail);
  await outbox.getByRole('button').filter({ hasText: `Alert firing: ${RULE}` }).filter({ hasText: `To ${REVIEWER.email}` }).waitFor();
  await reportEmail.click();
  const message = admin.getByRole('article', { name: `Email: ${VIEW} — ${period}` });
  await message.getByRole('list', { name: 'Attachments' }).getByText(/\.csv/).waitFor();
  await message.getByRole('button', { name: 'Text' }).click();
  const text = (await message.locator('pre').textContent()) ?? '';
  // The link opens the view on the period; and the reviewer's own unsubscribe link.
  expect(text).toContain('/reporting?');
  expect(text).toMatch(/unsubscribe\?token=/);
});

/** The session the page keeps (its token in the origin's localStorage), for the test's own reads through the API. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}
