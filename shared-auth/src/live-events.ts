/**
 * The live connection of this browser tab: reads GET /api/events, the
 * server's Server-Sent Events stream of changes to the calls, and turns each
 * `calls` event into a jotai update that screens revalidate on, and each
 * `notification` (the signed-in person's own) into one the header adds to its list. Every remote
 * reads the same atoms (live-status.ts) from the one store of the tab, so one
 * connection serves them all (docs/front-end.md, "Live updates"). Loaded only
 * once someone signs in (use-live-events.ts), so /login does not download it.
 *
 * It uses fetch, not EventSource: EventSource cannot send the Authorization
 * header, and the token must never travel in a URL (URLs end up in logs and
 * history). So the stream is parsed here, reconnected here with backoff, and
 * reopened at once with the new token after every refresh.
 */
import { API_PATHS, CALLS_CHANGED_EVENT, type CallsChanged } from '@callboard/contract';
import { NOTIFICATION_EVENT, readNotification } from '@callboard/contract/notifications';
import { createParser } from 'eventsource-parser';
import { buildUrl } from '@callboard/shared-auth/http-request';
import { callsChangedAtom, liveStatusAtom, notificationPushedAtom, type LiveStatus } from '@callboard/shared-auth/live-status';
import { tokenAtom, type Store } from '@callboard/shared-auth/session';
import { ensureFreshToken, refreshAccessToken } from '@callboard/shared-auth/token-refresh';

export interface LiveBackoff {
  /** The wait after the first failure; it doubles with each further one. */
  firstMs: number;
  maxMs: number;
}

/** A few seconds at first (a server restarting, a blip), then up to half a minute while the stream stays down. */
export const LIVE_BACKOFF: LiveBackoff = { firstMs: 1_000, maxMs: 30_000 };

/**
 * The server sends a comment every 25 s; a stream silent for longer than this is taken
 * for dead (a laptop that slept, a proxy that dropped the connection without a word).
 */
export const LIVE_SILENCE_LIMIT_MS = 60_000;

/** A stream the server ends sooner than this after opening was refused in effect: wait before the next. */
const SHORT_LIVED_MS = 5_000;

export interface LiveEventsOptions {
  backoff?: LiveBackoff;
  silenceLimitMs?: number;
}

/** The wait before attempt `failures` (1, 2, ...), at least what a Retry-After asked for, with a little jitter so tabs spread out. */
export function backoffDelay(failures: number, backoff: LiveBackoff, retryAfterMs = 0, random = Math.random): number {
  const base = Math.min(backoff.firstMs * 2 ** Math.max(failures - 1, 0), backoff.maxMs);
  return Math.max(base * (0.8 + 0.4 * random()), retryAfterMs);
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * Keeps the tab's live connection open while someone is signed in, and
 * `liveStatusAtom` saying whether it is. Returns the function that stops it.
 */
export function connectLiveEvents(store: Store, options: LiveEventsOptions = {}): () => void {
  const backoff = options.backoff ?? LIVE_BACKOFF;
  const silenceLimitMs = options.silenceLimitMs ?? LIVE_SILENCE_LIMIT_MS;
  let stopped = false;
  let failures = 0;
  let attempt: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedWith: string | null = null;

  const setStatus = (status: LiveStatus) => {
    if (store.get(liveStatusAtom) !== status) store.set(liveStatusAtom, status);
  };

  const schedule = (delayMs: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delayMs);
  };

  const failed = (waitAtLeastMs = 0) => {
    setStatus('polling');
    failures += 1;
    if (!stopped) schedule(backoffDelay(failures, backoff, waitAtLeastMs));
  };

  const announce = (data: string) => {
    let change: CallsChanged;
    try {
      change = JSON.parse(data) as CallsChanged;
    } catch {
      return;
    }
    const previous = store.get(callsChangedAtom);
    store.set(callsChangedAtom, { seq: (previous?.seq ?? 0) + 1, change });
  };

  const told = (data: string) => {
    let notification: ReturnType<typeof readNotification>;
    try {
      notification = readNotification(JSON.parse(data));
    } catch {
      return;
    }
    if (!notification) return;
    const previous = store.get(notificationPushedAtom);
    store.set(notificationPushedAtom, { seq: (previous?.seq ?? 0) + 1, notification });
  };

  async function connect(): Promise<void> {
    clearTimeout(retryTimer);
    attempt?.abort();
    if (stopped || store.get(tokenAtom) === null) return;
    const controller = new AbortController();
    attempt = controller;
    await ensureFreshToken(store);
    const token = store.get(tokenAtom);
    if (controller.signal.aborted || stopped || token === null) return;
    connectedWith = token;

    let response: Response;
    try {
      response = await fetch(buildUrl(API_PATHS.events), {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        credentials: 'include',
        signal: controller.signal,
      });
    } catch {
      if (!controller.signal.aborted) failed();
      return;
    }
    if (response.status === 401) {
      // The token was refused (it expired on the way, or the session ended): refresh it, which signs out if the
      // session is over. A new token reopens the stream and a sign-out closes it, both through the token watcher.
      void response.body?.cancel();
      await refreshAccessToken(store);
      if (!controller.signal.aborted) failed();
      return;
    }
    if (!response.ok || !response.body) {
      void response.body?.cancel();
      failed(retryAfterMs(response));
      return;
    }

    const openedAt = Date.now();
    failures = 0;
    setStatus('live');
    const parser = createParser({
      onEvent(event) {
        if (event.event === CALLS_CHANGED_EVENT) announce(event.data);
        else if (event.event === NOTIFICATION_EVENT) told(event.data);
      },
    });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heardFrom = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), silenceLimitMs);
    };
    heardFrom();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const abandon = () => void reader.cancel().catch(() => {});
    controller.signal.addEventListener('abort', abandon, { once: true });
    let endedCleanly = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heardFrom();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      endedCleanly = true;
    } catch {
      // Aborted (a new token, sign-out, silence) or the connection failed.
    } finally {
      clearTimeout(silence);
      controller.signal.removeEventListener('abort', abandon);
    }
    if (stopped || attempt !== controller || store.get(tokenAtom) !== token) return;
    if (endedCleanly && Date.now() - openedAt >= SHORT_LIVED_MS) {
      // The server ends a stream when its token expires, or when it shuts down: open the next one at once.
      void connect();
      return;
    }
    failed();
  }

  // A new token (a refresh, another tab, a new sign-in) reopens the stream with it; signing out closes it.
  const unwatch = store.sub(tokenAtom, () => {
    const token = store.get(tokenAtom);
    if (token === connectedWith) return;
    if (token === null) {
      attempt?.abort();
      attempt = null;
      connectedWith = null;
      clearTimeout(retryTimer);
      setStatus('polling');
      return;
    }
    failures = 0;
    void connect();
  });

  void connect();
  return () => {
    stopped = true;
    unwatch();
    clearTimeout(retryTimer);
    attempt?.abort();
    setStatus('polling');
  };
}
