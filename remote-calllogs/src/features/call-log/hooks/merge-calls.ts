/**
 * How the log turns the answers it has collected (pages read while scrolling,
 * polls of the newest page) into the rows it shows. Pages are asked for by
 * offset, so a call that arrives between two requests pushes the older ones
 * down and the next page repeats a few: every call is kept once, in its
 * freshest copy, and the rows stay in the server's order (newest first).
 */
import type { CallRecord } from '@callboard/contract';

/** Calls from one answer, with when it arrived. */
export interface CallBatch {
  receivedAt: number;
  calls: readonly CallRecord[];
}

/** Ids are decimal strings of up to 18 digits: compared as numbers without losing precision. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The API's order for the log: newest call first, the larger id first within the same instant. */
export function newestFirst(a: CallRecord, b: CallRecord): number {
  const byTime = Date.parse(b.callTimestamp) - Date.parse(a.callTimestamp);
  return byTime !== 0 && !Number.isNaN(byTime) ? byTime : compareIds(b.id, a.id);
}

/**
 * Every call of every batch once, newest first. When two batches hold the same
 * call, the later answer wins (its status may have changed since); at equal
 * times the earlier batch in the list wins.
 */
export function mergeBatches(batches: readonly CallBatch[]): CallRecord[] {
  const byId = new Map<string, { call: CallRecord; receivedAt: number }>();
  for (const batch of batches) {
    for (const call of batch.calls) {
      const known = byId.get(call.id);
      if (!known || batch.receivedAt > known.receivedAt) byId.set(call.id, { call, receivedAt: batch.receivedAt });
    }
  }
  return [...byId.values()].map((entry) => entry.call).sort(newestFirst);
}

/** What a poll of the newest page brings that the log does not show yet. */
export interface PollNews {
  /** Calls not in the log. */
  unseen: CallRecord[];
  /**
   * The poll shares no call with the log although the log has some, and came
   * back full: more calls may have arrived than one page holds, so merging it
   * would leave a hole between it and the rows below. The log reloads instead.
   */
  gap: boolean;
}

export function pollNews(poll: readonly CallRecord[], shownIds: ReadonlySet<string>, pageSize: number): PollNews {
  const unseen = poll.filter((call) => !shownIds.has(call.id));
  const gap = shownIds.size > 0 && unseen.length === poll.length && poll.length >= pageSize;
  return { unseen, gap };
}
