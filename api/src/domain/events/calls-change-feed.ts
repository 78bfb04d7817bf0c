import type { CallsChanged } from '@callboard/contract';
import type { Database } from '../../db/database';

/** The NOTIFY channel every instance on one database publishes to and listens on. */
export const CALLS_CHANNEL = 'callboard_calls_changed';

/** Sent to every subscriber when the listener comes back after a drop: something may have changed meanwhile. */
export const MAYBE_CHANGED: CallsChanged = { inserted: 0, updated: 0, newestCallTimestamp: null };

export interface CallsChangeFeed {
  /**
   * Tells every instance's subscribers that calls have changed. Call it after the
   * write has committed. Never throws: a lost notice costs a screen one refresh,
   * and must not turn a stored delivery into an error.
   */
  publish(change: CallsChanged): Promise<void>;
  /** `listener` hears every change published on the database, this instance's included. */
  subscribe(listener: (change: CallsChanged) => void): () => void;
  close(): Promise<void>;
}

export interface FeedLog {
  warn(details: object, message: string): void;
}

/** A notification's payload, when it is one of ours (anyone connected to the database may NOTIFY). */
export function parseChange(payload: string): CallsChanged | null {
  try {
    const value = JSON.parse(payload) as Partial<CallsChanged> | null;
    const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    if (!value || !count(value.inserted) || !count(value.updated)) return null;
    const newest = value.newestCallTimestamp;
    if (newest !== null && (typeof newest !== 'string' || Number.isNaN(Date.parse(newest)))) return null;
    return { inserted: value.inserted!, updated: value.updated!, newestCallTimestamp: newest };
  } catch {
    return null;
  }
}

/**
 * Changes to the calls, through the database's LISTEN/NOTIFY: the writer
 * NOTIFYs once its transaction has committed, and every instance hears it on
 * its one listening connection and hands it to its subscribers (the open
 * event streams). On PGlite the same statements run in this process.
 *
 * NOTIFY runs after the commit, not inside the writing transaction: a
 * transaction that has sent a NOTIFY takes a lock shared by the whole
 * database as it commits, so concurrent deliveries would queue on each other
 * behind it; and ingest_calls() commits as its one statement ends, with no
 * transaction of ours to put it in.
 */
export async function openCallsChangeFeed(db: Database, log: FeedLog): Promise<CallsChangeFeed> {
  const listeners = new Set<(change: CallsChanged) => void>();
  const deliver = (change: CallsChanged) => {
    for (const listener of listeners) listener(change);
  };
  const unlisten = await db.listen(CALLS_CHANNEL, {
    message(payload) {
      const change = parseChange(payload);
      if (change) deliver(change);
      else log.warn({ channel: CALLS_CHANNEL }, 'ignored a notification that is not a change to the calls');
    },
    resumed() {
      deliver(MAYBE_CHANGED);
    },
    failed(error) {
      log.warn({ err: error }, 'live events: the listening connection dropped; reconnecting');
    },
  });
  return {
    async publish(change) {
      if (change.inserted === 0 && change.updated === 0) return;
      try {
        await db.query('SELECT pg_notify($1, $2)', [CALLS_CHANNEL, JSON.stringify(change)]);
      } catch (error) {
        log.warn({ err: error }, 'live events: could not publish a change to the calls');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await unlisten();
    },
  };
}
