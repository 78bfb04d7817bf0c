import { inNewYork } from '@callboard/contract/new-york-time';

/**
 * A call a write touched, as the live event streams need it: whose it is (its publisher and buyer) and
 * when it was (a partner sees calls from its history day on). Column names as the writers' rows have them.
 */
export interface TouchedCall {
  call_ts: Date | string;
  publisher_id: number;
  buyer_id: number | null;
  /** True for a call the write created; false (or absent) for one that existed and changed. */
  inserted?: boolean;
}

/** What the write touched, read once it has committed; may be a query, so only asked for when published. */
export type TouchedCalls = () => Promise<TouchedCall[]>;

/**
 * One write's changes to the calls of one publisher × buyer on one New York day: enough for any partner's
 * stream to count only its own (its publishers or buyers, its history day on) without asking the database.
 */
export interface SourceChange {
  publisherId: number;
  buyerId: number | null;
  /** The New York day of these calls, YYYY-MM-DD: compared with a partner's historyFrom as the row policy does. */
  day: string;
  inserted: number;
  updated: number;
  /** The latest call time among them, ISO 8601 in UTC. */
  newest: string;
}

/** The touched calls grouped by publisher × buyer × New York day; in a stable order, so notices split the same way. */
export function summarizeSources(calls: readonly TouchedCall[]): SourceChange[] {
  const groups = new Map<string, SourceChange>();
  for (const call of calls) {
    const instant = call.call_ts instanceof Date ? call.call_ts : new Date(call.call_ts);
    if (Number.isNaN(instant.getTime())) continue;
    const day = inNewYork(instant).toISODate()!;
    const newest = instant.toISOString();
    const publisherId = Number(call.publisher_id);
    const buyerId = call.buyer_id === null ? null : Number(call.buyer_id);
    const key = `${publisherId}:${buyerId ?? ''}:${day}`;
    const group = groups.get(key) ?? { publisherId, buyerId, day, inserted: 0, updated: 0, newest };
    if (call.inserted) group.inserted += 1;
    else group.updated += 1;
    if (Date.parse(newest) > Date.parse(group.newest)) group.newest = newest;
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}
