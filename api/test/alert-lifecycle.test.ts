/**
 * A rule's life with a clock the test controls (issue 36, tests): judged minute by minute over calls whose
 * voicemail share rises and falls, it goes no data → ok → pending → firing (after its pending minutes) →
 * resolved (only past its reset level) → a breach ignored through the cooldown → pending → firing again →
 * resolved → ok → no data, each transition recorded with its figures. A firing and a resolution tell the
 * subscribers in the app and by email and the rule's webhook, linking to Reporting over the window; a failure to
 * tell records nothing, and the next evaluation of the minute does it. On both engines.
 */
import type { AlertRule, AlertTransition } from '@callboard/contract/alerts';
import { formatInNewYork } from '@callboard/contract/new-york-time';
import type { NotificationList } from '@callboard/contract/notifications';
import { evaluateAlerts, type AlertDeliveries } from '../src/domain/alerts/alert-evaluation';
import { MINUTE } from './support/alert-calls';
import { INGEST_KEY, getOk, ingestAll, type IngestCallInput } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let analyst: SignedIn;
let rule: AlertRule;
let publisherId: number;
let endpointId: string;
/** Minute 0 of the calls: a whole minute some hours ago. */
const T0 = Math.floor((Date.now() - 4 * 3_600_000) / MINUTE) * MINUTE;
const at = (minute: number) => T0 + minute * MINUTE;

/**
 * Four calls a minute from minute 0 to 119 for Pub North: all voicemail in three waves (minutes 20-39, 50-69 and
 * 86-105), one in four otherwise. A 15-minute window with k wave minutes holds 25 + 5k % voicemail.
 */
