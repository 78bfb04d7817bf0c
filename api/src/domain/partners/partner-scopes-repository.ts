import type { CallerIdVisibility, PartnerKind, PartnerScope } from '@callboard/contract';
import type { Queryable } from '../../db/database';

/** A `partner_scopes` row as `to_json` gives it. */
interface PartnerScopeJson {
  kind: PartnerKind;
  ids: number[];
  history_from: string | null;
  caller_id: CallerIdVisibility;
  recordings: boolean;
  transcripts: boolean;
  counterparty: boolean;
}

/**
 * The select-list expression that brings a user's partner scope along with the user's row (`partner_scope`,
 * null for the network's own people): one statement, so a request's authentication stays one round trip.
 */
export function partnerScopeColumn(userAlias: string): string {
  return `(SELECT to_json(p) FROM partner_scopes p WHERE p.user_id = ${userAlias}.id) AS partner_scope`;
}

/** The scope in the contract's shape; undefined for no row. */
export function partnerScopeOf(row: PartnerScopeJson | null | undefined): PartnerScope | undefined {
  if (!row) return undefined;
  return {
    kind: row.kind,
    ids: [...row.ids].sort((a, b) => a - b),
    historyFrom: row.history_from,
    callerId: row.caller_id,
    recordings: row.recordings,
    transcripts: row.transcripts,
    counterparty: row.counterparty,
  };
}

export type { PartnerScopeJson };

/** Writes (or, with null, removes) a user's scope; in the caller's transaction with the user's own row. */
export async function savePartnerScope(db: Queryable, userId: string, scope: PartnerScope | null): Promise<void> {
  if (!scope) {
    await db.query('DELETE FROM partner_scopes WHERE user_id = $1', [userId]);
    return;
  }
  await db.query(
    `INSERT INTO partner_scopes (user_id, kind, ids, history_from, caller_id, recordings, transcripts, counterparty)
     VALUES ($1, $2, $3::int[], $4::date, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET kind = EXCLUDED.kind, ids = EXCLUDED.ids, history_from = EXCLUDED.history_from,
       caller_id = EXCLUDED.caller_id, recordings = EXCLUDED.recordings, transcripts = EXCLUDED.transcripts,
       counterparty = EXCLUDED.counterparty, updated_at = now()`,
    [userId, scope.kind, scope.ids, scope.historyFrom, scope.callerId, scope.recordings, scope.transcripts, scope.counterparty],
  );
}

/** The ids among `ids` that are no publisher (kind publisher) or buyer (kind buyer) of the network. */
export async function unknownPartnerIds(db: Queryable, kind: PartnerKind, ids: readonly number[]): Promise<number[]> {
  // The table's name comes from the kind, never from the request: PARTNER_KINDS has two values.
  const table = kind === 'publisher' ? 'publishers' : 'buyers';
  const rows = await db.query<{ id: number }>(
    `SELECT wanted.id FROM unnest($1::int[]) AS wanted(id) WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = wanted.id) ORDER BY wanted.id`,
    [ids],
  );
  return rows.map((row) => Number(row.id));
}
