import { createHash } from 'node:crypto';
import { API_PATHS } from '@callboard/contract';

/**
 * Whose budget a route's requests count against:
 * - 'user': the signed-in person (the access token's subject), wherever they sit;
 * - 'ingest-key': the API key a tracking platform delivers with;
 * - 'address': the client address, for routes used before anyone is signed in;
 * - 'none': probes and files, which are never limited.
 */
export type LimitOwner = 'user' | 'ingest-key' | 'address' | 'none';

/** Used before a person has a token (or, for logout, possibly after it expired). */
const ANONYMOUS_ROUTES = new Set<string>([API_PATHS.login, API_PATHS.register, API_PATHS.registration, API_PATHS.refresh, API_PATHS.logout]);
/** A load balancer polls these every few seconds from one address; a 429 would take the instance out of rotation. */
const PROBE_ROUTES = new Set(['/api/healthz', '/api/readyz']);
const INGEST_PREFIX = '/api/ingest/';

/**
 * The owner of a route's budget, from the route's path as registered (`/api/calls/records/:id`).
 * Everything outside /api (the front end, /remotes/*, /remotes.json, /recordings/*) is static files
 * a browser fetches many of at once on a first load: no limit.
 */
export function limitOwnerOf(routePath: string): LimitOwner {
  if (PROBE_ROUTES.has(routePath)) return 'none';
  if (routePath.startsWith(INGEST_PREFIX)) return 'ingest-key';
  if (ANONYMOUS_ROUTES.has(routePath)) return 'address';
  if (routePath === '/api' || routePath.startsWith('/api/')) return 'user';
  return 'none';
}

/** What a request presents, already checked as far as the key needs (the token's signature by the caller). */
export interface Presented {
  /** The client address (Fastify's `request.ip`, which TRUST_PROXY decides), normalised. */
  address: string;
  /** The subject of a bearer token whose signature verified, if any. */
  verifiedUser?: string;
  /** The X-Api-Key header, if the ingest route has lately accepted it (accepted-ingest-keys.ts). */
  apiKey?: string;
  /** A partner's read-only API key (domain/partners/partner-keys.ts), if authentication has lately accepted it. */
  partnerKey?: string;
}

/** A fingerprint of an API key, so the counters (possibly in a shared table or Redis) never hold a usable key. */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
}

/**
 * The counter key of a request on a route of `owner`. A signed-in route with no verifiable token,
 * or an ingest route with no key it has accepted, counts against the address: keying them by
 * whatever they claim would let a client pick its own budget, or make up a new one each time.
 * A partner's API key, once accepted, spends a budget of its own as an ingest key does (apart from
 * its owner's session and each other key), the size of a person's: it reads what the person reads.
 */
export function limitKey(owner: Exclude<LimitOwner, 'none'>, presented: Presented): string {
  if (owner === 'user' && presented.verifiedUser) return `user:${presented.verifiedUser}`;
  if (owner === 'user' && presented.partnerKey) return `pkey:${apiKeyFingerprint(presented.partnerKey)}`;
  if (owner === 'ingest-key' && presented.apiKey) return `key:${apiKeyFingerprint(presented.apiKey)}`;
  return `addr:${presented.address}`;
}

/** The budget a key's counter is held to. */
export function limitForKey(key: string, limits: { userPerMinute: number; ingestKeyPerMinute: number; addressPerMinute: number }): number {
  if (key.startsWith('user:') || key.startsWith('pkey:')) return limits.userPerMinute;
  if (key.startsWith('key:')) return limits.ingestKeyPerMinute;
  return limits.addressPerMinute;
}
