import type { Migration } from './index';

/** The network's own, callers' numbers among them: a partner's request never reads or writes them (0025 grants every new table by default). */
const NETWORK_ONLY = ['imports', 'import_chunks', 'import_rejects'];

/**
 * CSV imports from the app (issue 37 item 4; api/src/import/README.md).
 *
 * - `imports`: one uploaded file, its header row, the platform recognised and the mapping (contract/src/imports.ts
 *   ImportMappingEntry[]), and its run. `status`: `uploading` while the body arrives (never shown), `uploaded`
 *   (the mapping may change), `queued`, `running`, `done`, `failed`. The run's progress (`rows_read`, `inserted`,
 *   `updated`, `rejected`) is written in the transaction of each batch it stores, so after a crash the run
 *   resumes past `rows_read` and imports no row twice. The instance running it holds a lease (`lease_token`
 *   until `lease_until`, renewed by every batch): a batch commits only under its own lease, and another
 *   instance takes a run over only once its lease has lapsed. `attempts` bounds how often a run is taken up.
 * - `import_chunks`: the file itself, in pieces of about 1 MiB in order, in the database rather than a folder,
 *   so whichever instance the job runner picks can read it; text, as the importer reads it (api/src/import/
 *   stored-file.ts says why not bytea). Deleted once the run ends.
 * - `import_rejects`: each refused row as the file had it (`fields`), its line and why, for the rejected rows'
 *   CSV; one per line, so a batch cannot be written twice.
 */
export const imports: Migration = {
  version: '0040-imports',
  statements: [
    `CREATE TABLE imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      run_by uuid REFERENCES users(id) ON DELETE SET NULL,
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
      byte_size bigint NOT NULL DEFAULT 0 CHECK (byte_size >= 0),
      total_rows integer NOT NULL DEFAULT 0 CHECK (total_rows >= 0),
      headers jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(headers) = 'array'),
      platform text CHECK (platform IN ('ringba', 'retreaver', 'trackdrive', 'generic')),
      recognised_columns integer NOT NULL DEFAULT 0,
      mapping jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(mapping) = 'array'),
      status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'uploaded', 'queued', 'running', 'done', 'failed')),
      rows_read integer NOT NULL DEFAULT 0,
      inserted integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      rejected integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      lease_token uuid,
      lease_until timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      queued_at timestamptz,
      started_at timestamptz,
      finished_at timestamptz
    )`,
    'CREATE INDEX imports_newest_idx ON imports (created_at DESC)',
    // The sweep's pick: runs to take up again, uploads never started. Few rows at any time.
    `CREATE INDEX imports_unfinished_idx ON imports (status) WHERE status IN ('uploading', 'uploaded', 'queued', 'running')`,
    `CREATE TABLE import_chunks (
      import_id uuid NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 0),
      data text NOT NULL,
      PRIMARY KEY (import_id, seq)
    )`,
    `CREATE TABLE import_rejects (
      import_id uuid NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
      line integer NOT NULL,
      system_call_id text,
      fields jsonb NOT NULL CHECK (jsonb_typeof(fields) = 'array'),
      reason text NOT NULL,
      PRIMARY KEY (import_id, line)
    )`,
    ...NETWORK_ONLY.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
  ],
};
