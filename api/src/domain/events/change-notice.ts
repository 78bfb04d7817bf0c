import type { CallsChanged } from '@callboard/contract';
import type { SourceChange } from './source-changes';

/**
 * What every subscriber of one instance hears when the change log has grown: the new changes' totals, as the
 * network's streams show them (contract/src/live-events.ts), and whose calls they were (`sources`), from which
 * each partner's stream counts only its own. Built by each instance from the log itself
 * (domain/events/calls-change-feed.ts): a notification between instances carries only how far the log goes.
 * It stays on the server: a stream sends its own CallsChanged.
 */
export interface ChangeNotice {
  totals: CallsChanged;
  /** The calls changed, grouped by publisher × buyer × day; undefined when not known (the log could not be read): then a partner's stream is told only that something may have changed. */
  sources: SourceChange[] | undefined;
}

/** The notice of some new changes; null when none of them is one the streams tell of. */
export function noticeOf(sources: readonly SourceChange[]): ChangeNotice | null {
  let inserted = 0;
  let updated = 0;
  let newest: string | null = null;
  const told = sources.filter((source) => source.inserted + source.updated > 0);
  for (const source of told) {
    inserted += source.inserted;
    updated += source.updated;
    if (newest === null || Date.parse(source.newest) > Date.parse(newest)) newest = source.newest;
  }
  return inserted + updated === 0 ? null : { totals: { inserted, updated, newestCallTimestamp: newest }, sources: told };
}

/**
 * The payload of a notification that the log has grown, as SQL over `call_changes`: how far it goes now. It
 * keeps the shape an instance of an earlier release read (counts of nothing): such an instance tells its
 * streams that something may have changed.
 */
export const LOG_GREW_PAYLOAD = "json_build_object('seq', coalesce(max(seq), 0), 'inserted', 0, 'updated', 0, 'newestCallTimestamp', NULL)::text";

/**
 * How far the log goes by a notification's payload: its seq, or undefined for a payload without one (anyone
 * connected to the database may NOTIFY, an earlier release included), which is read as "look in the log".
 */
export function seqOfPayload(payload: string): number | undefined {
  try {
    const value = JSON.parse(payload) as { seq?: unknown } | null;
    const seq = value && typeof value === 'object' ? value.seq : undefined;
    return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
  } catch {
    return undefined;
  }
}
