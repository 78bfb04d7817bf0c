import type { Migration } from './index';

/**
 * Indexes for the records table's sortable columns that had none. Measured at
 * 1M calls (bench/results.md): sorting a year by duration took 830 ms and by
 * sub disposition 600 ms as a full sort; with an index PostgreSQL reads the
 * first page in order (an incremental sort orders calls within equal values).
 */
export const sortIndexes: Migration = {
  version: '0004-sort-indexes',
  statements: [
    'CREATE INDEX calls_duration_idx ON calls (duration_sec)',
    'CREATE INDEX calls_sub_disposition_idx ON calls (sub_disposition)',
  ],
};
