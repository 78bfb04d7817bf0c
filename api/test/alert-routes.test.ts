/**
 * The alert routes (issue 36 item 1): reviewers and admins keep the rules, an analyst reads them and subscribes
 * themself, validation says what is wrong with each field, a view's filters are copied into the rule, the preview
 * answers for an unsaved rule, and the transitions page. On both engines (the role matrix and the leak matrix
 * hold every route to its roles and close them to partners).
 */
import { PERMISSION_DENIED } from '@callboard/contract';
import { ALERT_MESSAGES, ALERT_PREVIEW_DAYS, type AlertFigures, type AlertFiring, type AlertRule, type AlertRuleBody, type AlertTransition } from '@callboard/contract/alerts';
import { evaluateAlerts } from '../src/domain/alerts/alert-evaluation';
import { MINUTE } from './support/alert-calls';
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn & { password?: string };
let analyst: SignedIn;
let publisherId: number;

const send = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), payload });

const rule = (changes: Partial<AlertRuleBody> = {}): AlertRuleBody => ({
  name: 'Voicemail spike',
  metric: 'Voicemail',
  scope: { kind: 'sources', publisher: [publisherId] },
  window: '1h',
  condition: 'above',
  threshold: 20,
  minCalls: 2,
  ...changes,
});

/** A link to Reporting on a custom range that is exactly the figures' window, with the scope's filters and nothing else. */
function expectWindowLink(link: string, figures: AlertFigures, filters: Record<string, string>): void {
  const url = new URL(link, 'http://callboard.test');
  expect(url.pathname).toBe('/reporting');
  expect(Object.fromEntries(url.searchParams)).toEqual({ datePreset: 'custom', startDate: expect.any(String), endDate: expect.any(String), ...filters });
  expect(Date.parse(url.searchParams.get('startDate')!)).toBe(Date.parse(figures.windowFrom));
  expect(Date.parse(url.searchParams.get('endDate')!)).toBe(Date.parse(figures.windowTo));
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Alert Admin');
  reviewer = await signUp(t.app, 'Alert Reviewer');
  analyst = await signUp(t.app, 'Analyst');
  const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${reviewer.user.id}/role`, headers: bearer(admin.token), payload: { role: 'reviewer' } });
  expect(promoted.statusCode).toBe(200);
  // A change of role ends the person's sessions: the reviewer signs in again.
  reviewer = { ...(await login(t.app, reviewer.user.email, reviewer.password!)) };
  // A call every hour and a half over the last 18 hours, most of them voicemail: an hour's window holds one or
  // none, so a rule fires and stops again and again, for the preview's firings and the transitions' pages.
  const now = Date.now();
  await ingestAll(
    t.app,
    Array.from({ length: 12 }, (_, i) =>
      makeCall(`route-${i}`, { callTimestamp: new Date(now - (i * 90 + 5) * MINUTE).toISOString(), publisherName: 'Pub Routes', qc: { disposition: i % 4 === 0 ? 'Sales' : 'Voicemail' } }),
    ),
  );
  publisherId = Number((await t.db.query<{ id: number }>("SELECT id FROM publishers WHERE name = 'Pub Routes'"))[0]!.id);
}, 120_000);
afterAll(() => t.close());

test('a reviewer keeps rules; an analyst reads them and subscribes, but may not create, change, preview or delete one', async () => {
  const created = await send(reviewer, 'POST', '/api/alerts', rule({ resetLevel: 15, pendingMinutes: 5 }));
  expect(created.statusCode).toBe(201);
  const saved = created.json().data as AlertRule;
  expect(saved).toMatchObject({
    name: 'Voicemail spike',
    metric: 'Voicemail',
    scope: { kind: 'sources', publisher: [publisherId] },
    window: '1h',
    condition: 'above',
    threshold: 20,
    resetLevel: 15,
    minCalls: 2,
    pendingMinutes: 5,
    cooldownMinutes: 30,
    businessHours: null,
    endpointIds: [],
    status: { state: 'ok', evaluatedAt: null, figures: null },
    subscription: null,
    subscribers: 0,
    createdBy: 'Alert Reviewer',
  });

  for (const [method, url, payload] of [
    ['POST', '/api/alerts', rule()],
    ['POST', '/api/alerts/preview', rule()],
    ['PUT', `/api/alerts/${saved.id}`, rule()],
    ['DELETE', `/api/alerts/${saved.id}`, undefined],
  ] as const) {
    const refused = await send(analyst, method, url, payload);
    expect({ url, status: refused.statusCode, message: refused.json().message }).toEqual({ url, status: 403, message: PERMISSION_DENIED.manageAlerts });
  }
  expect((await send(analyst, 'GET', '/api/alerts')).json().data.map((r: AlertRule) => r.id)).toEqual([saved.id]);

  const subscribed = await send(analyst, 'PUT', `/api/alerts/${saved.id}/subscription`, { channels: ['email', 'in_app'] });
  expect(subscribed.statusCode).toBe(200);
  expect(subscribed.json().data).toMatchObject({ subscription: ['email', 'in_app'], subscribers: 1 });
  const bad = await send(analyst, 'PUT', `/api/alerts/${saved.id}/subscription`, { channels: ['sms'] });
  expect({ status: bad.statusCode, errors: bad.json().errors }).toEqual({ status: 400, errors: [{ field: 'channels', message: ALERT_MESSAGES.channelsInvalid }] });
  // Another person sees the count, not someone else's channels.
  expect((await send(admin, 'GET', `/api/alerts/${saved.id}`)).json().data).toMatchObject({ subscription: null, subscribers: 1 });
  const unsubscribed = await send(analyst, 'DELETE', `/api/alerts/${saved.id}/subscription`);
  expect(unsubscribed.json().data).toMatchObject({ subscription: null, subscribers: 0 });

  // A change replaces the rule; where it stands is kept.
  const changed = await send(admin, 'PUT', `/api/alerts/${saved.id}`, rule({ name: 'Voicemail spike (strict)', threshold: 10 }));
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({ name: 'Voicemail spike (strict)', threshold: 10, resetLevel: 10, pendingMinutes: 0, createdBy: 'Alert Reviewer' });

  expect((await send(reviewer, 'DELETE', `/api/alerts/${saved.id}`)).statusCode).toBe(200);
  expect((await send(analyst, 'GET', `/api/alerts/${saved.id}`)).statusCode).toBe(404);
  expect((await send(analyst, 'PUT', `/api/alerts/${saved.id}/subscription`, { channels: ['in_app'] })).statusCode).toBe(404);
});

test('validation names each field and what is wrong with it, what only the database knows included', async () => {
  const errorsOf = async (body: object) => {
    const response = await send(reviewer, 'POST', '/api/alerts', body);
    expect(response.statusCode).toBe(400);
    return response.json().errors;
  };
  expect(await errorsOf(rule({ metric: 'Voice' as never, threshold: 140 }))).toEqual([{ field: 'metric', message: ALERT_MESSAGES.metricInvalid }]);
  expect(await errorsOf(rule({ threshold: 140, resetLevel: 150 }))).toEqual([{ field: 'threshold', message: ALERT_MESSAGES.shareThresholdRange }]);
  expect(await errorsOf(rule({ metric: 'volume', condition: 'below', threshold: 1, minCalls: 5 }))).toEqual([{ field: 'minCalls', message: ALERT_MESSAGES.minCallsVolume }]);
  expect(await errorsOf(rule({ scope: { kind: 'sources', publisher: [publisherId, 999_999] } }))).toEqual([
    { field: 'scope.publisher', message: ALERT_MESSAGES.sourceNotFound('publisher', 999_999) },
  ]);
  expect(await errorsOf(rule({ endpointIds: ['6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5'] }))).toEqual([
    { field: 'endpointIds', message: ALERT_MESSAGES.endpointNotFound('6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5') },
  ]);
  // Someone else's private view is none the author can see.
  const privateView = await send(analyst, 'POST', '/api/views', { name: 'Mine', area: 'reporting', query: 'status=Voicemail' });
  expect(await errorsOf(rule({ scope: { kind: 'view', viewId: privateView.json().data.id } }))).toEqual([{ field: 'scope.viewId', message: ALERT_MESSAGES.viewNotFound }]);
  const missing = await send(reviewer, 'POST', '/api/alerts', { name: 'No metric' });
  expect(missing.statusCode).toBe(400);
});

test("a view's filters are copied into the rule, without its dates or order, and the rule outlives the view", async () => {
  const view = await send(reviewer, 'POST', '/api/views', {
    name: 'Connected voicemail',
    area: 'reporting',
    query: `datePreset=last_7_days&publisher=${publisherId}&status=Voicemail&connected=true&sortBy=durationSec&page=2`,
  });
  expect(view.statusCode).toBe(201);
  const viewId = view.json().data.id;
  const created = await send(reviewer, 'POST', '/api/alerts', rule({ name: 'From a view', scope: { kind: 'view', viewId }, metric: 'volume', condition: 'above', threshold: 100, minCalls: 0 }));
  expect(created.statusCode).toBe(201);
  const saved = created.json().data as AlertRule;
  expect(saved.scope).toEqual({ kind: 'view', viewId, viewName: 'Connected voicemail', query: `publisher=${publisherId}&status=Voicemail&connected=true` });
  expect((await send(reviewer, 'DELETE', `/api/views/${viewId}`)).statusCode).toBe(200);
  expect((await send(reviewer, 'GET', `/api/alerts/${saved.id}`)).json().data.scope).toEqual({
    kind: 'view',
    viewId: null,
    viewName: 'Connected voicemail',
    query: `publisher=${publisherId}&status=Voicemail&connected=true`,
  });
  expect((await send(reviewer, 'DELETE', `/api/alerts/${saved.id}`)).statusCode).toBe(200);
});

test('the preview answers for an unsaved rule: the 30 days judged minute by minute and when it would have fired', async () => {
  const response = await send(reviewer, 'POST', '/api/alerts/preview', rule({ minCalls: 1, cooldownMinutes: 0 }));
  expect(response.statusCode).toBe(200);
  const preview = response.json().data;
  expect(preview.minutes).toBe(ALERT_PREVIEW_DAYS * 24 * 60);
  expect(Date.parse(preview.to) - Date.parse(preview.from)).toBe(ALERT_PREVIEW_DAYS * 86_400_000);
  expect(preview.firingCount).toBeGreaterThan(0);
  expect(preview.firings[0]).toEqual({
    firedAt: expect.any(String),
    endedAt: expect.any(String),
    figures: expect.objectContaining({ calls: expect.any(Number), value: expect.any(Number) }),
    link: expect.any(String),
  });
  // Each firing links to Reporting on the calls it fired on: the rule's publisher over the figures' window.
  for (const firing of preview.firings as AlertFiring[]) expectWindowLink(firing.link, firing.figures, { publisher: String(publisherId) });
  expect(preview.noDataMinutes).toBeGreaterThan(0);
  // It saves nothing.
  expect((await send(reviewer, 'GET', '/api/alerts')).json().data).toEqual([]);
});

test('a rule is previewed before it is named; a save still needs the name', async () => {
  const { name: _name, ...unnamed } = rule({ minCalls: 1, cooldownMinutes: 0 });
  const named = (await send(reviewer, 'POST', '/api/alerts/preview', rule({ minCalls: 1, cooldownMinutes: 0 }))).json().data;
  const preview = await send(reviewer, 'POST', '/api/alerts/preview', unnamed);
  expect(preview.statusCode).toBe(200);
  expect(preview.json().data.firings).toEqual(named.firings);
  expect((await send(reviewer, 'POST', '/api/alerts/preview', { ...unnamed, name: '' })).statusCode).toBe(200);
  // Its other fields are judged as a save's are, and only they are named.
  const wrong = await send(reviewer, 'POST', '/api/alerts/preview', { ...unnamed, threshold: 140 });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().errors).toEqual([{ field: 'threshold', message: ALERT_MESSAGES.shareThresholdRange }]);
  const saved = await send(reviewer, 'POST', '/api/alerts', unnamed);
  expect(saved.statusCode).toBe(400);
  expect(saved.json().errors).toEqual([expect.objectContaining({ field: 'name' })]);
});

test('the transitions page newest first, the next page from the last one seen', async () => {
  const created = (await send(reviewer, 'POST', '/api/alerts', rule({ name: 'Paged', minCalls: 1, cooldownMinutes: 0 }))).json().data as AlertRule;
  // Judged over the last hours, it goes between no data and firing as the calls come and go.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * 60 * MINUTE;
  for (let minute = 0; minute <= 5 * 60; minute += 1) await evaluateAlerts(t.db, new Date(start + minute * MINUTE), t.app.delivery);
  const all = (await send(analyst, 'GET', `/api/alerts/${created.id}/transitions?limit=200`)).json().data;
  expect(all.length).toBeGreaterThan(3);
  expect(all.map((x: { id: string }) => Number(x.id))).toEqual([...all.map((x: { id: string }) => Number(x.id))].sort((a, b) => b - a));
  const first = (await send(analyst, 'GET', `/api/alerts/${created.id}/transitions?limit=2`)).json().data;
  const next = (await send(analyst, 'GET', `/api/alerts/${created.id}/transitions?limit=2&before=${first[1].id}`)).json().data;
  expect([...first, ...next]).toEqual(all.slice(0, 4));
  // Each links to Reporting on the calls it was judged on.
  for (const transition of all as AlertTransition[]) expectWindowLink(transition.link, transition.figures, { publisher: String(publisherId) });
  expect((await send(analyst, 'GET', `/api/alerts/${created.id}/transitions?limit=0`)).statusCode).toBe(400);
}, 120_000);
