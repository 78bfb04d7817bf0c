import type { Migration } from './index';

const DIMENSIONS = ['campaign', 'publisher', 'target', 'buyer'];

/**
 * The four (dimension, call_ts) indexes on calls lose their INCLUDE (status,
 * connected, revenue_cents, payout_cents).
 *
 * The INCLUDE let one picker's totals be summed from the index alone, but
 * since the per-dimension rollups (0002, 0003) answer those, the raw table
 * serves only what they cannot: a picker with a caller-id search, two
 * pickers at once, the partial hours of a custom range. Those need the heap
 * anyway (for caller_id or the other dimension) or read a few hundred rows.
 * What the INCLUDE still cost was on every write: each index was over four
 * times the size, and every ingest batch paid for maintaining it.
 */
export const slimDimensionIndexes: Migration = {
  version: '0005-slim-dimension-indexes',
  statements: DIMENSIONS.flatMap((d) => [`DROP INDEX calls_${d}_ts_idx`, `CREATE INDEX calls_${d}_ts_idx ON calls (${d}_id, call_ts)`]),
};
