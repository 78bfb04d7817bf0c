import path from 'node:path';
import { resolveJwtSecret, resolveSharedJwtSecret } from '../../config/jwt-secret';
import { keptInAppSecrets, keptInFile, type KeptSecret } from '../../config/kept-secret';
import type { Database } from '../../db/database';
import { LoginThrottle, type LoginThrottleOptions } from '../auth/login-throttle';
import { IdempotencyStore } from '../costs/idempotency-store';
import { ExportGuard, type ExportLimits } from '../export/export-guard';

/**
 * The state that several API instances must agree on, kept in the database
 * on both engines: on PostgreSQL every instance on the database reads and
 * writes the same rows; the embedded engine runs the same SQL on its one
 * connection (docs/decisions/0034-one-sql-for-shared-state.md). Session
 * revocation needs nothing here: every request already reads its session
 * from the database (plugins/app/auth/authentication.ts).
 */
export interface SharedState {
  loginThrottle(options: LoginThrottleOptions): LoginThrottle;
  idempotencyStore(): IdempotencyStore;
  exportGuard(limits?: Partial<ExportLimits>): ExportGuard;
  /** Deletes the expired rows of every store made here. */
  sweep(): Promise<void>;
  /** Stops the export leases' renewals: the server is closing. */
  close(): void;
}

interface Sweepable {
  sweep(): Promise<void>;
}

export function createSharedState(db: Database, onError: (error: unknown) => void): SharedState {
  const sweepable: Sweepable[] = [];
  const guards: ExportGuard[] = [];
  // One for every guard made here: see ExportGuardOptions.releasing.
  const exportReleases = new Map<string, Promise<void>>();
  const track = <T extends Sweepable>(store: T): T => {
    sweepable.push(store);
    return store;
  };
  return {
    loginThrottle: (options) => track(new LoginThrottle(db, options)),
    idempotencyStore: () => track(new IdempotencyStore(db)),
    exportGuard: (limits) => {
      const guard = track(new ExportGuard(db, { limits, onError, releasing: exportReleases }));
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
