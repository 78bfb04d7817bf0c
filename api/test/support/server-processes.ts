/**
 * Real Callboard servers as child processes on one PostgreSQL database, for
 * tests of what several instances behind a load balancer must agree on.
 * Each runs the compiled server (api/dist/server.js, built by `buildServer`)
 * with production settings: production scrypt (so keep the number of
 * sign-ins small), its own port and DATA_DIR, and JWT_SECRET unset, so the
 * instances must agree through the secret kept in the database.
 *
 *   await buildServer();
 *   const cluster = await startServerProcesses(2);
 *   const { token } = await signIn(cluster.servers[0]);
 *   await fetch(`${cluster.servers[1].url}/api/auth/profile`, { headers: bearer(token) });
 *   await cluster.stop();
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { REFRESH_COOKIE } from '@callboard/contract';
import { createPostgresDatabase } from './test-database';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'api', 'dist', 'server.js');
const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The admin every cluster creates at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const INSTANCE_ADMIN = { email: 'admin@instances.example.com', password: 'instances-admin-password' };
/** INGEST_API_KEY of every cluster: the ingest endpoints accept it as X-Api-Key. */
export const INSTANCE_INGEST_KEY = 'instances-ingest-key-0123456789abcdef';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

let built: Promise<void> | undefined;

/**
 * Compiles the API and the contract into api/dist (`tsc -b`: incremental, so
 * quick when nothing changed). Once per test file; call it in beforeAll with
 * a generous timeout.
 */
export function buildServer(): Promise<void> {
  built ??= promisify(execFile)(process.execPath, [TSC, '-b', 'api'], { cwd: REPO_ROOT }).then(
    () => undefined,
    (error: { stdout?: string; message: string }) => {
      throw new Error(`tsc -b api failed, so the server processes cannot start:\n${error.stdout ?? error.message}`);
    },
  );
  return built;
}

export interface ServerProcess {
  /** Where it listens, as it printed at start-up, e.g. http://127.0.0.1:41234. */
  url: string;
  pid: number;
  /** Everything it wrote so far (stdout and stderr), to explain a failure. */
  output(): string;
  /** SIGTERM, as an orchestrator stops an instance: in-flight requests finish, then it exits. */
  stop(): Promise<void>;
  /** SIGKILL: the instance dies on the spot, leaving whatever it held. */
  kill(): Promise<void>;
}

export interface ServerCluster {
  /** The one database every server uses; tests may connect to look at it (see `queryDatabase`). */
  databaseUrl: string;
  servers: ServerProcess[];
  /** Stops every server still running and drops the database. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Added to (or overriding) every server's environment. */
  env?: Record<string, string>;
  /** Added to (or overriding) one server's environment, by its index in `servers`. */
  envFor?: (index: number) => Record<string, string>;
}

const running = new Set<ReturnType<typeof spawn>>();
// A test run that ends abruptly must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a server did not print its URL within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Callboard is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', onData).on('data', (more: Buffer) => (output += more.toString()));
      resolve({ url, pid: child.pid as number, output: () => output, stop: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`a server exited before it was ready (code ${child.exitCode}):\n${output}`));
    });
  });
}

/**
 * `count` servers on one fresh database on TEST_DATABASE_URL's server, all
 * started at once (so start-up races, such as migrating and generating the
 * JWT secret, are part of every run). Call `buildServer` first.
 */
export async function startServerProcesses(count: number, options: ClusterOptions = {}): Promise<ServerCluster> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: server processes share a PostgreSQL database');
  const database = await createPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-instances-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    ADMIN_EMAIL: INSTANCE_ADMIN.email,
    ADMIN_PASSWORD: INSTANCE_ADMIN.password,
    INGEST_API_KEY: INSTANCE_INGEST_KEY,
    ...options.env,
  };
  // A DATA_DIR each, as on separate machines: nothing is shared but the database.
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startProcess({ DATA_DIR: path.join(dataDir, `server-${i}`), ...env, ...options.envFor?.(i) })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { databaseUrl: database.url, servers, stop };
}

/** Runs one statement on the cluster's database, on a connection of its own. */
export async function queryDatabase<Row = Record<string, unknown>>(cluster: ServerCluster, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A JSON request to one server. */
export function send(server: ServerProcess, method: string, urlPath: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers = { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers };
  return fetch(`${server.url}${urlPath}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

/** POST /api/auth/login, whatever it answers. */
export function attemptSignIn(server: ServerProcess, email: string, password: string): Promise<Response> {
  return send(server, 'POST', '/api/auth/login', { body: { email, password } });
}

export interface ProcessSession {
  token: string;
  userId: string;
  /** The refresh cookie's value. */
  refresh: string;
}

/** Signs in (the cluster's admin by default) and returns the session; throws unless it answers 200. */
export async function signIn(server: ServerProcess, email = INSTANCE_ADMIN.email, password = INSTANCE_ADMIN.password): Promise<ProcessSession> {
  const response = await attemptSignIn(server, email, password);
  if (response.status !== 200) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { id: string } } };
  const refresh = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return { token: data.token, userId: data.user.id, refresh: refresh?.split(';')[0]?.slice(REFRESH_COOKIE.length + 1) ?? '' };
}

/** Creates an ordinary user through the admin API and returns its credentials. */
export async function createUser(server: ServerProcess, admin: ProcessSession, label: string): Promise<{ email: string; password: string }> {
  const email = `${label}.${randomBytes(3).toString('hex')}@instances.example.com`;
  const password = `${label}-password-1`;
  const response = await send(server, 'POST', '/api/users', { headers: bearer(admin.token), body: { name: label, email, password, role: 'user' } });
  if (response.status !== 201) throw new Error(`creating ${email} failed: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** A call delivery that the ingest endpoint accepts; `overrides` replace any field. */
export function sampleCall(systemCallId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    systemCallId,
    callTimestamp: new Date().toISOString(),
    callerId: '+15550001111',
    campaignName: 'Instances Campaign',
    publisherName: 'Instances Publisher',
    targetName: 'Instances Target',
    buyerName: 'Instances Buyer',
    durationSec: 42,
    ...overrides,
  };
}

/** POST /api/ingest/calls with the cluster's INGEST_API_KEY, as the tracking platform delivers. */
export function ingestCalls(server: ServerProcess, calls: Array<Record<string, unknown>>): Promise<Response> {
  return send(server, 'POST', '/api/ingest/calls', { headers: { 'x-api-key': INSTANCE_INGEST_KEY }, body: { calls } });
}
