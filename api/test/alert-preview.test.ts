/**
 * The preview equals evaluation (issue 36, tests): rules of every kind are judged minute by minute over three
 * hours of calls with a clock the test controls, and the preview asked at the end lists exactly the firings
 * (when each began and ended, and the figures it fired on) that evaluation recorded. Scopes read from the shared
 * facts and from a view's own counts; a share, a change against a week earlier, a volume, business hours. On both
 * engines.
 */
import type { AlertFiring, AlertRuleBody, AlertTransition } from '@callboard/contract/alerts';
import { inNewYork } from '@callboard/contract/new-york-time';
import { evaluateAlerts } from '../src/domain/alerts/alert-evaluation';
import { AlertService } from '../src/domain/alerts/alert-service';
import { MINUTE, WEEK } from './support/alert-calls';
import { INGEST_KEY, getOk, ingestAll, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
const MINUTES = 180;
/** Minute 0 of the calls: a whole minute a few hours ago. */
const T0 = Math.floor((Date.now() - 5 * 3_600_000) / MINUTE) * MINUTE;

/**
 * 0 to 6 calls a minute for three hours, their voicemail and no-connect shares drifting in slow waves, and the same
 * three hours a week earlier at other rates, for the rules that compare with it.
 */
function drifting(): IngestCallInput[] {
  const random = seededRandom(7);
  const calls: IngestCallInput[] = [];
  for (const [offset, tag, lean] of [[0, 'now', 0], [-WEEK, 'week', 0.25]] as const) {
    for (let minute = 0; minute < MINUTES; minute += 1) {
      const voicemail = 0.2 + 0.5 * Math.max(0, Math.sin(minute / 17)) - lean;
      const notConnected = 0.1 + 0.5 * Math.max(0, Math.sin(minute / 23 + 1));
      for (let i = random.int(0, 6); i > 0; i -= 1) {
        const connected = !random.chance(notConnected);
        calls.push({
          systemCallId: `${tag}-${minute}-${i}`,
          callTimestamp: new Date(T0 + offset + minute * MINUTE + random.int(0, 59_999)).toISOString(),
          callerId: random.chance(0.5) ? `555${random.int(1_000_000, 9_999_999)}` : String(random.int(2_000_000_000, 4_999_999_999)),
          campaignName: 'Drift',
          publisherName: random.pick(['Pub North', 'Pub South']),
          durationSec: connected ? random.int(10, 300) : 0,
          connected,
          qc: { disposition: random.chance(voicemail) ? 'Voicemail' : random.pick(['Sales', 'Not Interested', 'Hungup']) },
        });
      }
    }
  }
  return calls;
}

let rules: Array<{ id: string; body: AlertRuleBody }>;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Alert Admin');
  await ingestAll(t.app, drifting());
  const north = Number((await t.db.query<{ id: number }>("SELECT id FROM publishers WHERE name = 'Pub North'"))[0]!.id);
  const view = await t.app.inject({ method: 'POST', url: '/api/views', headers: bearer(admin.token), payload: { name: '555 callers', area: 'reporting', query: 'search=555' } });
  expect(view.statusCode).toBe(201);
  // Business hours that cover two of the three hours whatever the day and time the test runs at.
  const startHour = (inNewYork(T0).hour + 1) % 24;
  const businessHours = { days: [1, 2, 3, 4, 5, 6, 7], startHour, endHour: Math.min(startHour + 2, 24) };
  const bodies: AlertRuleBody[] = [
    { name: 'Voicemail, North', metric: 'Voicemail', scope: { kind: 'sources', publisher: [north] }, window: '15m', condition: 'above', threshold: 40, resetLevel: 30, minCalls: 5, pendingMinutes: 2, cooldownMinutes: 5 },
    { name: 'Voicemail up on last week', metric: 'Voicemail', scope: { kind: 'network' }, window: '30m', condition: 'up', threshold: 30, resetLevel: 10, minCalls: 5 },
    { name: 'No connects, 555', metric: 'redNoConnect', scope: { kind: 'view', viewId: view.json().data.id }, window: '15m', condition: 'above', threshold: 30, minCalls: 3, cooldownMinutes: 0 },
    { name: 'Busy', metric: 'volume', scope: { kind: 'network' }, window: '15m', condition: 'above', threshold: 50, pendingMinutes: 1, cooldownMinutes: 2 },
    { name: 'Sales low in hours', metric: 'Sales', scope: { kind: 'network' }, window: '1h', condition: 'below', threshold: 35, resetLevel: 40, minCalls: 5, businessHours },
  ];
  const service = new AlertService(t.db);
  rules = [];
  for (const body of bodies) rules.push({ id: (await service.create(admin.user, body, new Date(T0))).id, body });
}, 120_000);
afterAll(() => t.close());

/** A rule's firings from its recorded transitions, as the preview lists them. */
function firingsOf(transitions: AlertTransition[]): AlertFiring[] {
  const firings: AlertFiring[] = [];
  for (const transition of [...transitions].reverse()) {
    if (transition.to === 'firing') firings.push({ firedAt: transition.at, endedAt: null, figures: transition.figures, link: transition.link });
    else if (transition.from === 'firing') firings.at(-1)!.endedAt = transition.at;
  }
  return firings;
}

test('the preview lists exactly the firings evaluation recorded minute by minute', async () => {
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    const outcome = await evaluateAlerts(t.db, new Date(T0 + minute * MINUTE + 1_000), t.app.delivery);
    expect(outcome.failed).toEqual([]);
  }
  const service = new AlertService(t.db);
  const now = new Date(T0 + MINUTES * MINUTE + 30_000);
  let fired = 0;
  for (const { id, body } of rules) {
    const transitions = (await getOk<{ data: AlertTransition[] }>(t.app, admin.token, `/api/alerts/${id}/transitions?limit=200`)).data;
    const evaluated = firingsOf(transitions);
    const preview = await service.preview(admin.user, body, now);
    const previewed = preview.firings.filter((f) => Date.parse(f.firedAt) > T0);
    expect({ rule: body.name, firings: previewed }).toEqual({ rule: body.name, firings: evaluated });
    expect(preview.firingCount).toBe(preview.firings.length);
    fired += evaluated.length;
    // Every rule was judged at some minutes of the three hours (the preview's other minutes have no calls).
    expect(preview.minutes - preview.noDataMinutes).toBeGreaterThan(0);
  }
  // The rules did fire (and most of them more than once): the lists compared are not empty ones.
  expect(fired).toBeGreaterThanOrEqual(rules.length);
}, 120_000);
