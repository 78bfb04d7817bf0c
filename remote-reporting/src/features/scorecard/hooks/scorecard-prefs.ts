/**
 * The scorecard's own preferences, kept in localStorage like the other UI
 * choices (shared-ui/src/ui-atoms.ts): the number of calls from which
 * a share is flagged, and which set of columns the table shows. It is the person's, not a server setting, because what
 * counts as enough calls depends on the range being read (see
 * SCORECARD_DEFAULT_MIN_CALLS in contract/src/scorecard.ts); the server
 * applies it, so the screen and the CSV flag the same cells.
 */
import { SCORECARD_COLUMN_SETS, SCORECARD_DEFAULT_MIN_CALLS, SCORECARD_MAX_MIN_CALLS, type ScorecardColumnSet } from '@callboard/contract/scorecard';
import { persistedAtom, storedRecord } from '@callboard/shared-ui/persisted-atom';

export const SCORECARD_PREFS_KEY = 'callboard.reporting.scorecard';

export interface ScorecardPrefs {
  minCalls: number;
  /** The columns shown beside the name and the calls (SCORECARD_COLUMN_SETS): quality by default. */
  columns: ScorecardColumnSet;
}

/** A whole number of calls the API accepts (1 to SCORECARD_MAX_MIN_CALLS), from a number or its text; undefined otherwise. */
export function parseMinCalls(value: unknown): number | undefined {
  if (typeof value === 'string' && !/^\s*\d+\s*$/.test(value)) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const calls = Number(value);
  return Number.isInteger(calls) && calls >= 1 && calls <= SCORECARD_MAX_MIN_CALLS ? calls : undefined;
}

export function sanitizeScorecardPrefs(stored: unknown): ScorecardPrefs {
  const record = storedRecord(stored);
  const columns = SCORECARD_COLUMN_SETS.find((set) => set === record.columns) ?? 'quality';
  return { minCalls: parseMinCalls(record.minCalls) ?? SCORECARD_DEFAULT_MIN_CALLS, columns };
}

export const scorecardPrefsAtom = persistedAtom<ScorecardPrefs>(SCORECARD_PREFS_KEY, sanitizeScorecardPrefs);
