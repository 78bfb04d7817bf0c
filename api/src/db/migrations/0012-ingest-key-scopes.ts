import type { Migration } from './index';

/**
 * What each ingest key may deliver (contract/src/ingest-keys.ts): `calls`
 * (POST /api/ingest/calls), `qc` (POST /api/ingest/qc), or both.
 *
 * Keys created before this migration could use both routes and keep both. The
 * column's default exists only to fill those rows and is dropped at once: the
 * API always writes the scopes, and its default for a key created without any
 * lives in the contract, not here.
 *
 * The check refuses an empty list and anything but the two scopes (a NULL
 * element too: `<@` never finds one), whoever writes the row. The names are
 * written out rather than read from the contract because a landed migration
 * never changes: a new scope is a new migration that widens the check.
 */
export const ingestKeyScopes: Migration = {
  version: '0012-ingest-key-scopes',
  statements: [
    "ALTER TABLE ingest_keys ADD COLUMN scopes text[] NOT NULL DEFAULT ARRAY['calls', 'qc']",
    'ALTER TABLE ingest_keys ALTER COLUMN scopes DROP DEFAULT',
    "ALTER TABLE ingest_keys ADD CONSTRAINT ingest_keys_scopes_known CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['calls', 'qc'])",
  ],
};
