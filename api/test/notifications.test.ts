/**
 * The notification centre's server (issue 36 item 5): notify() keeps each person's newest 200 and drops the
 * oldest, leaving everyone else's alone; GET /api/notifications and POST /api/notifications/read answer each
 * person (a partner included) their own rows only, and the partner role reads no one else's (migration 0033);
 * each new notification reaches its owner's open event streams, and no one else's; a decided dispute tells its
 * opener.
 */
import { randomUUID } from 'node:crypto';
import { VIEW_AS_READ_ONLY } from '@callboard/contract';
import {
  NOTIFICATION_EVENT,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_CAP,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  type Notification,
  type NotificationList,
} from '@callboard/contract/notifications';
import { walledDatabase } from '../src/db/partner-wall';
import { notify, type NewNotification } from '../src/domain/notifications/notifications';
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { openEventStream, type OpenedStream } from './support/event-stream';
import { partnerScope, signUpPartner, sourceIds, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let baseUrl: string;
let admin: SignedIn;
let reviewer: SignedIn;
let analyst: SignedIn;
let other: SignedIn;
let buyerPartner: PartnerSignedIn;
const opened: OpenedStream[] = [];

const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, liveEvents: { heartbeatMs: 300 } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUp(t.app, 'Nora Admin');
  reviewer = await signUp(t.app, 'Rex Reviewer');
  await t.db.query(`UPDATE users SET role = 'reviewer' WHERE id = $1`, [reviewer.user.id]);
  analyst = await signUp(t.app, 'Ann Analyst');
  other = await signUp(t.app, 'Otto Other');
  await ingestAll(t.app, [makeCall('nt-1', { callTimestamp: new Date(Date.now() - DAY).toISOString(), revenue: 40, payout: 15 })]);
  const ids = await sourceIds(t.db);
  buyerPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer A']!]), 'Bea Buyer');
}, 60_000);

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(() => t?.close());

const note = (userId: string, n: number | string, overrides: Partial<NewNotification> = {}): NewNotification => ({
  userId,
  kind: 'alert.fired',
  title: `Alert ${n}`,
  body: `Voicemail share rose (${n})`,
  link: `/reporting?publisher=3&n=${n}`,
  ...overrides,
});

const idsOf = async (userId: string) =>
  (await t.db.query<{ id: string; title: string }>('SELECT id::text AS id, title FROM notifications WHERE user_id = $1 ORDER BY notifications.id', [userId]));

const get = (who: SignedIn, url = NOTIFICATIONS_PATH) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const markRead = (who: SignedIn, payload: unknown) =>
  t.app.inject({ method: 'POST', url: NOTIFICATIONS_READ_PATH, headers: bearer(who.token), payload: payload as Record<string, unknown> });
const listOf = async (who: SignedIn, url?: string) => {
  const response = await get(who, url);
  expect(response.statusCode).toBe(200);
  return response.json().data as NotificationList;
};

async function stream(token: string): Promise<OpenedStream> {
  const s = await openEventStream(baseUrl, token);
  opened.push(s);
  expect(s.status).toBe(200);
  await s.waitFor((m) => m.comment === 'connected');
  return s;
}
const pushed = (s: OpenedStream): Notification[] => s.messages.filter((m) => m.event === NOTIFICATION_EVENT).map((m) => JSON.parse(m.data!) as Notification);

