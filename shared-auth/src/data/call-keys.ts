/**
 * The SWR keys of the call data more than one area caches, and which of them
 * a change to calls makes stale. Keys are a path or `[path, query]`, the shape
 * the shell's global fetcher takes; building them here is what lets Call Logs
 * revalidate Reporting's records and figures without knowing how Reporting
 * stores them.
 */
import { API_PATHS } from '@callboard/contract';

/** One page of call records for a query (filters, page, sort). */
export function recordsKey<Query extends object>(query: Query) {
  return [API_PATHS.records, query] as const;
}

/** The statistics cards for a query (filters). */
export function statsKey<Query extends object>(query: Query) {
  return [API_PATHS.stats, query] as const;
}

/** The timeline above the statistics cards for a query (filters), keyed like the stats so both follow the same filters. */
export function seriesKey<Query extends object>(query: Query) {
  return [API_PATHS.series, query] as const;
}

/** The path a cached key reads, or null for a key that is not ours. */
export function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
}

const FIGURES_FROM_DISPOSITIONS: readonly string[] = [API_PATHS.stats, API_PATHS.series, API_PATHS.costStats, API_PATHS.costBreakdown];

/**
 * Whether a cached key holds data a re-disposition changes: a call's detail
 * and every records page (Call Logs' and Reporting's), the stats cards, the timeline, and
 * the cost figures (cost per sale counts Sales).
 */
export function dependsOnDispositions(key: unknown): boolean {
  const path = keyPath(key);
  if (path === null) return false;
  return path === API_PATHS.records || path.startsWith(`${API_PATHS.records}/`) || FIGURES_FROM_DISPOSITIONS.includes(path);
}
