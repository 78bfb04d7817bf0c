/**
 * The imports table (migration 0040) as the routes and the run read and write it. Every change of state is one
 * conditional statement (`WHERE status = …`), so two requests, or two instances, cannot both move an import.
 */
import { IMPORTS_LISTED, type ImportMappingEntry, type ImportStatus, type ImportSummary } from '@callboard/contract/imports';
import type { Platform } from '@callboard/contract/platforms';
import type { Queryable } from '../db/database';
import type { HeaderRecognition } from './header-recognition';

export interface ImportRow {
  id: string;
  created_by: string | null;
  run_by: string | null;
  file_name: string;
  byte_size: string | number;
  total_rows: number;
  headers: string[];
  platform: Platform | null;
  recognised_columns: number;
  mapping: ImportMappingEntry[];
  status: ImportStatus | 'uploading';
  rows_read: number;
  inserted: number;
  updated: number;
  rejected: number;
  attempts: number;
  error: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The row as GET IMPORTS_PATH lists it. */
export function importSummaryOf(row: ImportRow): ImportSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    byteSize: Number(row.byte_size),
    totalRows: row.total_rows,
    createdAt: iso(row.created_at) as string,
    platform: row.platform,
    recognisedColumns: row.recognised_columns,
    status: row.status === 'uploading' ? 'uploaded' : row.status,
    progress: { rowsRead: row.rows_read, inserted: row.inserted, updated: row.updated, rejected: row.rejected },
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error,
  };
}

/** The recognition a row keeps: the platform and mapping the run reads its file under. */
export const recognitionOf = (row: ImportRow): HeaderRecognition => ({ platform: row.platform, recognisedColumns: row.recognised_columns, mapping: row.mapping });

/** A new import whose file is about to be written (status `uploading`, shown nowhere). */
export async function createImport(db: Queryable, fileName: string, createdBy: string | null): Promise<string> {
  const [row] = await db.query<{ id: string }>('INSERT INTO imports (file_name, created_by) VALUES ($1, $2) RETURNING id', [fileName, createdBy]);
  return (row as { id: string }).id;
}

/** The file is written and read: its size, rows, header and the proposed mapping; the import is shown from now on. */
export async function completeUpload(
  db: Queryable,
  id: string,
  file: { byteSize: number; totalRows: number; headers: readonly string[]; recognition: HeaderRecognition },
): Promise<void> {
  const { platform, recognisedColumns, mapping } = file.recognition;
  await db.query(
    `UPDATE imports SET status = 'uploaded', byte_size = $2, total_rows = $3, headers = $4::jsonb, platform = $5, recognised_columns = $6, mapping = $7::jsonb
     WHERE id = $1 AND status = 'uploading'`,
    [id, file.byteSize, file.totalRows, JSON.stringify(file.headers), platform, recognisedColumns, JSON.stringify(mapping)],
  );
}

/** Gone with its file and rejected rows (an upload refused, or abandoned). */
export async function deleteImport(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM imports WHERE id = $1', [id]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One import the app shows (an upload still arriving is not one); null when there is none. */
export async function findImport(db: Queryable, id: string): Promise<ImportRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<ImportRow>("SELECT * FROM imports WHERE id = $1 AND status <> 'uploading'", [id]);
  return row ?? null;
}

/** The latest imports, newest first. */
export async function listImports(db: Queryable, limit = IMPORTS_LISTED): Promise<ImportRow[]> {
  return db.query<ImportRow>("SELECT * FROM imports WHERE status <> 'uploading' ORDER BY created_at DESC, id LIMIT $1", [limit]);
}

/** The mapping changes while the import has not started; false once it has. */
export async function setImportMapping(db: Queryable, id: string, mapping: readonly ImportMappingEntry[]): Promise<boolean> {
  const rows = await db.query("UPDATE imports SET mapping = $2::jsonb WHERE id = $1 AND status = 'uploaded' RETURNING id", [id, JSON.stringify(mapping)]);
  return rows.length === 1;
}

/** Started, once: only an `uploaded` import moves to `queued`, so a second start (or a second instance's) finds none. */
export async function queueImport(db: Queryable, id: string, runBy: string | null): Promise<boolean> {
  const rows = await db.query("UPDATE imports SET status = 'queued', queued_at = now(), run_by = $2 WHERE id = $1 AND status = 'uploaded' RETURNING id", [id, runBy]);
  return rows.length === 1;
}

/** The rejected rows in file order, a page at a time (the rejects file streams them). */
export async function rejectedRowsPage(db: Queryable, id: string, afterLine: number, limit: number) {
  return db.query<{ line: number; fields: string[]; reason: string }>(
    'SELECT line, fields, reason FROM import_rejects WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT $3',
    [id, afterLine, limit],
  );
}
