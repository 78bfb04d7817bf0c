import { PICKER_LIST_LIMIT } from '@callboard/contract';
import type { Database } from '../db/database';
import { POOL_MIN_CONNECTIONS } from '../db/postgres-database';
import { parseCallFilter } from '../domain/calls/call-filter';
import { totalsForRanges } from '../domain/calls/call-totals';
import { dimensionOptions } from '../domain/calls/filter-options';
import { findRecordsPage } from '../domain/calls/records-repository';

/** The presets the dashboard opens with and the ones most asked for. */
const PRESETS = ['today', 'last_30_days', 'this_year'] as const;

/**
 * Runs the dashboard's first queries (stats, the records page, a picker) a
 * few times before the server listens, so that the first person to open the
 * dashboard after a start does not wait several times longer than the next.
 *
 * - PGlite is PostgreSQL compiled to WebAssembly: V8 starts it on its
 *   baseline compiler and optimises the hot functions once they have run a
 *   while. On the 1M-call bench database a stats request's queries ran several
 *   times slower over their first few dozen runs after a start than after.
 * - On PostgreSQL each new connection loads its catalog caches on its first
 *   queries (the first plan of a simple query costs ten times the next), so the
 *   warm-up runs on as many connections at once as the pool keeps open.
 *
 * Bounded by `budgetMs`.
 */
export async function warmUpDatabase(
  db: Database,
  { rounds = 12, budgetMs = 3000, connections = db.kind === 'postgres' ? POOL_MIN_CONNECTIONS : 1 } = {},
): Promise<{ queries: number; ms: number }> {
  const started = performance.now();
  let queries = 0;
  const warm = async () => {
    for (let round = 0; round < rounds && performance.now() - started < budgetMs; round += 1) {
      for (const preset of PRESETS) {
        const filter = parseCallFilter({ datePreset: preset });
        // The stats cards' two periods in one statement, the records' first page with its total in another.
        await totalsForRanges(db, filter, [filter.range, filter.range.previous], 'counts');
        await findRecordsPage(db, filter, { sortBy: 'callTimestamp', sortDir: 'desc', limit: 25, offset: 0 });
        await dimensionOptions(db, 'publishers', filter, { limit: PICKER_LIST_LIMIT });
        queries += 3;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, warm));
  return { queries, ms: Math.round(performance.now() - started) };
}
