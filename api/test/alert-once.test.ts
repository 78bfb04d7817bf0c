/**
 * A firing is told once (issue 36, tests: "two instances on one database: a firing rule notifies once, not
 * twice"). The job runner sends each minute's tick to one instance; should two evaluations of the same minute
 * still run at once (a retried job beside a slow one), on two connection pools of one PostgreSQL database, the
 * rule's transition is recorded and told by one of them: one transition row, one notification, one email, one
 * webhook. On PGlite (one connection) the two take turns and the second finds the minute judged.
 */
import type { NotificationList } from '@callboard/contract/notifications';
import { evaluateAlerts } from '../src/domain/alerts/alert-evaluation';
import type { Database } from '../src/db/database';
import { MINUTE } from './support/alert-calls';
import { INGEST_KEY, getOk, ingestAll, makeCall } from './support/calls-fixtures';
import { anotherPoolOn, testEngine, type TestDatabase } from './support/test-database';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let second: TestDatabase | undefined;
let secondDb: Database;
const T = Math.floor((Date.now() - 3_600_000) / MINUTE) * MINUTE;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Alert Admin');
  await ingestAll(t.app, Array.from({ length: 6 }, (_, i) => makeCall(`once-${i}`, { callTimestamp: new Date(T - (i + 1) * MINUTE).toISOString(), qc: { disposition: 'Voicemail' } })));
  const endpoint = await t.app.inject({ method: 'POST', url: '/api/delivery-endpoints', headers: bearer(admin.token), payload: { name: 'Hook', kind: 'webhook', url: 'http://127.0.0.1:9/hook' } });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: bearer(admin.token),
    payload: { name: 'All voicemail', metric: 'Voicemail', scope: { kind: 'network' }, window: '15m', condition: 'above', threshold: 50, minCalls: 5, endpointIds: [endpoint.json().data.id] },
  });
  expect(created.statusCode).toBe(201);
  const subscribed = await t.app.inject({ method: 'PUT', url: `/api/alerts/${created.json().data.id}/subscription`, headers: bearer(admin.token), payload: { channels: ['in_app', 'email'] } });
  expect(subscribed.statusCode).toBe(200);
  if (testEngine() === 'postgres') {
    second = await anotherPoolOn(t.database);
    secondDb = second.db;
  } else {
    secondDb = t.db;
  }
}, 120_000);
afterAll(async () => {
  await second?.drop();
  await t.close();
});

test('two evaluations of the same minute at once record and tell the firing once', async () => {
  const outcomes = await Promise.all([evaluateAlerts(t.db, new Date(T + 1_000), t.app.delivery), evaluateAlerts(secondDb, new Date(T + 2_000), t.app.delivery)]);
  expect(outcomes.map((o) => o.failed)).toEqual([[], []]);
  expect(outcomes[0].transitions + outcomes[1].transitions).toBe(1);

  const [transitions] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM alert_transitions WHERE to_state = 'firing'");
  expect(transitions!.n).toBe(1);
  const { notifications } = (await getOk<{ data: NotificationList }>(t.app, admin.token, '/api/notifications')).data;
  expect(notifications.map((n) => n.kind)).toEqual(['alert.fired']);
  const sent = await t.db.query<{ channel: string }>("SELECT channel FROM deliveries WHERE source_kind = 'alert' ORDER BY channel");
  expect(sent.map((d) => d.channel)).toEqual(['email', 'webhook']);
});
