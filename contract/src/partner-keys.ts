/**
 * Partner API keys: a partner's own read-only keys, for the "poll every few minutes" integration a
 * publisher or buyer would otherwise build by scraping the screens. A key reads exactly what its owner's
 * session reads (the same scope and field visibility), and only the reads listed in PARTNER_KEY_READS.
 */
import type { FieldError } from './api-envelope';

/** The collection: GET lists the signed-in partner's live keys, POST makes one. */
export const PARTNER_KEYS_PATH = '/api/partner-keys';

/** One key (DELETE revokes it). */
export function partnerKeyPath(id: string): string {
  return `${PARTNER_KEYS_PATH}/${encodeURIComponent(id)}`;
}

/** What every partner key starts with, so a leaked one is recognisable (and told apart from an ingest key's `cbk_`). */
export const PARTNER_KEY_PREFIX = 'cbp_';

/** How a client presents a key: either header, the key alone (`X-Api-Key: cbp_…`) or as a bearer (`Authorization: Bearer cbp_…`). */
export const PARTNER_KEY_HEADER = 'X-Api-Key';

/** The only requests a key answers (GET, with the query the screens use); every other route answers a key 403. */
export const PARTNER_KEY_READS = ['/api/stats', '/api/calls/records', '/api/calls/export', '/api/changes'] as const;

/** Live keys one partner may hold: one per integration, with room to rotate, not a key per poll. */
export const MAX_LIVE_PARTNER_KEYS = 5;

export const PARTNER_KEY_NAME_MAX_LENGTH = 100;

export const PARTNER_KEY_MESSAGES = {
  nameRequired: 'name is required: say what the key is for, e.g. "Nightly import"',
  nameTooLong: `name must be at most ${PARTNER_KEY_NAME_MAX_LENGTH} characters`,
  tooMany: `You already have ${MAX_LIVE_PARTNER_KEYS} live keys: revoke one you no longer use first`,
  partnersOnly: 'API keys are for partner accounts; the network’s own integrations use ingest keys',
  viewAsReadOnly: 'Keys belong to the partner: a View as session cannot make or revoke them',
  keyRefused: 'This API key is not valid: it may have been revoked, or its account deactivated',
  routeRefused: `An API key reads only ${PARTNER_KEY_READS.join(', ')}`,
} as const;

/** The `name` of a new key, trimmed; or the problem with it under `name`. */
export function parsePartnerKeyName(value: unknown): string | FieldError {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) return { field: 'name', message: PARTNER_KEY_MESSAGES.nameRequired };
  if (name.length > PARTNER_KEY_NAME_MAX_LENGTH) return { field: 'name', message: PARTNER_KEY_MESSAGES.nameTooLong };
  return name;
}

/** Body of POST /api/partner-keys. */
export interface CreatePartnerKeyBody {
  name: string;
}

/** A key as GET /api/partner-keys lists it: never the key itself, only its first characters. */
export interface PartnerKey {
  id: string;
  name: string;
  /** The key's first characters (`cbp_` and six more), to tell keys apart. */
  prefix: string;
  createdAt: string;
  /** When it last read something, to the minute (recorded at most once a minute); null if never. */
  lastUsedAt: string | null;
}

/** The answer to POST /api/partner-keys: the only time `key` is shown. */
export interface CreatedPartnerKey extends PartnerKey {
  key: string;
}
