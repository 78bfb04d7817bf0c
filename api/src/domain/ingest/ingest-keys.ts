import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IngestScope } from '@callboard/contract/ingest-keys';
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

/** What a presented X-Api-Key gets on a route: in, refused for the want of the route's scope, or refused. */
export type IngestKeyCheck = 'accepted' | 'scope-missing' | 'refused';

/**
 * Is this X-Api-Key accepted on a route that needs `scope`? INGEST_API_KEY
 * from the environment holds every scope; a stored key must be unrevoked and
 * hold `scope`. One round trip: a stored key is marked used only when it is
 * accepted, so last_used_at says when it last delivered something.
 */
export async function checkIngestKey(
  db: Queryable,
  presented: string | undefined,
  environmentKey: string | undefined,
  scope: IngestScope,
): Promise<IngestKeyCheck> {
  if (!presented || presented.length > 200) return 'refused';
  if (environmentKey && sameText(presented, environmentKey)) return 'accepted';
  const [key] = await db.query<{ scopes: string[] }>(
    `WITH presented AS (
       SELECT id, scopes FROM ingest_keys WHERE key_hash = $1 AND revoked_at IS NULL
     ), used AS (
       UPDATE ingest_keys k SET last_used_at = now() FROM presented p WHERE k.id = p.id AND $2 = ANY (p.scopes) RETURNING k.id
     )
     SELECT scopes FROM presented`,
    [hashIngestKey(presented), scope],
  );
  if (!key) return 'refused';
  return key.scopes.includes(scope) ? 'accepted' : 'scope-missing';
}
