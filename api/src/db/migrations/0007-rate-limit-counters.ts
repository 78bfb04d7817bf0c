import type { Migration } from './index';

/**
 * The request counters of the rate limits (domain/rate-limit/postgres-counter-store.ts), shared
 * by every instance on this database: one row per budget owner (a user, an ingest key's
 * fingerprint, a client address), counting requests in a fixed window until `expires_at`.
 *
 * UNLOGGED: every API request updates a row here, and the rows are worth nothing after a crash
 * (the table comes back empty, which only gives everyone a fresh minute), so writing them to the
 * WAL would be pure cost. No index beyond the key: the sweep of expired rows reads a table as
 * small as the number of people and keys active in the last minute, and without an index on
 * expires_at every update can stay a HOT update; the lower fillfactor leaves room on each page
 * for the new row versions.
 */
export const rateLimitCounters: Migration = {
  version: '0007-rate-limit-counters',
  statements: [
    `CREATE UNLOGGED TABLE rate_limit_counters (
      key text PRIMARY KEY,
      count integer NOT NULL,
      expires_at timestamptz NOT NULL
    ) WITH (fillfactor = 70)`,
  ],
};
