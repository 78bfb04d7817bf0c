import type { CallRecord, PartnerScope } from '@callboard/contract';
import type { Queryable } from '../../db/database';

/**
 * A partner's calls with `repeatOf` kept only where that earlier call is the partner's too. The same caller
 * may have called the campaign through another publisher (or reached another buyer) first: the call is
 * still a repeat (`repeat` stays, a fact about the partner's own call), but the other call's id is not the
 * partner's to learn. Which ids it may see is asked of the database behind the partner wall (db/partner-wall.ts),
 * so the answer is the wall's, not a second copy of the scope's rules. Without a scope the calls are returned as they are.
 */
export async function withVisibleRepeats<T extends CallRecord>(db: Queryable, scope: PartnerScope | undefined, calls: T[]): Promise<T[]> {
  if (!scope) return calls;
  const asked = [...new Set(calls.flatMap((call) => (call.repeatOf === null ? [] : [call.repeatOf])))];
  if (asked.length === 0) return calls;
  const seen = new Set((await db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE id = ANY($1::bigint[])', [asked])).map((row) => row.id));
  return calls.map((call) => (call.repeatOf === null || seen.has(call.repeatOf) ? call : { ...call, repeatOf: null }));
}
