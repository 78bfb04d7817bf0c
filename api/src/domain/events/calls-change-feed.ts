import type { CallsChanged } from '@callboard/contract';
import type { Database } from '../../db/database';
import { highWaterSeq, readChangeSources } from '../changes/change-sources';
import { outsideRequestScope } from '../partners/request-scope';
import { LOG_GREW_PAYLOAD, noticeOf, seqOfPayload, type ChangeNotice } from './change-notice';

/** The NOTIFY channel every instance on one database publishes to and listens on. */
export const CALLS_CHANNEL = 'callboard_calls_changed';

/** Sent to every subscriber when the listener comes back after a drop, or the log could not be read: something may have changed. */
export const MAYBE_CHANGED: CallsChanged = { inserted: 0, updated: 0, newestCallTimestamp: null };

export interface CallsChangeFeed {
  /**
   * Tells every instance that the change log has grown: call it once a write has committed. Never throws:
   * a lost notice costs a screen one refresh (the next notice reads the log from where this one would have),
   * and must not turn a stored delivery into an error.
   */
  publish(): Promise<void>;
  /** `listener` hears every change logged on the database, this instance's writes included (domain/events/stream-view.ts says what each stream is told). */
  subscribe(listener: (notice: ChangeNotice) => void): () => void;
  close(): Promise<void>;
}

export interface FeedLog {
  warn(details: object, message: string): void;
}

/**
 * Changes to the calls, told from the change log (migration 0037, docs/decisions/0041-one-change-log.md): a
 * writer NOTIFYs once its transaction has committed, with how far the log goes; every instance hears it on its
 * one listening connection, reads the log's rows after the last it told of (grouped by whose calls they were:
 * domain/changes/change-sources.ts) and hands the notice to its subscribers (the open event streams). So the
 * streams count exactly what the log holds, the same rows the changes feed and the outbound events read, and a
 * notification lost while the listener was away costs nothing: the next read starts where the last one ended.
 * On PGlite the same statements run in this process.
 *
 * NOTIFY runs after the commit, not inside the writing transaction: a transaction that has sent a NOTIFY takes
 * a lock shared by the whole database as it commits, so concurrent deliveries would queue on each other behind
 * it; and ingest_calls() commits as its one statement ends, with no transaction of ours to put it in.
 */
export async function openCallsChangeFeed(db: Database, log: FeedLog): Promise<CallsChangeFeed> {
  const listeners = new Set<(notice: ChangeNotice) => void>();
  const deliver = (notice: ChangeNotice) => {
    for (const listener of listeners) listener(notice);
  };
  // The network's own statements throughout: the log is read for every stream, each narrowed afterwards.
  let told = await outsideRequestScope(() => highWaterSeq(db));
  let reading: Promise<void> | null = null;
  let again = false;

  async function readNew(): Promise<void> {
    for (;;) {
      const batch = await readChangeSources(db, told);
      if (batch.through === null) return;
      told = batch.through;
      const notice = noticeOf(batch.sources);
      if (notice) deliver(notice);
      if (!batch.more) return;
    }
  }

  /** Reads what is new, once at a time: a notice while a read runs makes it read again when it ends. */
  function catchUp(): void {
    again = true;
    if (reading) return;
    reading = outsideRequestScope(async () => {
      while (again) {
        again = false;
        try {
          await readNew();
        } catch (error) {
          log.warn({ err: error }, 'live events: could not read the change log; streams are told only that something may have changed');
          deliver({ totals: MAYBE_CHANGED, sources: undefined });
        }
      }
    }).finally(() => {
      reading = null;
    });
  }

  const unlisten = await db.listen(CALLS_CHANNEL, {
    message(payload) {
      const seq = seqOfPayload(payload);
      if (seq !== undefined && seq <= told) return;
      // Nobody to tell: skip the read, and start from there when someone subscribes.
      if (listeners.size === 0 && seq !== undefined) {
        told = seq;
        return;
      }
      catchUp();
    },
    resumed() {
      deliver({ totals: MAYBE_CHANGED, sources: undefined });
      catchUp();
    },
    failed(error) {
      log.warn({ err: error }, 'live events: the listening connection dropped; reconnecting');
    },
  });
  return {
    publish() {
      return outsideRequestScope(async () => {
        try {
          await db.query(`SELECT pg_notify($1, ${LOG_GREW_PAYLOAD}) FROM call_changes`, [CALLS_CHANNEL]);
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
      await reading;
    },
  };
}
