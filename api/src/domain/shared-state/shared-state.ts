import path from 'node:path';
import { resolveJwtSecret, resolveSharedJwtSecret } from '../../config/jwt-secret';
import { keptInAppSecrets, keptInFile, type KeptSecret } from '../../config/kept-secret';
import type { Database } from '../../db/database';
import { MemoryLoginThrottle, type LoginThrottle, type LoginThrottleOptions } from '../auth/login-throttle';
import { PostgresLoginThrottle } from '../auth/postgres-login-throttle';
import { MemoryIdempotencyStore, type IdempotencyStore } from '../costs/idempotency-cache';
import { PostgresIdempotencyStore } from '../costs/postgres-idempotency-store';
import { MemoryExportGuard, type ExportGuard, type ExportLimits } from '../export/export-guard';
import { PostgresExportGuard } from '../export/postgres-export-guard';

/**
 * The state that several API instances must agree on, made for the engine
 * the server runs on: in PostgreSQL, where every instance on the database
 * reads and writes the same rows; in this process's memory on the embedded
 * engine, which runs as one process. This is the one place that chooses.
 * Session revocation needs nothing here: every request already reads its
 * session from the database (plugins/app/auth/authentication.ts).
 */
export interface SharedState {
  loginThrottle(options: LoginThrottleOptions): LoginThrottle;
  idempotencyStore(): IdempotencyStore;
  exportGuard(limits?: Partial<ExportLimits>): ExportGuard;
  /** Deletes the rows that have expired (PostgreSQL); the memory versions prune themselves. */
  sweep(): Promise<void>;
  /** Stops the export leases' renewals: the server is closing. */
  close(): void;
}

interface Sweepable {
  sweep(): Promise<void>;
}

export function createSharedState(db: Database, onError: (error: unknown) => void): SharedState {
  if (db.kind === 'pglite') {
    return {
      loginThrottle: (options) => new MemoryLoginThrottle(options),
      idempotencyStore: () => new MemoryIdempotencyStore(db),
      exportGuard: (limits) => new MemoryExportGuard(limits),
      sweep: async () => undefined,
      close: () => undefined,
    };
  }
  const sweepable: Sweepable[] = [];
  const guards: PostgresExportGuard[] = [];
  // One for every guard made here: see PostgresExportGuardOptions.releasing.
  const exportReleases = new Map<string, Promise<void>>();
  const track = <T extends Sweepable>(store: T): T => {
    sweepable.push(store);
    return store;
  };
  return {
    loginThrottle: (options) => track(new PostgresLoginThrottle(db, options)),
    idempotencyStore: () => track(new PostgresIdempotencyStore(db)),
    exportGuard: (limits) => {
      const guard = track(new PostgresExportGuard(db, { limits, onError, releasing: exportReleases }));
      guards.push(guard);
      return guard;
    },
    async sweep() {
      for (const store of sweepable) await store.sweep();
    },
    close() {
      for (const guard of guards) guard.close();
    },
  };
}

/**
 * The JWT signing secret when JWT_SECRET is unset: kept in the database on
 * PostgreSQL, so every instance signs with the same one; in DATA_DIR on the
 * embedded engine.
 */
export function jwtSecretFor(db: Database, configured: string | undefined, dataDir: string): Promise<string> {
  return db.kind === 'postgres' ? resolveSharedJwtSecret(configured, db) : Promise.resolve(resolveJwtSecret(configured, dataDir));
}

/** The demo admin's generated password: its file in DATA_DIR, and its row in app_secrets. */
const DEMO_ADMIN_PASSWORD = 'demo-admin-password';

/**
 * Where the demo admin's generated password is kept, as the JWT secret is: in the database on
 * PostgreSQL (DEMO_DATA=true), so every instance prints the same one; an owner-only file in
 * DATA_DIR on the embedded engine.
 */
export function keptDemoPassword(db: Database, dataDir: string): KeptSecret {
  return db.kind === 'postgres' ? keptInAppSecrets(db, DEMO_ADMIN_PASSWORD) : keptInFile(path.join(dataDir, DEMO_ADMIN_PASSWORD));
}
