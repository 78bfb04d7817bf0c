/**
 * An uploaded import's run, as the job runner's handler calls it (import-jobs.ts): the importer of
 * `npm run import` (import-calls.ts) over the file kept in the database, storing each batch through storeCalls
 * (ingest's write: rollups, the change log) in one transaction with its rejected rows and the import's progress.
 *
 * Once only, whatever happens: the instance that runs an import holds a lease on it (taken when the import is
 * `queued`, or `running` with its lease lapsed), renewed by every batch, and a batch commits only under its
 * own lease; a run taken over (the first instance died, or its job expired) skips the rows already stored, so no
 * row is imported twice and none is lost. When every row is read the file is deleted and the admin who started
 * it is told (notify(), kind import.finished).
 */
import { randomUUID } from 'node:crypto';
import { importScreenLink } from '@callboard/contract/imports';
import type { Database, Queryable } from '../db/database';
import { storeCalls } from '../domain/calls/calls-writer';
import { userActor } from '../domain/changes/change-actor';
import type { WriteTurns } from '../domain/ingest/ingest-write-queue';
import { notify } from '../domain/notifications/notifications';
import { importCallsCsv, type ImportBatch } from './import-calls';
import { recognitionOf, type ImportRow } from './imports-repository';
import { readStoredFile } from './stored-file';

/** The job runner's queue of the runs: one job per import (its id as the singleton key). */
export const IMPORT_RUN_QUEUE = 'imports.run';
/** How long a run's lease lasts without a batch renewing it: far above a batch's few seconds. */
export const IMPORT_LEASE_SECONDS = 120;
/** A run taken up this many times without finishing fails, with the last error. */
export const IMPORT_MAX_ATTEMPTS = 5;

export interface ImportRunSettings {
  db: Database;
  /** REPEAT_WINDOW_DAYS, as ingest decides repeat callers with it. */
  repeatWindowDays: number;
  /** The turns ingest's deliveries are written in (INGEST_CONCURRENCY holds for imports too); default: at once. */
  writeTurns?: WriteTurns;
  /** Told after each batch that changed calls, as ingest is: the live streams and the outbound events read the change log. */
  announce?: () => void;
  /** Rows per batch (default the importer's 1000). */
  batchSize?: number;
  /** Stops the run after the batch being stored (the instance is closing): the lease is given up and another run goes on. */
  signal?: AbortSignal;
}

export type RunOutcome = 'done' | 'failed' | 'not-taken';

/** Another instance took the run over (this one's lease lapsed): this one stops without writing. */
class LeaseLost extends Error {
  constructor() {
    super('the import was taken over by another run');
    this.name = 'LeaseLost';
  }
}

const CLAIM = `UPDATE imports SET status = 'running', lease_token = $2, lease_until = now() + make_interval(secs => $3),
    attempts = attempts + 1, started_at = coalesce(started_at, now())
  WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND lease_until < now()))
  RETURNING *`;

/** Under the run's own lease, renewing it; the row stays locked to the batch's commit. */
async function holdLease(tx: Queryable, id: string, token: string): Promise<void> {
  const held = await tx.query(
    "UPDATE imports SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_token = $2 AND status = 'running' RETURNING id",
    [id, token, IMPORT_LEASE_SECONDS],
  );
  if (held.length === 0) throw new LeaseLost();
}

/** The refusal as the rejects file words it: each problem with the column it came from. */
const reasonOf = (errors: ImportBatch['rejected'][number]['errors']) => errors.map((e) => `${e.column ?? e.field}: ${e.message}`).join('; ');