describe('notify() and the cap', () => {
  test('205 notifications leave the newest 200, oldest dropped, and nobody else’s rows change', async () => {
    const person = await signUp(t.app, 'Capped Person');
    await notify(t.db, [note(other.user.id, 'other-1'), note(other.user.id, 'other-2')]);
    const othersBefore = await idsOf(other.user.id);
    // One at a time (150), then one batch of 55 with a notification for someone else among them.
    for (let i = 1; i <= 150; i += 1) await notify(t.db, [note(person.user.id, i)]);
    expect(await idsOf(person.user.id)).toHaveLength(150);
    const batch = Array.from({ length: 55 }, (_, i) => note(person.user.id, 151 + i));
    await notify(t.db, [...batch.slice(0, 20), note(analyst.user.id, 'analyst-1'), ...batch.slice(20)]);

    const kept = await idsOf(person.user.id);
    expect(kept).toHaveLength(NOTIFICATIONS_CAP);
    expect(kept.map((row) => row.title)).toEqual(Array.from({ length: 200 }, (_, i) => `Alert ${i + 6}`));
    expect(await idsOf(other.user.id)).toEqual(othersBefore);
    expect((await idsOf(analyst.user.id)).map((row) => row.title)).toContain('Alert analyst-1');

    // Through the API too: the newest first, all 200, every one unread.
    const list = await listOf(person);
    expect(list.unreadCount).toBe(200);
    expect(list.notifications.map((n) => n.title)).toEqual(Array.from({ length: 200 }, (_, i) => `Alert ${205 - i}`));
  }, 60_000);

  test('one batch of more than 200 for one person keeps that batch’s newest 200', async () => {
    const person = await signUp(t.app, 'Flooded Person');
    await notify(t.db, Array.from({ length: 205 }, (_, i) => note(person.user.id, i + 1)));
    const kept = await idsOf(person.user.id);
    expect(kept.map((row) => row.title)).toEqual(Array.from({ length: 200 }, (_, i) => `Alert ${i + 6}`));
  });

  test('two notify() at once for one person still keep exactly 200', async () => {
    const person = await signUp(t.app, 'Raced Person');
    await notify(t.db, Array.from({ length: 199 }, (_, i) => note(person.user.id, i + 1)));
    await Promise.all([notify(t.db, [note(person.user.id, 'a')]), notify(t.db, [note(person.user.id, 'b')]), notify(t.db, [note(person.user.id, 'c')])]);
    expect(await idsOf(person.user.id)).toHaveLength(200);
  });

  test('in the caller’s transaction: a rollback keeps nothing', async () => {
    const person = await signUp(t.app, 'Rolled Back');
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, [note(person.user.id, 1)]);
        expect(await tx.query('SELECT 1 FROM notifications WHERE user_id = $1', [person.user.id])).toHaveLength(1);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await idsOf(person.user.id)).toEqual([]);
  });

  test('texts are trimmed and cut; an unknown kind, an empty title or a link off the app is refused', async () => {
    const person = await signUp(t.app, 'Texts Person');
    await notify(t.db, [note(person.user.id, 1, { title: `  ${'T'.repeat(250)}  `, body: '😀'.repeat(1200) })]);
    const [row] = await t.db.query<{ title: string; body: string }>('SELECT title, body FROM notifications WHERE user_id = $1', [person.user.id]);
    expect([...row!.title]).toHaveLength(200);
    expect(row!.title.endsWith('…')).toBe(true);
    expect([...row!.body]).toHaveLength(1000);
    await expect(notify(t.db, [note(person.user.id, 2, { kind: 'made.up' as never })])).rejects.toThrow(/unknown notification kind/);
    await expect(notify(t.db, [note(person.user.id, 2, { title: '   ' })])).rejects.toThrow(/needs a title/);
    for (const link of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'reporting', '/a\nb']) {
      await expect(notify(t.db, [note(person.user.id, 2, { link })])).rejects.toThrow(/path of the app/);
    }
    expect(await idsOf(person.user.id)).toHaveLength(1);
  });

  test("a link past the limit (a saved view's long filter) keeps its path: the notification is written, unfiltered", async () => {
    const person = await signUp(t.app, 'Long Link Person');
    const publishers = Array.from({ length: 400 }, (_, i) => `publisher=${i + 1}`).join('&');
    await notify(t.db, [note(person.user.id, 1, { link: `/reporting?${publishers}&datePreset=custom` })]);
    const [row] = await t.db.query<{ link: string }>('SELECT link FROM notifications WHERE user_id = $1', [person.user.id]);
    expect(row!.link).toBe('/reporting');
    await expect(notify(t.db, [note(person.user.id, 2, { link: `https://evil.example/?${publishers}` })])).rejects.toThrow(/path of the app/);
  });

  test('deleting an account deletes its notifications', async () => {
    const person = await signUp(t.app, 'Leaving Person');
    await notify(t.db, [note(person.user.id, 1)]);
    await t.db.query('DELETE FROM users WHERE id = $1', [person.user.id]);
    expect(await idsOf(person.user.id)).toEqual([]);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  test('each person reads their own, newest first, with the unread count; limit cuts the list, not the count', async () => {
    const person = await signUp(t.app, 'Reader');
    await notify(t.db, [note(person.user.id, 1), note(person.user.id, 2, { kind: 'report.sent' }), note(other.user.id, 'not-mine')]);
    await notify(t.db, [note(person.user.id, 3, { kind: 'dispute.decided', link: '/callLogs/calls/1' })]);
    const list = await listOf(person);
    expect(list.unreadCount).toBe(3);
    expect(list.notifications.map((n) => [n.title, n.kind, n.readAt])).toEqual([
      ['Alert 3', 'dispute.decided', null],
      ['Alert 2', 'report.sent', null],
      ['Alert 1', 'alert.fired', null],
    ]);
    expect(list.notifications[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: 'dispute.decided',
      title: 'Alert 3',
      body: 'Voicemail share rose (3)',
      link: '/callLogs/calls/1',
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(Number.isNaN(Date.parse(list.notifications[0]!.createdAt))).toBe(false);
    const one = await listOf(person, `${NOTIFICATIONS_PATH}?limit=1`);
    expect(one).toMatchObject({ unreadCount: 3, notifications: [{ title: 'Alert 3' }] });

    const nobody = await listOf(await signUp(t.app, 'Nobody Told'));
    expect(nobody).toEqual({ notifications: [], unreadCount: 0 });
  });

  test('limit is 1 to 200; without a token 401', async () => {
    for (const limit of ['0', '201', 'x']) expect((await get(analyst, `${NOTIFICATIONS_PATH}?limit=${limit}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: NOTIFICATIONS_PATH })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: NOTIFICATIONS_READ_PATH, payload: { all: true } })).statusCode).toBe(401);
  });

  test('marking read: some by id, then all; another person’s ids change nothing', async () => {
    const person = await signUp(t.app, 'Marker');
    await notify(t.db, [note(person.user.id, 1), note(person.user.id, 2), note(person.user.id, 3)]);
    await notify(t.db, [note(other.user.id, 'theirs')]);
    const [third, second, first] = (await listOf(person)).notifications;
    const theirs = (await listOf(other)).notifications[0]!;

    const some = await markRead(person, { ids: [first!.id, second!.id, theirs.id, '999999999'] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toMatchObject({ success: true, message: '2 notifications marked read', data: { marked: 2, unreadCount: 1 } });
    const readAt = some.json().data.readAt as string;
    const after = await listOf(person);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => [n.id, n.readAt])).toEqual([[third!.id, null], [second!.id, readAt], [first!.id, readAt]]);
    expect((await listOf(other)).notifications.find((n) => n.id === theirs.id)?.readAt).toBeNull();

    // Again: already read keeps its time.
    expect((await markRead(person, { ids: [first!.id] })).json().data).toMatchObject({ marked: 0, unreadCount: 1 });
    const all = await markRead(person, { all: true });
    expect(all.json()).toMatchObject({ message: '1 notification marked read', data: { marked: 1, unreadCount: 0 } });
    const done = await listOf(person);
    expect(done.unreadCount).toBe(0);
    expect(done.notifications.find((n) => n.id === first!.id)?.readAt).toBe(readAt);
    expect((await listOf(other)).unreadCount).toBeGreaterThan(0);
  });

  test('a body that is neither ids nor all is a 400 naming the problem', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'body', NOTIFICATION_MESSAGES.readBody],
      [{ all: false }, 'body', NOTIFICATION_MESSAGES.readBody],
      [{ all: true, ids: ['1'] }, 'body', NOTIFICATION_MESSAGES.readBody],
      [{ ids: ['1', 'x'] }, 'ids', NOTIFICATION_MESSAGES.badId],
      [{ ids: ['0'] }, 'ids', NOTIFICATION_MESSAGES.badId],
      [{ ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) }, 'ids', NOTIFICATION_MESSAGES.tooManyIds],
    ];
    for (const [payload, field, message] of cases) {
      const response = await markRead(analyst, payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toMatchObject({
        payload,
        status: 400,
        body: { code: 'VALIDATION_ERROR', message, errors: [{ field, message }] },
      });
    }
  });

  test('a partner reads and marks its own only; a View as session reads them but may not mark them', async () => {
    await notify(t.db, [note(buyerPartner.user.id, 'partner-1', { kind: 'report.sent' }), note(analyst.user.id, 'analyst-2')]);
    const list = await listOf(buyerPartner);
    expect(list.notifications.map((n) => n.title)).toEqual(['Alert partner-1']);
    const owned = new Set((await idsOf(buyerPartner.user.id)).map((row) => row.id));
    const analystIds = (await idsOf(analyst.user.id)).map((row) => row.id);
    expect((await markRead(buyerPartner, { ids: analystIds })).json().data).toMatchObject({ marked: 0, unreadCount: 1 });

    const started = await t.app.inject({ method: 'POST', url: `/api/users/${buyerPartner.user.id}/view-as`, headers: bearer(admin.token) });
    expect(started.statusCode).toBe(200);
    const viewAs = { token: started.json().data.token as string } as SignedIn;
    expect((await listOf(viewAs)).notifications.map((n) => n.id).sort()).toEqual([...owned].sort());
    const refused = await markRead(viewAs, { all: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VIEW_AS_READ_ONLY);
    await t.app.inject({ method: 'DELETE', url: '/api/users/view-as', headers: bearer(viewAs.token) });

    expect((await markRead(buyerPartner, { all: true })).json().data).toMatchObject({ marked: 1, unreadCount: 0 });
    expect((await listOf(analyst)).unreadCount).toBeGreaterThan(0);
  });
});

describe('the partner role (migration 0033)', () => {
  const walled = () => walledDatabase(t.db, () => buyerPartner.scope);
  const asOwner = (userId: string) => `SELECT set_config('callboard.user_id', '${userId}', true)`;

  test('reads only the rows of the account its transaction names, and none without one', async () => {
    await notify(t.db, [note(buyerPartner.user.id, 'wall-1'), note(analyst.user.id, 'wall-2')]);
    const everyone = await t.db.query<{ n: number }>('SELECT count(DISTINCT user_id)::int AS n FROM notifications');
    expect(everyone[0]!.n).toBeGreaterThan(1);
    const named = await walled().transaction((tx) => tx.query<{ user_id: string }>('SELECT DISTINCT user_id::text AS user_id FROM notifications'), {
      prelude: asOwner(buyerPartner.user.id),
    });
    expect(named).toEqual([{ user_id: buyerPartner.user.id }]);
    expect(await walled().query('SELECT id FROM notifications')).toEqual([]);
  });

  test('may mark its own read but not another’s, and may not write or delete any', async () => {
    const updated = await walled().transaction((tx) => tx.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 RETURNING id', [analyst.user.id]), {
      prelude: asOwner(buyerPartner.user.id),
    });
    expect(updated).toEqual([]);
    await expect(
      walled().transaction((tx) => tx.query('UPDATE notifications SET user_id = $1', [analyst.user.id]), { prelude: asOwner(buyerPartner.user.id) }),
    ).rejects.toThrow(/permission denied/);
    await expect(walled().query('DELETE FROM notifications')).rejects.toThrow(/permission denied/);
    await expect(
      walled().query(`INSERT INTO notifications (user_id, kind, title, body, link) VALUES ($1, 'alert.fired', 'x', '', '/')`, [buyerPartner.user.id]),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('live: the notification event', () => {
  test('reaches its owner’s open streams, every tab, and no one else’s', async () => {
    const mine = [await stream(analyst.token), await stream(analyst.token)];
    const theirs = await stream(other.token);
    const partners = await stream(buyerPartner.token);
    await notify(t.db, [note(analyst.user.id, 'live-1', { kind: 'alert.resolved' })]);
    for (const s of mine) {
      const message = await s.waitFor((m) => m.event === NOTIFICATION_EVENT);
      expect(JSON.parse(message.data!)).toMatchObject({ kind: 'alert.resolved', title: 'Alert live-1', link: '/reporting?publisher=3&n=live-1', readAt: null });
    }
    const stored = (await listOf(analyst)).notifications[0]!;
    expect(pushed(mine[0]!)).toEqual([stored]);

    await notify(t.db, [note(buyerPartner.user.id, 'live-2')]);
    await partners.waitFor((m) => m.event === NOTIFICATION_EVENT);
    await new Promise((r) => setTimeout(r, 300));
    expect(pushed(theirs)).toEqual([]);
    expect(pushed(partners).map((n) => n.title)).toEqual(['Alert live-2']);
    expect(pushed(mine[1]!).map((n) => n.title)).toEqual(['Alert live-1']);
  });

  test('a notification written in a transaction that rolls back is never pushed', async () => {
    const s = await stream(analyst.token);
    await t.db
      .transaction(async (tx) => {
        await notify(tx, [note(analyst.user.id, 'never')]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await notify(t.db, [note(analyst.user.id, 'after')]);
    await s.waitFor((m) => m.event === NOTIFICATION_EVENT);
    await new Promise((r) => setTimeout(r, 200));
    expect(pushed(s).map((n) => n.title)).toEqual(['Alert after']);
  });

  test('a payload on the channel that is not ours is ignored; a made-up one reaches only each row’s owner', async () => {
    const s = await stream(other.token);
    await t.db.query("SELECT pg_notify('callboard_notifications', 'not json')");
    const analystRow = (await idsOf(analyst.user.id)).at(-1)!;
    // Names the other person but the id of the analyst's notification: the row's owner decides, so nothing is pushed here.
    await t.db.query("SELECT pg_notify('callboard_notifications', $1)", [JSON.stringify([[other.user.id, analystRow.id]])]);
    await notify(t.db, [note(other.user.id, 'real')]);
    await s.waitFor((m) => m.event === NOTIFICATION_EVENT);
    await new Promise((r) => setTimeout(r, 200));
    expect(pushed(s).map((n) => n.title)).toEqual(['Alert real']);
  });
});

test('a decided dispute tells its opener, linking to the call; the decider is not told of their own decision', async () => {
  const [call] = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'nt-1'");
  const s = await stream(buyerPartner.token);
  const opening = await t.app.inject({
    method: 'POST',
    url: `/api/calls/${call!.id}/disputes`,
    headers: bearer(buyerPartner.token),
    payload: { reason: 'hung_up_immediately', note: 'Hung up at once' },
  });
  expect(opening.statusCode).toBe(201);
  const disputeId = opening.json().data.dispute.id as string;
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/decision`,
    headers: bearer(reviewer.token),
    payload: { decision: 'accept', note: 'Confirmed from the recording', clawBack: 'none' },
  });
  expect(decided.statusCode).toBe(200);
  const message = await s.waitFor((m) => m.event === NOTIFICATION_EVENT);
  const told = JSON.parse(message.data!) as Notification;
  expect(told).toMatchObject({
    kind: 'dispute.decided',
    title: 'Dispute accepted: call nt-1',
    body: 'Your dispute of call nt-1 (Hung up immediately) was accepted.',
    link: `/callLogs/calls/${call!.id}`,
  });
  // No money, no note, no decider in it.
  expect(JSON.stringify(told)).not.toMatch(/Confirmed|Rex|40|\$/);
  expect((await listOf(buyerPartner)).notifications[0]).toEqual(told);
  expect((await listOf(reviewer)).notifications.filter((n) => n.kind === 'dispute.decided')).toEqual([]);

  // A reviewer who opens and decides a dispute themself is not told.
  const secondCall = `nt-${randomUUID().slice(0, 8)}`;
  await ingestAll(t.app, [makeCall(secondCall, { callTimestamp: new Date(Date.now() - DAY).toISOString(), revenue: 10, payout: 2 })]);
  const [second] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [secondCall]);
  const own = await t.app.inject({
    method: 'POST',
    url: `/api/calls/${second!.id}/disputes`,
    headers: bearer(reviewer.token),
    payload: { reason: 'other', note: 'On the buyer’s behalf' },
  });
  expect(own.statusCode).toBe(201);
  const rejected = await t.app.inject({
    method: 'POST',
    url: `/api/disputes/${own.json().data.dispute.id}/decision`,
    headers: bearer(reviewer.token),
    payload: { decision: 'reject', note: 'Billed rightly' },
  });
  expect(rejected.statusCode).toBe(200);
  expect((await listOf(reviewer)).notifications.filter((n) => n.kind === 'dispute.decided')).toEqual([]);
});
