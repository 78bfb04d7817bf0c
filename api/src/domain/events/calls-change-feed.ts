import type { CallsChanged } from '@callboard/contract';
import type { Database } from '../../db/database';
import { outsideRequestScope } from '../partners/request-scope';
import { encodeNotices, parseNotice, type ChangeNotice } from './change-notice';
import { summarizeSources, type SourceChange, type TouchedCalls } from './source-changes';

/** The NOTIFY channel every instance on one database publishes to and listens on. */
export const CALLS_CHANNEL = 'callboard_calls_changed';

/** Sent to every subscriber when the listener comes back after a drop: something may have changed meanwhile. */
export const MAYBE_CHANGED: CallsChanged = { inserted: 0, updated: 0, newestCallTimestamp: null };

export interface CallsChangeFeed {
  /**
   * Tells every instance's subscribers that calls have changed, and whose they were (`touched`, asked for
   * here, after the writer has answered: a lookup does not hold its response up). Call it after the write
   * has committed. Never throws: a lost notice costs a screen one refresh, and must not turn a stored
   * delivery into an error.
   */
  publish(change: CallsChanged, touched: TouchedCalls): Promise<void>;
  /** `listener` hears every change published on the database, this instance's included (domain/events/stream-view.ts says what each stream is told). */
  subscribe(listener: (notice: ChangeNotice) => void): () => void;
  close(): Promise<void>;
}

export interface FeedLog {
  warn(details: object, message: string): void;
}

/** The calls' owners as a notice carries them; undefined (partners told only "may have changed") when they cannot be read. */
async function sourcesOf(touched: TouchedCalls, log: FeedLog): Promise<SourceChange[] | undefined> {
  try {
    return summarizeSources(await touched());
  } catch (error) {
    log.warn({ err: error }, 'live events: could not read whose calls changed; partners are told only that something may have');
    return undefined;
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
  const listeners = new Set<(notice: ChangeNotice) => void>();
  const deliver = (notice: ChangeNotice) => {
    for (const listener of listeners) listener(notice);
  };
  const unlisten = await db.listen(CALLS_CHANNEL, {
    message(payload) {
      const notice = parseNotice(payload);
      if (notice) deliver(notice);
      else log.warn({ channel: CALLS_CHANNEL }, 'ignored a notification that is not a change to the calls');
    },
    resumed() {
      deliver({ totals: MAYBE_CHANGED, sources: undefined });
    },
    failed(error) {
      log.warn({ err: error }, 'live events: the listening connection dropped; reconnecting');
    },
  });
  return {
    publish(change, touched) {
      if (change.inserted === 0 && change.updated === 0) return Promise.resolve();
      // The network's own statements: the writer may be anyone's request, and the lookup reads calls of every source.
      return outsideRequestScope(async () => {
        const payloads = encodeNotices(change, await sourcesOf(touched, log));
        try {
          for (const payload of payloads) await db.query('SELECT pg_notify($1, $2)', [CALLS_CHANNEL, payload]);
        } catch (error) {
          log.warn({ err: error }, 'live events: could not publish a change to the calls');
        }
      });
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
