import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { REFRESH_COOKIE, type PublicUser } from '@callboard/contract';
import app, { type AppOptions } from '../../src/app';
import { FASTIFY_OPTIONS, loggerOptions } from '../../src/fastify-options';
import { fastifyTrustProxy, type TrustProxy } from '../../src/config/trust-proxy';
import type { Database } from '../../src/db/database';
import { deriveWithScrypt, PasswordHasher, type PasswordHasherOptions, type ScryptCost } from '../../src/domain/auth/password-hasher';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Cheap scrypt for tests only: the format and code path are the production ones. */
export const TEST_PASSWORD_COST = { log2N: 10, r: 8, p: 1 };
/** High enough that only the tests about limits meet them. */
export const RELAXED_LIMITS = {
  userPerMinute: 100_000,
  ingestKeyPerMinute: 100_000,
  addressPerMinute: 100_000,
  signInPerMinute: 10_000,
  registerPerMinute: 10_000,
  refreshPerMinute: 10_000,
  loginFailures: 1000,
  accountLoginFailures: 1000,
};

/**
 * A hasher at the test cost whose derivations the test can see (`derivations`: the cost of each
 * one started) and hold (`hold()` until `release()`), with the queue bounds it is given.
 */
export function observedHasher(bounds: Omit<PasswordHasherOptions, 'derive'> = {}) {
  const derivations: ScryptCost[] = [];
  let held: Array<() => void> | undefined;
  const hasher = new PasswordHasher(TEST_PASSWORD_COST, {
    ...bounds,
    derive: async (password, salt, cost) => {
      derivations.push(cost);
      if (held) await new Promise<void>((resolve) => held?.push(resolve));
      return deriveWithScrypt(password, salt, cost);
    },
  });
  return {
    hasher,
    derivations,
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const resume of waiting) resume();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  jwtSecret: string;
  close(): Promise<void>;
}

export interface TestAppOverrides extends Partial<Omit<AppOptions, 'db'>> {
  /** Another instance on the same database: pass `anotherPoolOn(first.database)` (test-database.ts). */
  database?: TestDatabase;
  /** TRUST_PROXY, as the server hands it to Fastify (default false). */
  trustProxy?: TrustProxy;
  /** Routes a test adds beside the app's own, inside its error handling. */
  extraRoutes?: (fastify: FastifyInstance) => void;
  /** Receives the server's log lines (JSON, `logLevel` and above) when a test checks what is logged; silent otherwise. */
  logStream?: { write(line: string): void };
  /** The lowest level `logStream` receives (default warn). */
  logLevel?: 'info' | 'warn';
  /** Told of every route the app adds, as Fastify's onRoute hook sees it (a test that holds the route table to a list). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const database = overrides.database ?? (await createTestDatabase());
  const jwtSecret = overrides.jwtSecret ?? randomBytes(32).toString('base64url');
  const logger = overrides.logStream ? loggerOptions(overrides.logLevel ?? 'warn', overrides.logStream) : false;
  const fastify = Fastify({ ...FASTIFY_OPTIONS, logger, trustProxy: fastifyTrustProxy(overrides.trustProxy ?? false) });
  const { database: _database, extraRoutes: _extraRoutes, trustProxy: _trustProxy, logStream: _logStream, logLevel: _logLevel, onRoute, ...appOverrides } = overrides;
  if (onRoute) fastify.addHook('onRoute', onRoute);
  await fastify.register(fp(app), {
    ...appOverrides,
    db: database.db,
    jwtSecret,
    registration: overrides.registration ?? 'open',
    passwordCost: TEST_PASSWORD_COST,
    // Like RELAXED_LIMITS: tests that sign many people in at once are about something else than the
    // hashing queue's bound, which has tests of its own with a hasher they pass in.
    passwords: overrides.passwords ?? new PasswordHasher(TEST_PASSWORD_COST, { maxWaiting: 1_000 }),
    limits: { ...RELAXED_LIMITS, ...overrides.limits },
    // Jobs are queued but not run unless a test asks (`jobs: { pollingIntervalSeconds: 0.5, … }`): most
    // tests drive no job, and a working runner polls the database for as long as the app is open.
    jobs: overrides.jobs ?? { working: false },
  });
  overrides.extraRoutes?.(fastify);
  await fastify.ready();
  return {
    app: fastify,
    db: database.db,
    database,
    jwtSecret,
    async close() {
      await fastify.close();
      await database.drop();
    },
  };
}

export interface SignedIn {
  token: string;
  user: PublicUser;
  /** The refresh cookie's value. */
  refresh: string;
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
}

export async function register(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { token: data.token, user: data.user, refresh: refreshCookieOf(response) as string };
}

let counter = 0;
/** Registers and signs in a new account; the first account of a database becomes admin. */
export async function signUp(app: FastifyInstance, name = 'Test Person'): Promise<SignedIn & { password: string }> {
  counter += 1;
  const email = `person${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = `secret-${counter}-pw`;
  const response = await register(app, { name, email, password });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...(await login(app, email, password)), password };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
