import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface DatabaseLocation {
  /** PostgreSQL connection string; when absent the embedded engine is used. */
  databaseUrl?: string;
  /** Where the embedded engine keeps its files; absent means in memory (tests). */
  pgliteDir?: string;
}

export function openDatabase({ databaseUrl, pgliteDir }: DatabaseLocation): Promise<Database> {
  return databaseUrl ? openPostgresDatabase(databaseUrl) : openPgliteDatabase(pgliteDir);
}
