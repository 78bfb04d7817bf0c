import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Queryable } from '../../db/database';
import { tooManyRequests } from '../../http/http-error';
import { limitForKey, limitKey, limitOwnerOf } from '../../domain/rate-limit/limit-owner';
import { presentedPartnerKey } from '../../domain/partners/partner-keys';
import { connectorCredential, presentedConnectorToken } from '../../domain/connectors/connector-secrets';
import { deleteExpiredCounters, PostgresCounterStore, SWEEP_INTERVAL_MS } from '../../domain/rate-limit/postgres-counter-store';
import { FallbackCounterStore, RedisStore } from '../../domain/rate-limit/fallback-counter-store';
import type { RateLimits } from '../../domain/rate-limit/rate-limits';

/** Where the counters live: this process (one instance, or PGlite), PostgreSQL or Redis (shared by every instance). */
export type CounterLocation = { kind: 'memory' } | { kind: 'postgres'; db: Queryable } | { kind: 'redis'; url: string };

export interface RateLimitOptions {
  limits: RateLimits;
  counters: CounterLocation;
  /**
   * The subject of the request's access token when its signature, issuer, audience and expiry check
   * out, or undefined. No database: whether the session is still live is the route's business (401).
   */
  verifiedUserOf: (request: FastifyRequest) => string | undefined;
  /** Whether the ingest route has lately accepted this X-Api-Key (domain/rate-limit/accepted-ingest-keys.ts). */
  isAcceptedIngestKey: (apiKey: string) => boolean;
  /** Whether authentication has lately accepted this partner API key (domain/partners/partner-keys.ts). */
  isAcceptedPartnerKey?: (partnerKey: string) => boolean;
}

/** One warning per this many ms while the counters are unreachable, not one per request. */
const WARNING_INTERVAL_MS = 10_000;
const REDIS_NAMESPACE = 'callboard-rate-limit:';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Where the tracking platforms send a connector's events (routes/api/ingest/connectors/). */
const CONNECTOR_ROUTE = '/api/ingest/connectors/:connectorId';

/**
 * What an ingest route's request presents: its X-Api-Key; on a connector's route, which cannot send one, the
 * connector with the token in its query or header (domain/connectors/connector-secrets.ts).
 */
function ingestCredentialOf(request: FastifyRequest): string | undefined {
  if (request.routeOptions.url !== CONNECTOR_ROUTE) return headerValue(request.headers['x-api-key']);
  const token = presentedConnectorToken(request.query, request.headers);
  const { connectorId } = request.params as { connectorId?: string };
  return token && connectorId ? connectorCredential(connectorId, token) : undefined;
}

/**
 * Request budgets per owner (domain/rate-limit/limit-owner.ts): signed-in API routes per user,
 * ingest routes per API key (a connector's per connector and token), the sign-in routes per client address; probes and static files are
 * never limited. All of one owner's routes spend from one budget; sign-in, register and refresh keep a
 * tighter limit of their own instead (`config.rateLimit` on the route, counted apart). Every 429
 * carries RATE_LIMITED, the wait in its message, and Retry-After.
 */
export default fp<RateLimitOptions>(async function rateLimits(fastify, options) {
  const { limits, counters } = options;

  let lastWarning = 0;
  const warnCountersUnavailable = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = now;
    fastify.log.warn({ err: error }, `rate-limit counters (${counters.kind}) unavailable: counting in this instance's memory meanwhile`);
  };

  // Shared counters are wrapped: while they cannot be reached, this instance counts in its own memory
  // (domain/rate-limit/fallback-counter-store.ts), so the limits hold, per instance, instead of opening.
  let store: (new (settings: { continueExceeding?: boolean; exponentialBackoff?: boolean }) => FallbackCounterStore) | undefined;
  if (counters.kind === 'redis') {
    // A short connect timeout and one retry: a request waits at most that long before it is counted in memory.
    const client = new Redis(counters.url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    client.on('error', warnCountersUnavailable);
    fastify.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    store = class extends FallbackCounterStore {
      constructor(settings: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
        super(new RedisStore(settings.continueExceeding ?? false, settings.exponentialBackoff ?? false, client, REDIS_NAMESPACE), warnCountersUnavailable);
      }
    };
  } else if (counters.kind === 'postgres') {
    const { db } = counters;
    // The plugin makes the stores (one for the global budget, one per route with its own); the sweep
    // keeps hold of each to let go of the slices of ended windows.
    const made: PostgresCounterStore[] = [];
    store = class extends FallbackCounterStore {
      constructor() {
        const shared = new PostgresCounterStore(db, warnCountersUnavailable);
        made.push(shared);
        super(shared, warnCountersUnavailable);
      }
    };
    const sweep = setInterval(() => {
      for (const counterStore of made) counterStore.forgetEndedWindows();
      deleteExpiredCounters(db).catch(warnCountersUnavailable);
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    fastify.addHook('onClose', async () => clearInterval(sweep));
  }

  await fastify.register(rateLimit, {
    // Not a hook per route (those run after the routes' own onRequest hooks, authentication
    // among them): one hook below, ahead of them all.
    global: false,
    timeWindow: '1 minute',
    ...(store ? { store } : {}),
    // No skipOnError: a shared store's failure is counted in memory instead (above), never let through.
    keyGenerator: (request) => {
      const owner = limitOwnerOf(request.routeOptions.url ?? '');
      const apiKey = owner === 'ingest-key' ? ingestCredentialOf(request) : undefined;
      const partnerKey = owner === 'user' ? presentedPartnerKey(request.headers) : undefined;
      return limitKey(owner === 'none' ? 'address' : owner, {
        address: normalizeIP(request.ip),
        verifiedUser: owner === 'user' ? options.verifiedUserOf(request) : undefined,
        apiKey: apiKey !== undefined && options.isAcceptedIngestKey(apiKey) ? apiKey : undefined,
        partnerKey: partnerKey !== undefined && options.isAcceptedPartnerKey?.(partnerKey) ? partnerKey : undefined,
      });
    },
    max: (_request, key) => limitForKey(key, limits),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(`Too many requests (the limit is ${context.max} a minute): try again in ${seconds} seconds`, seconds);
    },
  });

  // On the root, so it runs before any route plugin's onRequest hooks: a request over its budget
  // is refused before authentication or an ingest key costs a database lookup, and a token that
  // does not verify is counted against its address instead of passing uncounted to its 401.
  const spendOwnersBudget = fastify.rateLimit();
  fastify.addHook('onRequest', async function rateLimitByOwner(request, reply) {
    if (limitOwnerOf(request.routeOptions.url ?? '') === 'none') return;
    // A route that sets its own (sign-in, register and refresh: tighter, applied by the plugin's route hook),
    // or `rateLimit: false`, is left to that.
    if (request.routeOptions.config.rateLimit !== undefined) return;
    await spendOwnersBudget.call(fastify, request, reply);
  });
});
