import pg from 'pg';
import type { NotificationHandlers } from './database';

export interface ListenerBackoff {
  /** The wait before the first reconnection attempt; it doubles on each failure. */
  firstMs: number;
  maxMs: number;
}

export const LISTENER_BACKOFF: ListenerBackoff = { firstMs: 250, maxMs: 10_000 };

/**
 * LISTEN on a connection of its own. A pooled connection cannot do it: the
 * pool hands a connection to the next request and closes idle ones, and a
 * LISTEN lasts only as long as its session. So one plain client per process
 * listens for as long as the process runs, and when it drops (PostgreSQL
 * restarted, the backend terminated, the network cut) it connects again,
 * waiting twice as long after each failure, up to `maxMs`.
 *
 * Resolves once the first attempt has listened or failed: a database that is
 * down at that moment does not stop the server starting, and is retried.
 */
export async function listenOnOwnConnection(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  backoff: ListenerBackoff = LISTENER_BACKOFF,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let waitMs = backoff.firstMs;
  // Set while not listening after a failure: notifications sent meanwhile were lost.
  let missedSome = false;

  const retryLater = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, waitMs);
    waitMs = Math.min(waitMs * 2, backoff.maxMs);
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString, keepAlive: true });
    client = current;
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === current) client = null;
      current.end().catch(() => {});
      if (stopped) return;
      missedSome = true;
      handlers.failed(error);
      retryLater();
    };
    current.on('error', drop);
    current.on('end', () => drop(new Error('the listening connection closed')));
    current.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
    });
    try {
      await current.connect();
      // The channel is our own constant, but quoting keeps it one identifier whatever it holds.
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      await current.end().catch(() => {});
      return;
    }
    waitMs = backoff.firstMs;
    if (missedSome) {
      missedSome = false;
      handlers.resumed();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