async function writeBatch(tx: Queryable, row: ImportRow, token: string, batch: ImportBatch, repeatWindowDays: number) {
  await holdLease(tx, row.id, token);
  const actor = row.run_by ? userActor(row.run_by) : null;
  const stored = await storeCalls(tx, batch.calls, repeatWindowDays, actor);
  if (batch.rejected.length > 0) {
    await tx.query(
      `INSERT INTO import_rejects (import_id, line, system_call_id, fields, reason)
       SELECT $1, r.line, r.system_call_id, r.fields, r.reason FROM jsonb_to_recordset($2::jsonb) AS r(line integer, system_call_id text, fields jsonb, reason text)`,
      [row.id, JSON.stringify(batch.rejected.map((r) => ({ line: r.line, system_call_id: r.systemCallId, fields: r.fields, reason: reasonOf(r.errors) })))],
    );
  }
  await tx.query('UPDATE imports SET rows_read = $2, inserted = inserted + $3, updated = updated + $4, rejected = rejected + $5 WHERE id = $1', [
    row.id,
    batch.rowsThrough,
    stored.inserted,
    stored.updated,
    batch.rejected.length,
  ]);
  return stored;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Ends the run under its lease: `done` (the file deleted) or `failed`, and tells whoever started it. */
async function endRun(db: Database, id: string, token: string, ending: { status: 'done' } | { status: 'failed'; error: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ImportRow>(
      `UPDATE imports SET status = $3, error = $4, finished_at = now(), lease_token = NULL, lease_until = NULL
       WHERE id = $1 AND lease_token = $2 AND status = 'running' RETURNING *`,
      [id, token, ending.status, ending.status === 'failed' ? ending.error : null],
    );
    if (!row) return false;
    await tx.query('DELETE FROM import_chunks WHERE import_id = $1', [id]);
    const recipient = row.run_by ?? row.created_by;
    if (recipient) {
      const stored = `${count(row.inserted)} new, ${count(row.updated)} updated, ${count(row.rejected)} rejected`;
      await notify(tx, [
        {
          userId: recipient,
          kind: 'import.finished',
          title: ending.status === 'done' ? `Import finished: ${row.file_name}` : `Import failed: ${row.file_name}`,
          body: ending.status === 'done' ? `${stored} of ${count(row.rows_read)} rows.` : `${ending.error}. Before it stopped: ${stored}.`,
          link: importScreenLink(id),
        },
      ]);
    }
    return true;
  });
}

/**
 * Runs import `id` if it is this instance's to run (queued, or running with its lease lapsed); resolves to
 * what became of it. An error other than losing the lease gives the lease up and is thrown, so the job
 * runner retries it (the retry resumes past the rows stored), until IMPORT_MAX_ATTEMPTS takes end in `failed`.
 */
export async function runStoredImport(settings: ImportRunSettings, id: string): Promise<RunOutcome> {
  const { db } = settings;
  const token = randomUUID();
  const [row] = await db.query<ImportRow>(CLAIM, [id, token, IMPORT_LEASE_SECONDS]);
  if (!row) return 'not-taken';
  if (row.attempts > IMPORT_MAX_ATTEMPTS) {
    await endRun(db, id, token, { status: 'failed', error: `Stopped after ${IMPORT_MAX_ATTEMPTS} attempts${row.error ? `: ${row.error}` : ''}` });
    return 'failed';
  }
  const inTurn: WriteTurns = settings.writeTurns ?? ((write) => write());
  try {
    await importCallsCsv(null, readStoredFile(db, id), {
      mapping: recognitionOf(row),
      skipRows: row.rows_read,
      batchSize: settings.batchSize,
      signal: settings.signal,
      store: async (batch) => {
        const stored = await inTurn(() => db.transaction((tx) => writeBatch(tx, row, token, batch, settings.repeatWindowDays)));
        if (stored.inserted + stored.updated > 0) settings.announce?.();
        return stored;
      },
    });
  } catch (error) {
    if (error instanceof LeaseLost) return 'not-taken';
    const message = error instanceof Error ? error.message : String(error);
    // Given up at once, so a retry (or another instance) resumes without waiting for the lease to lapse.
    await db.query('UPDATE imports SET lease_until = now(), error = $3 WHERE id = $1 AND lease_token = $2', [id, token, message]).catch(() => undefined);
    if (row.attempts >= IMPORT_MAX_ATTEMPTS && !settings.signal?.aborted) {
      await endRun(db, id, token, { status: 'failed', error: message });
      return 'failed';
    }
    throw error;
  }
  return (await endRun(db, id, token, { status: 'done' })) ? 'done' : 'not-taken';
}

/**
 * Imports whose run no instance holds: queued a minute ago and not taken (the job was lost between the start
 * and its send), or running with a lapsed lease (its instance died). The sweep sends their jobs again.
 */
export async function orphanedRuns(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM imports WHERE (status = 'queued' AND queued_at < now() - interval '1 minute') OR (status = 'running' AND lease_until < now())`,
  );
  return rows.map((r) => r.id);
}

/** How long an upload that was never started is kept, and a finished import with its rejected rows. */
export const UNSTARTED_KEPT_HOURS = 24;
export const FINISHED_KEPT_DAYS = 30;

/**
 * Deletes what is no longer wanted: uploads that never completed (their request died an hour ago), uploads never
 * started within UNSTARTED_KEPT_HOURS, and finished imports after FINISHED_KEPT_DAYS. Their files and rejected rows
 * go with them.
 */
export async function pruneImports(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM imports WHERE (status = 'uploading' AND created_at < now() - interval '1 hour')
       OR (status = 'uploaded' AND created_at < now() - make_interval(hours => $1))
       OR (status IN ('done', 'failed') AND finished_at < now() - make_interval(days => $2))
     RETURNING id`,
    [UNSTARTED_KEPT_HOURS, FINISHED_KEPT_DAYS],
  );
  return rows.length;
}
