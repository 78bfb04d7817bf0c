import { createStore } from 'jotai/vanilla';
import { LIVE_BACKOFF, backoffDelay, connectLiveEvents } from '@callboard/shared-auth/live-events';
import { callsChangedAtom, liveStatusAtom, notificationPushedAtom } from '@callboard/shared-auth/live-status';
import { clearSession, restoreSession, saveSession, tokenAtom, type Store } from '@callboard/shared-auth/session';
import { fakeEventStream, type FakeEventStream } from '@callboard/shared-auth/testing/event-stream-mock';
import { installFetchMock, jsonResponse, makeUser, TEST_TOKEN, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';

const BACKOFF = { firstMs: 100, maxMs: 400 };

function signedIn(token = TEST_TOKEN): Store {
  localStorage.clear();
  const store = createStore();
  restoreSession(store);
  saveSession(store, { token, user: makeUser() });
  return store;
}

/** Every /api/events request gets the next stream (or answer) from `answers`; other paths are not expected. */
function serveStreams(answers: Array<(signal: AbortSignal) => Response | FakeEventStream>) {
  const opened: FakeEventStream[] = [];
  const fetch: FetchMock = installFetchMock(async (url, init) => {
    if (url !== '/api/events') throw new Error(`unexpected request ${url}`);
    const answer = answers.shift();
    if (!answer) return new Promise<Response>(() => {});
    const made = answer(init!.signal!);
    if ('send' in made) {
      opened.push(made);
      return made.response;
    }
    return made;
  });
  return { fetch, opened };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

test('opens the stream with the token in the Authorization header, never in the URL, and says Live', async () => {
  const store = signedIn();
  const { fetch } = serveStreams([(signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => store.get(liveStatusAtom) === 'live');
  const [url, init] = fetch.mock.calls[0]!;
  expect(url).toBe('/api/events');
  expect(init?.headers).toMatchObject({ Authorization: `Bearer ${TEST_TOKEN}`, Accept: 'text/event-stream' });
});

test('each calls event becomes a notice, whatever chunks it arrives in; comments and other events are ignored', async () => {
  const store = signedIn();
  const { opened } = serveStreams([(signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => opened.length === 1);
  const stream = opened[0]!;
  stream.send(': connected\n\n: ping\n\nevent: other\ndata: {}\n\n');
  stream.send('event: calls\ndata: {"inserted":2,"upd');
  stream.send('ated":1,"newestCallTimestamp":"2026-01-01T00:00:00.000Z"}\n\n');
  await until(() => store.get(callsChangedAtom) !== null);
  expect(store.get(callsChangedAtom)).toEqual({ seq: 1, change: { inserted: 2, updated: 1, newestCallTimestamp: '2026-01-01T00:00:00.000Z' } });
  stream.send('event: calls\ndata: {"inserted":2,"updated":1,"newestCallTimestamp":"2026-01-01T00:00:00.000Z"}\r\n\r\n');
  await until(() => store.get(callsChangedAtom)?.seq === 2);
});

test('each notification event is handed on as it comes; one that is not a notification is ignored', async () => {
  const store = signedIn();
  const { opened } = serveStreams([(signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => opened.length === 1);
  const stream = opened[0]!;
  const notification = {
    id: '41',
    kind: 'alert.fired',
    title: 'Voicemail above 30%',
    body: 'Publisher 3, last 15 minutes',
    link: '/reporting?publisher=3',
    createdAt: '2026-11-28T12:00:00.000Z',
    readAt: null,
  };
  // Not JSON, an unknown kind, a link to another site: none is handed on.
  stream.send('event: notification\ndata: {oops\n\n');
  stream.send(`event: notification\ndata: ${JSON.stringify({ ...notification, kind: 'made.up' })}\n\n`);
  stream.send(`event: notification\ndata: ${JSON.stringify({ ...notification, link: 'https://evil.example/' })}\n\n`);
  stream.send(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
  await until(() => store.get(notificationPushedAtom) !== null);
  expect(store.get(notificationPushedAtom)).toEqual({ seq: 1, notification });
  expect(store.get(callsChangedAtom)).toBeNull();
});

test('a dropped stream says Polling and reconnects with backoff', async () => {
  const store = signedIn();
  const { fetch, opened } = serveStreams([
    (signal) => fakeEventStream(signal),
    () => jsonResponse({ success: false, code: 'UNAVAILABLE', message: 'down' }, 503),
    (signal) => fakeEventStream(signal),
  ]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => store.get(liveStatusAtom) === 'live');
  opened[0]!.fail();
  await until(() => store.get(liveStatusAtom) === 'polling');
  const droppedAt = Date.now();
  await until(() => fetch.mock.calls.length === 2);
  // Then the 503 is a second failure in a row: the wait doubles before the third attempt.
  await until(() => store.get(liveStatusAtom) === 'live', 3000);
  expect(fetch).toHaveBeenCalledTimes(3);
  expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(BACKOFF.firstMs * 0.8 + BACKOFF.firstMs * 2 * 0.8 - 20);
});

test('a refreshed token reopens the stream at once with it', async () => {
  const store = signedIn('first-token');
  const { fetch, opened } = serveStreams([(signal) => fakeEventStream(signal), (signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => opened.length === 1);
  saveSession(store, { token: 'second-token', user: makeUser() });
  await until(() => opened.length === 2);
  expect(opened[0]!.cancelled).toBe(true);
  expect(fetch.mock.calls[1]![1]?.headers).toMatchObject({ Authorization: 'Bearer second-token' });
  expect(store.get(liveStatusAtom)).toBe('live');
});

test('signing out closes the stream and opens no other', async () => {
  const store = signedIn();
  const { fetch, opened } = serveStreams([(signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => store.get(liveStatusAtom) === 'live');
  clearSession(store);
  await flush();
  expect(opened[0]!.cancelled).toBe(true);
  expect(store.get(liveStatusAtom)).toBe('polling');
  await new Promise((r) => setTimeout(r, BACKOFF.maxMs));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(store.get(tokenAtom)).toBeNull();
});

test('a silent stream is taken for dead and replaced', async () => {
  const store = signedIn();
  const { fetch } = serveStreams([(signal) => fakeEventStream(signal), (signal) => fakeEventStream(signal)]);
  stop = connectLiveEvents(store, { backoff: BACKOFF, silenceLimitMs: 100 });
  await until(() => fetch.mock.calls.length === 2, 2000);
});

test('a 429 waits at least as long as Retry-After asks', () => {
  expect(backoffDelay(1, LIVE_BACKOFF, 30_000, () => 0.5)).toBe(30_000);
  expect(backoffDelay(1, LIVE_BACKOFF, 0, () => 0.5)).toBe(LIVE_BACKOFF.firstMs);
  expect(backoffDelay(3, LIVE_BACKOFF, 0, () => 0.5)).toBe(LIVE_BACKOFF.firstMs * 4);
  expect(backoffDelay(20, LIVE_BACKOFF, 0, () => 0.5)).toBe(LIVE_BACKOFF.maxMs);
});

test('a refused token is refreshed, and the stream reopens with the new one', async () => {
  const store = signedIn('stale-token');
  const opened: FakeEventStream[] = [];
  const fetch = installFetchMock(async (url, init) => {
    if (url === '/api/auth/refresh') return jsonResponse({ success: true, data: { token: 'fresh-token', expiresIn: 900, user: makeUser() } });
    const auth = (init?.headers as Record<string, string>).Authorization;
    if (auth === 'Bearer stale-token') return jsonResponse({ success: false, code: 'UNAUTHENTICATED', message: 'expired' }, 401);
    const stream = fakeEventStream(init!.signal);
    opened.push(stream);
    return stream.response;
  });
  stop = connectLiveEvents(store, { backoff: BACKOFF });
  await until(() => store.get(liveStatusAtom) === 'live');
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/events', '/api/auth/refresh', '/api/events']);
  expect(store.get(tokenAtom)).toBe('fresh-token');
});
