/**
 * The Callboard API as one Fastify plugin: external plugins first (headers,
 * parsing, limits, docs), then the app's own (database, errors, auth), then
 * the routes and the built front end. server.ts runs it; tests build it the
 * same way and `inject`.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import authentication from './plugins/app/auth/authentication';
import type { ScryptCost } from './domain/auth/password-hasher';
import database from './plugins/app/database';
import readRounds from './plugins/app/read-rounds';
import recordingLinks from './plugins/app/recording-links';
import errorHandler from './plugins/app/error-handler';
import sharedState from './plugins/app/shared-state';
import jsonBody from './plugins/external/json-body';
import openapi from './plugins/external/openapi';
import rateLimit, { type CounterLocation } from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';
import authRoutes, { type AuthRouteLimits } from './routes/api/auth';
import healthRoutes from './routes/api/health';
import userRoutes from './routes/api/users';
import callRoutes from './routes/api/calls';
import exportRoutes from './routes/api/calls/export';
import interactiveFirst from './plugins/app/export-pacing';
import liveEvents from './plugins/app/live-events';
import eventRoutes from './routes/api/events';
import type { StreamCaps } from './domain/events/stream-registry';
import costRoutes from './routes/api/cost';
import recordingRoutes from './routes/recordings';
import filterRoutes from './routes/api/filters';
import ingestRoutes from './routes/api/ingest';
import { DEFAULT_INGEST_CONCURRENCY } from './domain/ingest/ingest-write-queue';
import ingestKeyRoutes from './routes/api/ingest-keys';
import statsRoutes from './routes/api/stats';
import webRoutes from './routes/web';
import { DEFAULT_WEB_ROOT, remoteOrigins, type RemoteUrls } from './domain/web/front-end';
import { DEFAULT_FLAG_THRESHOLDS, type FlagThresholds } from './domain/calls/stats';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './domain/rate-limit/rate-limits';

export interface AppOptions {
  db: Database;
  jwtSecret: string;
  allowSignup: boolean;
  /** Lowered by tests only; production keeps OWASP's scrypt cost. */
  passwordCost?: ScryptCost;
  /** INGEST_API_KEY: accepted on the ingest endpoints beside the keys admins create. */
  ingestApiKey?: string;
  /** INGEST_CONCURRENCY: call deliveries written at once (default DEFAULT_INGEST_CONCURRENCY). */
  ingestConcurrency?: number;
  flagThresholds?: FlagThresholds;
  /** Overridable so tests can exercise a limit without waiting for it. */
  limits?: Partial<AppLimits>;
  /** The live event streams: caps on how many are open, and (tests) the heartbeat's interval. */
  liveEvents?: { caps?: Partial<StreamCaps>; heartbeatMs?: number };
  /** The folder holding the built front end (`shell/dist`, `remote-*\/dist`); default: the repository root. */
  webRoot?: string;
  /** REMOTE_*_URL: remotes hosted elsewhere (their origins join the Content-Security-Policy). */
  remoteUrls?: RemoteUrls;
  /** REDIS_URL: keep the rate-limit counters in Redis instead of PostgreSQL. */
  redisUrl?: string;
}

export interface AppLimits extends AuthRouteLimits, RateLimits {}

export const DEFAULT_LIMITS: AppLimits = {
  ...DEFAULT_RATE_LIMITS,
  registerPerMinute: 10,
  refreshPerMinute: 60,
  loginFailures: 5,
  loginFailureWindowMs: 15 * 60 * 1000,
};

/** Bodies above this size get a 413 (the largest legitimate one is an ingest batch). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Several instances on one PostgreSQL database must spend from the same budgets, so the counters
 * live there (or in Redis, when the operator has one); an embedded database has one instance.
 */
function counterLocation(options: AppOptions): CounterLocation {
  if (options.redisUrl) return { kind: 'redis', url: options.redisUrl };
  return options.db.kind === 'postgres' ? { kind: 'postgres', db: options.db } : { kind: 'memory' };
}

export default async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };

  await fastify.register(securityHeaders, { remoteOrigins: remoteOrigins(options.remoteUrls) });
  await fastify.register(jsonBody);
  await fastify.register(errorHandler);
  await fastify.register(openapi);
  await fastify.register(database, { db: options.db });
  await fastify.register(readRounds);
  // Throttle, idempotency keys, export guard: in PostgreSQL when it is the engine, shared by every instance.
  await fastify.register(sharedState);
  await fastify.register(authentication, { jwtSecret: options.jwtSecret, passwordCost: options.passwordCost });
  await fastify.register(recordingLinks, { jwtSecret: options.jwtSecret });
  // After authentication (the limits key signed-in requests by the token's subject), before any route.
  await fastify.register(rateLimit, {
    limits,
    counters: counterLocation(options),
    verifiedUserOf: (request) => fastify.accessClaimsOf(request)?.sub,
  });
  await fastify.register(interactiveFirst);
  await fastify.register(liveEvents, { caps: options.liveEvents?.caps });

  await fastify.register(healthRoutes, { prefix: '/api' });
  await fastify.register(authRoutes, { prefix: '/api/auth', allowSignup: options.allowSignup, limits });
  await fastify.register(userRoutes, { prefix: '/api/users' });
  await fastify.register(statsRoutes, { prefix: '/api/stats', flagThresholds: options.flagThresholds ?? DEFAULT_FLAG_THRESHOLDS });
  await fastify.register(callRoutes, { prefix: '/api/calls' });
  await fastify.register(exportRoutes, { prefix: '/api/calls' });
  await fastify.register(filterRoutes, { prefix: '/api/filters' });
  await fastify.register(ingestRoutes, {
    prefix: '/api/ingest',
    ingestApiKey: options.ingestApiKey,
    concurrency: options.ingestConcurrency ?? DEFAULT_INGEST_CONCURRENCY,
  });
  await fastify.register(ingestKeyRoutes, { prefix: '/api/ingest-keys' });
  await fastify.register(costRoutes, { prefix: '/api/cost' });
  await fastify.register(eventRoutes, { prefix: '/api/events', heartbeatMs: options.liveEvents?.heartbeatMs });
  // An <audio> element cannot send a bearer token: a recording is read through the signed link the call's API answer carries.
  await fastify.register(recordingRoutes, { prefix: '/recordings' });
  // The built front end: the shell at / (its client routes get its page), the remotes under /remotes/.
  await fastify.register(webRoutes, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT, remoteUrls: options.remoteUrls });
}