function voicemailWaves(): IngestCallInput[] {
  const calls: IngestCallInput[] = [];
  for (let minute = 0; minute < 120; minute += 1) {
    const wave = (minute >= 20 && minute < 40) || (minute >= 50 && minute < 70) || (minute >= 86 && minute < 106);
    for (let i = 0; i < 4; i += 1) {
      calls.push({
        systemCallId: `wave-${minute}-${i}`,
        callTimestamp: new Date(at(minute) + i * 10_000).toISOString(),
        callerId: `55500${String(minute * 4 + i).padStart(5, '0')}`,
        campaignName: 'Waves',
        publisherName: 'Pub North',
        targetName: 'Target',
        buyerName: 'Buyer',
        durationSec: 30,
        revenue: 10,
        payout: 5,
        qc: { disposition: wave || i === 0 ? 'Voicemail' : 'Sales' },
      });
    }
    // Another publisher's calls, all voicemail, which the rule's scope leaves out.
    calls.push({ systemCallId: `other-${minute}`, callTimestamp: new Date(at(minute)).toISOString(), callerId: '5559990000', campaignName: 'Waves', publisherName: 'Pub South', durationSec: 30, qc: { disposition: 'Voicemail' } });
  }
  return calls;
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Alert Admin');
  analyst = await signUp(t.app, 'Analyst');
  await ingestAll(t.app, voicemailWaves());
  publisherId = Number((await t.db.query<{ id: number }>("SELECT id FROM publishers WHERE name = 'Pub North'"))[0]!.id);
  const endpoint = await t.app.inject({
    method: 'POST',
    url: '/api/delivery-endpoints',
    headers: bearer(admin.token),
    payload: { name: 'QC hook', kind: 'webhook', url: 'http://127.0.0.1:9/hook' },
  });
  expect(endpoint.statusCode).toBe(201);
  endpointId = endpoint.json().data.id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: bearer(admin.token),
    payload: {
      name: 'Voicemail spike, Pub North',
      metric: 'Voicemail',
      scope: { kind: 'sources', publisher: [publisherId] },
      window: '15m',
      condition: 'above',
      threshold: 50,
      resetLevel: 30,
      minCalls: 5,
      pendingMinutes: 3,
      cooldownMinutes: 10,
      endpointIds: [endpointId],
    },
  });
  expect(created.statusCode).toBe(201);
  rule = created.json().data;
  for (const [who, channels] of [
    [admin, ['in_app', 'email']],
    [analyst, ['in_app']],
  ] as const) {
    const response = await t.app.inject({ method: 'PUT', url: `/api/alerts/${rule.id}/subscription`, headers: bearer(who.token), payload: { channels } });
    expect(response.statusCode).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

const deliveries = (): AlertDeliveries => t.app.delivery;
const notificationsOf = async (who: SignedIn) => (await getOk<{ data: NotificationList }>(t.app, who.token, '/api/notifications')).data.notifications;

test('minute by minute: pending, firing, hysteresis, cooldown and no data, each told as it should be', async () => {
  // Minute 29 is first judged with deliveries that fail: nothing of its firing is kept, and it is judged again.
  const failing: AlertDeliveries = {
    deliverToUser: (...args) => t.app.delivery.deliverToUser(...args),
    deliverToEndpoint: async () => {
      throw new Error('the endpoint could not be written');
    },
  };
  for (let minute = 1; minute <= 136; minute += 1) {
    if (minute === 29) {
      const outcome = await evaluateAlerts(t.db, new Date(at(29) + 5_000), failing);
      expect(outcome.failed.map((f) => f.ruleId)).toEqual([rule.id]);
      expect((await notificationsOf(analyst)).length).toBe(0);
      const [state] = await t.db.query<{ state: string; evaluated_at: Date | null }>('SELECT state, evaluated_at FROM alert_states WHERE rule_id = $1', [rule.id]);
      expect(state!.state).toBe('pending');
      expect(new Date(state!.evaluated_at!).getTime()).toBe(at(28));
    }
    await evaluateAlerts(t.db, new Date(at(minute) + 20_000), deliveries());
  }

  const transitions = (await getOk<{ data: AlertTransition[] }>(t.app, analyst.token, `/api/alerts/${rule.id}/transitions?limit=200`)).data.reverse();
  expect(transitions.map((x) => `${(Date.parse(x.at) - T0) / MINUTE} ${x.from}→${x.to}`)).toEqual([
    '1 ok→no_data', // 4 calls in the window, under the minimum of 5
    '2 no_data→ok',
    '26 ok→pending', // 6 wave minutes of 15: 55 % > 50 %
    '29 pending→firing', // held for its 3 pending minutes
    // Between the first two waves the window holds 5 wave minutes (50 %: no longer above 50 %, still above the
    // reset level of 30 %), so the rule keeps firing through them.
    '84 firing→resolved', // 1 wave minute left in the window: 30 %
    '94 resolved→pending', // the third wave breached from minute 92, inside the 10-minute cooldown
    '97 pending→firing',
    '120 firing→resolved',
    '130 resolved→ok', // its cooldown over, and quiet
    '134 ok→no_data', // the calls ended at minute 119: one minute of them left in the window
  ]);
  const firing = transitions[3]!;
  expect(firing.figures).toEqual({
    windowFrom: new Date(at(14)).toISOString(),
    windowTo: new Date(at(29)).toISOString(),
    calls: 60,
    value: 70, // 9 wave minutes
  });
  expect(transitions[0]!.figures).toMatchObject({ calls: 4, noData: 'fewer than 5 calls in the window' });

  // Told: both subscribers in the app, newest first (2 firings, 2 resolutions), each linking to the window that caused it.
  const analystNotes = await notificationsOf(analyst);
  expect(analystNotes.map((n) => n.kind)).toEqual(['alert.resolved', 'alert.fired', 'alert.resolved', 'alert.fired']);
  const fired = analystNotes[3]!;
  expect(fired.title).toBe('Alert firing: Voicemail spike, Pub North');
  // The window on the New York clock, its end's date written only when it is another day.
  const sameDay = formatInNewYork(new Date(at(14)), 'yyyy-LL-dd') === formatInNewYork(new Date(at(29)), 'yyyy-LL-dd');
  const window = `${formatInNewYork(new Date(at(14)), 'LLL d, HH:mm')}–${formatInNewYork(new Date(at(29)), sameDay ? 'HH:mm' : 'LLL d, HH:mm')} (New York)`;
  expect(fired.body).toBe(`Voicemail %: 70 % (60 calls), above 50 %, ${window}.`);
  const link = new URL(fired.link, 'http://callboard.test');
  expect(link.pathname).toBe('/reporting');
  expect(Object.fromEntries(link.searchParams)).toEqual({ datePreset: 'custom', startDate: expect.any(String), endDate: expect.any(String), publisher: String(publisherId) });
  expect(Date.parse(link.searchParams.get('startDate')!)).toBe(at(14));
  expect(Date.parse(link.searchParams.get('endDate')!)).toBe(at(29));
  // The transitions page links the firing to the same address.
  expect(firing.link).toBe(fired.link);
  expect((await notificationsOf(admin)).map((n) => n.kind)).toEqual(['alert.resolved', 'alert.fired', 'alert.resolved', 'alert.fired']);

  // By email to the one who asked for it, and to the endpoint: each of the four, in order, through the delivery log.
  const sent = await t.db.query<{ channel: string; recipient_user_id: string | null; endpoint_id: string | null; subject: string; ordering_key: string }>(
    "SELECT channel, recipient_user_id, endpoint_id, subject, ordering_key FROM deliveries WHERE source_kind = 'alert' AND source_id = $1 ORDER BY seq",
    [rule.id],
  );
  expect(sent.map((d) => `${d.channel} ${d.recipient_user_id ?? d.endpoint_id} ${d.subject}`)).toEqual(
    ['Alert firing', 'Alert resolved', 'Alert firing', 'Alert resolved'].flatMap((what) => [
      `email ${admin.user.id} ${what}: Voicemail spike, Pub North`,
      `webhook ${endpointId} ${what}: Voicemail spike, Pub North`,
    ]),
  );
  expect(new Set(sent.map((d) => d.ordering_key))).toEqual(new Set([`alert:${rule.id}`]));
  const [hook] = await t.db.query<{ payload: string }>("SELECT payload FROM deliveries WHERE channel = 'webhook' AND source_id = $1 ORDER BY seq LIMIT 1", [rule.id]);
  expect(JSON.parse(hook!.payload)).toMatchObject({
    type: 'alert.fired',
    data: { ruleId: rule.id, from: 'pending', to: 'firing', at: new Date(at(29)).toISOString(), metric: 'Voicemail', threshold: 50, figures: { calls: 60, value: 70 }, path: fired.link },
  });

  // The rule says where it stands now.
  const now = (await getOk<{ data: AlertRule }>(t.app, analyst.token, `/api/alerts/${rule.id}`)).data;
  expect(now.status).toMatchObject({ state: 'no_data', since: new Date(at(134)).toISOString(), evaluatedAt: new Date(at(136)).toISOString() });
  expect(now.subscription).toEqual(['in_app']);
  expect(now.subscribers).toBe(2);
}, 120_000);
