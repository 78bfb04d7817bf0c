import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database';

/**
 * The embedded engine: PostgreSQL compiled to WebAssembly, in this process.
 * It has one connection and runs every statement on the main thread, so
 * callers keep statements short: a long one freezes every other request.
 */
export interface PgliteDatabase extends Database {
  /** The whole database as a tarball, to open copies of it with `from` (the tests' migrated starting point). */
  snapshot(): Promise<Blob>;
}

export async function openPgliteDatabase(dataDir: string | undefined, options: { from?: Blob } = {}): Promise<PgliteDatabase> {
  // relaxedDurability: flushes to disk asynchronously; the embedded engine is
  // for demos and single-user data, where a lost last write on a crash is acceptable.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { relaxedDurability: true, extensions: { pg_trgm }, ...(options.from ? { loadDataDir: options.from } : {}) });

  const query: Queryable['query'] = async (text, params) => {
    const result = await pg.query(text, params ? [...params] : []);
    return result.rows as never[];
  };

  return {
    kind: 'pglite',
    snapshot: () => pg.dumpDataDir('none'),
    query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(work, options) {
      return pg.transaction(async (tx) => {
        if (options?.prelude) await tx.exec(options.prelude);
        return work({
          async query(text, params) {
            const result = await tx.query(text, params ? [...params] : []);
            return result.rows as never[];
          },
        });
      });
    },
    // One connection in this process: a NOTIFY reaches it as its own statement ends, and it never drops.
    async listen(channel, handlers) {
      const unlisten = await pg.listen(channel, (payload) => handlers.message(payload));
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    async ping() {
      await pg.query('SELECT 1');
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
