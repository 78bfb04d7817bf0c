import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IngestScope } from '@callboard/contract/ingest-keys';
import type { Queryable } from '../../db/database';
import { ENVIRONMENT_KEY_ACTOR, ingestKeyActor } from '../changes/change-actor';

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
 * What a presented X-Api-Key gets on a route: in (with who it is, as the change log names it:
 * domain/changes/change-actor.ts), refused for the want of the route's scope, or refused.
 */
export type IngestKeyVerdict = { check: 'accepted'; actor: string } | { check: 'scope-missing' } | { check: 'refused' };

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
): Promise<IngestKeyVerdict> {
  if (!presented || presented.length > 200) return { check: 'refused' };
  if (environmentKey && sameText(presented, environmentKey)) return { check: 'accepted', actor: ENVIRONMENT_KEY_ACTOR };
  const [key] = await db.query<{ id: string; scopes: string[] }>(
    `WITH presented AS (
       SELECT id, scopes FROM ingest_keys WHERE key_hash = $1 AND revoked_at IS NULL
     ), used AS (
       UPDATE ingest_keys k SET last_used_at = now() FROM presented p WHERE k.id = p.id AND $2 = ANY (p.scopes) RETURNING k.id
     )
     SELECT id::text AS id, scopes FROM presented`,
    [hashIngestKey(presented), scope],
  );
  if (!key) return { check: 'refused' };
  return key.scopes.includes(scope) ? { check: 'accepted', actor: ingestKeyActor(key.id) } : { check: 'scope-missing' };
}
