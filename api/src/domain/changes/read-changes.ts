import type { PartnerScope } from '@callboard/contract';
import type { CallChange, ChangeKind } from '@callboard/contract/changes';
import type { Queryable } from '../../db/database';
import { repeatIdsOf, visibleChange } from './change-visibility';

export interface ChangesRequest {
  /** The seq of the last change already read; 0 for the oldest kept. */
  after: number;
  limit: number;
  /** Only these kinds; null or absent for every kind. */
  kinds?: readonly ChangeKind[] | null;
  /**
   * A partner reading: only its calls from its history day on, the fields its scope gives (change-visibility.ts).
   * `db` is then the partner's walled database (db/partner-wall.ts), as every read of a partner's request is:
   * whether an earlier call in `repeatOf` is the partner's is the wall's answer.
   */
  scope?: PartnerScope;
}

export interface ChangesPage {
  changes: CallChange[];
  /** `after` for the next page: the last change read (a partner's page may end on one it was not shown), else `after`. */
  nextAfter: number;
  /** Whether more changes follow already. */
  hasMore: boolean;
  /** The highest seq retention has removed (change-log-retention.ts): a reader with 0 < after < it has missed changes. */
  prunedThrough: number;
}

interface ChangeRow {
  pruned_through: string;
  seq: string | null;
  at: Date;
  call_id: string;
  system_call_id: string;
  kind: ChangeKind;
  actor: string | null;
  change_set: string | null;
  changed: CallChange['changed'];
}

/** The partner's calls, as the row policy on call_changes has them (migration 0037), said again for a reader outside the wall. */
function scopeCondition(scope: PartnerScope | undefined, firstParam: number): { sql: string; params: unknown[] } {
  if (!scope) return { sql: '', params: [] };
  const column = scope.kind === 'buyer' ? 'buyer_id' : 'publisher_id';
  return {
    sql: ` AND ${column} = ANY ($${firstParam}::int[]) AND call_ts >= (coalesce($${firstParam + 1}::date, '-infinity')::timestamp AT TIME ZONE 'America/New_York')`,
    params: [scope.ids, scope.historyFrom],
  };
}

/**
 * The change log after `after`, oldest first, at most `limit` changes (migration 0037): the changes feed's page
 * (routes/api/changes) and the outbound events' read. Gap-free by the log's construction: a change a reader sees
 * has every smaller seq it will ever see committed before it, so `nextAfter` never passes one still to commit.
 * One statement, with the retention mark read beside it.
 */
export async function readChanges(db: Queryable, request: ChangesRequest): Promise<ChangesPage> {
  const scoped = scopeCondition(request.scope, 4);
  const rows = await db.query<ChangeRow>(
    `SELECT p.through_seq::text AS pruned_through, c.seq::text AS seq, c.at, c.call_id::text AS call_id, c.system_call_id, c.kind, c.actor,
       c.change_set::text AS change_set, c.changed
     FROM call_changes_pruned p
     LEFT JOIN LATERAL (
       SELECT * FROM call_changes
       WHERE seq > $1 AND ($3::text[] IS NULL OR kind = ANY ($3::text[]))${scoped.sql}
       ORDER BY seq LIMIT $2
     ) c ON true
     ORDER BY c.seq`,
    [request.after, request.limit + 1, request.kinds ?? null, ...scoped.params],
  );
  const prunedThrough = Number(rows[0]?.pruned_through ?? 0);
  const read = rows.filter((row) => row.seq !== null);
  const hasMore = read.length > request.limit;
  const page = read.slice(0, request.limit).map(
    (row): CallChange => ({
      seq: Number(row.seq),
      at: new Date(row.at).toISOString(),
      callId: row.call_id,
      systemCallId: row.system_call_id,
      kind: row.kind,
      actor: row.actor,
      changeSet: row.change_set,
      changed: row.changed,
    }),
  );
  const nextAfter = page.length > 0 ? page[page.length - 1]!.seq : request.after;
  return { changes: await visibleTo(db, request.scope, page), nextAfter, hasMore, prunedThrough };
}

/** The page as the partner reads it; as it is for the network. */
async function visibleTo(db: Queryable, scope: PartnerScope | undefined, page: CallChange[]): Promise<CallChange[]> {
  if (!scope) return page;
  const asked = repeatIdsOf(page);
  const seen =
    asked.length === 0 ? new Set<string>() : new Set((await db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE id = ANY ($1::bigint[])', [asked])).map((r) => r.id));
  return page.map((change) => visibleChange(scope, change, (id) => seen.has(id))).filter((change): change is CallChange => change !== null);
}
