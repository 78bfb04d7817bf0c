import type { Database } from '../db/database';
import { storeCalls } from '../domain/calls/calls-writer';
import { DemoCalls, type DemoCallOptions } from './demo-calls';

export interface SeedDemoCallsOptions extends DemoCallOptions {
  /** Calls per transaction; storeCalls takes at most 1000. */
  batchSize?: number;
  /** After each stored batch: calls done so far, and the total. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedOutcome {
  calls: number;
  inserted: number;
  updated: number;
  elapsedMs: number;
}

/**
 * Stores a run of demo calls through the same writer as ingestion, so the
 * rollups and verdicts are exactly what real traffic would produce. Each
 * batch is its own transaction; on PGlite, which runs on this thread, the
 * event loop gets a turn between batches so a server seeding on start-up
 * still answers its health checks.
 */
export async function seedDemoCalls(db: Database, options: SeedDemoCallsOptions): Promise<SeedOutcome> {
  const started = performance.now();
  const generator = new DemoCalls(options);
  let done = 0;
  let inserted = 0;
  let updated = 0;
  for (const batch of generator.batches(options.batchSize ?? 1000)) {
    const stored = await storeCalls(db, batch);
    inserted += stored.inserted;
    updated += stored.updated;
    done += batch.length;
    options.onProgress?.(done, options.calls);
    if (db.kind === 'pglite') await new Promise((resolve) => setImmediate(resolve));
  }
  return { calls: done, inserted, updated, elapsedMs: performance.now() - started };
}
