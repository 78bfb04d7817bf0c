import { randomBytes } from 'node:crypto';
import { PARTNER_KEY_PREFIX, PARTNER_KEY_READS } from '@callboard/contract/partner-keys';
import type { Queryable } from '../../db/database';
import { hashIngestKey } from '../ingest/ingest-keys';
import { USER_COLUMNS, type UserRow } from '../users/user-row';
import { partnerScopeColumn } from './partner-scopes-repository';

/** Characters of a key kept in the clear (the prefix and six more), to tell keys apart in a list. */
export const PARTNER_KEY_SHOWN_LENGTH = PARTNER_KEY_PREFIX.length + 6;
/** Anything longer is not one of our keys (cbp_ + 43 characters), and is not hashed. */
const PRESENTED_MAX_LENGTH = 200;
/**
 * last_used_at moves at most once in this many seconds per key: a client polling several times a minute
 * costs no write per request, and "last used" is still right to the minute.
 */
export const LAST_USED_RESOLUTION_SECONDS = 60;

/** A new key: the recognisable prefix, then 32 random bytes. */
export function newPartnerKey(): string {
  return `${PARTNER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Stored only as this hash, the same as an ingest key's (domain/ingest/ingest-keys.ts). */
export const hashPartnerKey = hashIngestKey;

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The partner key a request presents, in `X-Api-Key` or as `Authorization: Bearer cbp_…`; undefined when it
 * presents none (a session's access token is a JWT, never starting with the prefix).
 */
export function presentedPartnerKey(headers: { 'x-api-key'?: string | string[]; authorization?: string | string[] }): string | undefined {
  const apiKey = headerValue(headers['x-api-key'])?.trim();
  const [scheme, token, ...rest] = headerValue(headers.authorization)?.trim().split(/\s+/) ?? [];
  const bearer = rest.length === 0 && /^Bearer$/i.test(scheme ?? '') ? token : undefined;
  const key = apiKey || bearer;
  return key && key.startsWith(PARTNER_KEY_PREFIX) && key.length <= PRESENTED_MAX_LENGTH ? key : undefined;
}

/** Whether a key may ask this: only a GET of one of PARTNER_KEY_READS (as registered: `/api/stats`). */
export function partnerKeyMayRead(method: string, routeUrl: string | undefined): boolean {
  return method === 'GET' && (PARTNER_KEY_READS as readonly string[]).includes(routeUrl ?? '');
}

/** The partner a live key belongs to, with its scope, and the key's id. */
export interface PartnerKeyOwner {
  keyId: string;
  user: UserRow;
}

/**
 * The active partner account behind an unrevoked key, or undefined; looked up on every request, so a
 * revoked key or a deactivated partner is refused at once on every instance (nothing is cached). The lookup
 * is by the key's hash through the unique index: the key itself is never compared, so how long the lookup
 * takes tells nothing about it. It is a plain read, as a session's lookup is; the key is marked used by a
 * second statement only when its last use is older than LAST_USED_RESOLUTION_SECONDS, so a key polled many
 * times a minute costs one write a minute (a write in the lookup's own statement, matching no row most of
 * the time, still made every lookup about twice as slow).
 */
export async function findPartnerKeyOwner(db: Queryable, presented: string): Promise<PartnerKeyOwner | undefined> {
  const [row] = await db.query<UserRow & { key_id: string; recently_used: boolean }>(
    `SELECT k.id AS key_id, coalesce(k.last_used_at >= now() - make_interval(secs => $2), false) AS recently_used,
            ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}, ${partnerScopeColumn('u')}
     FROM partner_api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.active AND u.role = 'partner'`,
    [hashPartnerKey(presented), LAST_USED_RESOLUTION_SECONDS],
  );
  if (!row) return undefined;
  const { key_id: keyId, recently_used: recentlyUsed, ...user } = row;
  if (!recentlyUsed) {
    // The condition again, so two instances (or requests) that both saw it stale write it once between them.
    await db.query(
      'UPDATE partner_api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))',
      [keyId, LAST_USED_RESOLUTION_SECONDS],
    );
  }
  return { keyId, user };
}
