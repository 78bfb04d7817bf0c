import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';

/** What a new key looks like: a recognisable prefix, then 32 random bytes. */
export const INGEST_KEY_PREFIX = 'cbk_';

export function newIngestKey(): string {
  return `${INGEST_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored only as hashes; the key itself is shown once, when created. */
export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * Is this X-Api-Key accepted? INGEST_API_KEY from the environment always is;
 * otherwise the key must match a stored, unrevoked one, which is marked used.
 */
export async function acceptIngestKey(db: Queryable, presented: string | undefined, environmentKey: string | undefined): Promise<boolean> {
  if (!presented || presented.length > 200) return false;
  if (environmentKey && sameText(presented, environmentKey)) return true;
  const rows = await db.query(
    'UPDATE ingest_keys SET last_used_at = now() WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id',
    [hashIngestKey(presented)],
  );
  return rows.length > 0;
}
