import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../api/src/start-server';

/**
 * The whole system as a user meets it: the API serving the production build
 * of the shell and remotes from one origin, on a temporary embedded database
 * with a small demo call floor.
 */
export interface System {
  url: string;
  server: RunningServer;
  stop(): Promise<void>;
}

export const REPO_ROOT = path.resolve(__dirname, '../..');
/** The demo admin seeded on a fresh embedded database (README). */
export const DEMO_ADMIN = { email: 'admin@callboard.demo', password: 'callboard-demo' };

export interface SystemOptions {
  env?: Record<string, string>;
  /** Demo calls seeded over the last 90 days (default 400). */
  demoCalls?: number;
}

export async function startSystem({ env = {}, demoCalls = 400 }: SystemOptions = {}): Promise<System> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-e2e-'));
  const server = await startServer({
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_ROOT: REPO_ROOT, ...env },
    // A cheap password hash and a few hundred calls keep each suite's start to a few seconds.
    passwordCost: { log2N: 10, r: 8, p: 1 },
    demoCalls,
  });
  return {
    url: server.url,
    server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
