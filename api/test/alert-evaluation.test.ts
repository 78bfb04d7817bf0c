/**
 * Alert evaluation against brute force (issue 36, tests): every metric, every window, up/down beside above, over
 * five scopes (the network, a publisher, a campaign with buyers, a view of statuses and connection, and a view
 * with a caller-id search, which reads its own counts instead of the shared facts), each rule's figures as
 * evaluation stored them equal to what counting the stored calls says. On both engines.
 */
import { ALERT_METRICS, ALERT_WINDOW_MINUTES, ALERT_WINDOWS, isShareMetric, type AlertRule, type AlertRuleBody, type AlertScopeBody } from '@callboard/contract/alerts';
import { isDisposition } from '@callboard/contract';
import { evaluateAlerts, type AlertDeliveries } from '../src/domain/alerts/alert-evaluation';
import { ALERT_BUYERS, ALERT_CAMPAIGNS, ALERT_PUBLISHERS, MINUTE, WEEK, alertCalls, bruteCounts, pct, storedCalls, type StoredCall } from './support/alert-calls';
import { INGEST_KEY, getOk, ingestAll } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let calls: StoredCall[];
/** The minute judged: a whole minute a few hours ago. */
const T = Math.floor((Date.now() - 3 * 3_600_000) / MINUTE) * MINUTE;

interface Scope {
  label: string;
  body: AlertScopeBody;
  keeps: (call: StoredCall) => boolean;
}
let scopes: Scope[];

const noDeliveries: AlertDeliveries = {
  deliverToUser: async () => {
    throw new Error('no rule of this test has a subscriber');
  },
  deliverToEndpoint: async () => {
    throw new Error('no rule of this test has an endpoint');
  },
};

async function idOf(table: string, name: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE name = $1`, [name]);
  return Number(row!.id);
}

async function saveView(name: string, query: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/views', headers: bearer(admin.token), payload: { name, area: 'reporting', query } });
  if (response.statusCode !== 201) throw new Error(`saving the view ${name}: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Alert Admin');
  await ingestAll(t.app, alertCalls(36, T, 1500));
  // Some of the last day's calls disputed, as a reviewer opens them on the buyer's behalf.
  const recent = (await storedCalls(t.db)).filter((c) => c.buyerId !== null && c.ts >= T - 20 * 3_600_000 && c.ts < T - 60 * MINUTE);
  for (const call of recent.filter((_, i) => i % 9 === 0)) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${call.id}/disputes`,
      headers: bearer(admin.token),
      payload: { reason: 'other', note: 'Disputed for the alert test' },
    });
    expect(response.statusCode).toBe(201);
  }
  calls = await storedCalls(t.db);
  expect(calls.filter((c) => c.disputeState !== 'none').length).toBeGreaterThan(5);
  expect(calls.filter((c) => c.repeat).length).toBeGreaterThan(5);

  const north = await idOf('publishers', ALERT_PUBLISHERS[0]!);
  const medicare = await idOf('campaigns', ALERT_CAMPAIGNS[0]!);
  const buyers = [await idOf('buyers', ALERT_BUYERS[0]!), await idOf('buyers', ALERT_BUYERS[1]!)];
  const statusView = await saveView('Voicemail and sales, connected', 'datePreset=today&status=Voicemail,Sales,Rejected%20%2F%20Unknown&connected=true');
  const searchView = await saveView('Repeat 555 callers', 'datePreset=last_7_days&search=555&repeat=true&sortBy=durationSec');
  const viewStatuses = new Set(['Voicemail', 'Sales']);
  scopes = [
    { label: 'network', body: { kind: 'network' }, keeps: () => true },
    { label: 'a publisher', body: { kind: 'sources', publisher: [north] }, keeps: (c) => c.publisherId === north },
    {
      label: 'a campaign with buyers',
      body: { kind: 'sources', campaign: [medicare], buyer: buyers },
      keeps: (c) => c.campaignId === medicare && c.buyerId !== null && buyers.includes(c.buyerId),
    },
    { label: 'a view of statuses', body: { kind: 'view', viewId: statusView }, keeps: (c) => c.connected && (viewStatuses.has(c.status) || !isDisposition(c.status)) },
    { label: 'a view with a search', body: { kind: 'view', viewId: searchView }, keeps: (c) => c.callerId.includes('555') && c.repeat },
  ];
}, 180_000);
afterAll(() => t.close());

interface Case {
  body: AlertRuleBody;
  scope: Scope;
}

function cases(): Case[] {
  return ALERT_METRICS.flatMap((metric, i) =>
    ALERT_WINDOWS.map((window, j) => {
      const scope = scopes[(i + j) % scopes.length]!;
      const change = (i + 2 * j) % 3 === 0;
      const body: AlertRuleBody = {
        name: `${metric} ${window} ${scope.label}${change ? ' up' : ''}`,
        metric,
        scope: scope.body,
        window,
        condition: change ? 'up' : 'above',
        threshold: change ? 10 : 0,
        minCalls: metric === 'volume' && !change ? 0 : 1,
      };
      return { body, scope };
    }),
  );
}

test('every metric and window, on the shared facts and on a view read on its own, equals counting the calls', async () => {
  const all = cases();
  for (const { body } of all) {
    const response = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: bearer(admin.token), payload: body });
    expect(response.statusCode).toBe(201);
  }
  const outcome = await evaluateAlerts(t.db, new Date(T + 42_000), noDeliveries);
  expect(outcome).toMatchObject({ minute: new Date(T).toISOString(), judged: all.length });

  const rules = new Map((await getOk<{ data: AlertRule[] }>(t.app, admin.token, '/api/alerts')).data.map((rule) => [rule.name, rule]));
  let judged = 0;
  for (const { body, scope } of all) {
    const rule = rules.get(body.name)!;
    const window = ALERT_WINDOW_MINUTES[body.window] * MINUTE;
    const current = bruteCounts(calls, scope.keeps, body.metric, T - window, T);
    const figureOf = (counts: { calls: number; marked: number }) => (isShareMetric(body.metric) ? pct(counts.marked, counts.calls) : counts.calls);
    const value = body.metric === 'volume' || current.calls > 0 ? figureOf(current) : null;
    const figures = rule.status.figures!;
    const label = `${body.name}: `;
    expect(`${label}${figures.windowFrom} ${figures.calls} ${figures.value}`).toBe(`${label}${new Date(T - window).toISOString()} ${current.calls} ${value}`);
    if (current.calls < (body.minCalls ?? 0)) {
      expect(figures.noData).toBeDefined();
      continue;
    }
    if (body.condition === 'up') {
      const base = bruteCounts(calls, scope.keeps, body.metric, T - WEEK - window, T - WEEK);
      const baseValue = base.calls > 0 ? figureOf(base) : null;
      const change = base.calls >= 1 && baseValue !== null && baseValue !== 0 ? Math.round(((value! - baseValue) / baseValue) * 10_000) / 100 : null;
      expect(`${label}${figures.baselineCalls} ${figures.baselineValue} ${figures.change}`).toBe(`${label}${base.calls} ${baseValue} ${change}`);
      if (change === null) continue;
    }
    expect(figures.noData).toBeUndefined();
    judged += 1;
  }
  // Most rules had calls to judge: the comparison is not one of empty windows.
  expect(judged).toBeGreaterThan(all.length / 2);

  // The same minute again (a retried job, another instance): nothing is judged twice.
  expect(await evaluateAlerts(t.db, new Date(T + 59_000), noDeliveries)).toMatchObject({ judged: 0, transitions: 0 });
}, 120_000);
