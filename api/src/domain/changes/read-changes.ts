import type { PartnerScope } from '@callboard/contract';
import type { CallChange, ChangeKind } from '@callboard/contract/changes';
import type { Queryable } from '../../db/database';
import { changeHorizon } from './change-horizon';
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

interface PageFacts {
  /** `after` for the next page: the last change read (a partner's page may end on one it was not shown), else `after`. */
  nextAfter: number;
  /** Whether more changes follow already. */
  hasMore: boolean;
  /** The highest seq retention has removed (change-log-retention.ts): a reader with 0 < after < it has missed changes. */
  prunedThrough: number;
}

export interface ChangesPage extends PageFacts {
  changes: CallChange[];
}

/** A change as JSON text (a CallChange), written by the statement that reads it: the feed sends it as it came. */
export interface WrittenChange {
  seq: number;
  json: string;
}

export interface WrittenPage extends PageFacts {
  changes: WrittenChange[];
}

interface ChangeRow {
  pruned_through: string;
  seq: string | null;
  item: string;
}

/**
 * One change as the JSON of a CallChange (contract/src/changes.ts), in the order its keys are declared there;
 * `changed` is stored as JSON text already (migration 0037). Written by the database, so a page of 10,000 is
 * never read into objects and written again on its way out.
 */
const ITEM = `concat('{"seq":', c.seq, ',"at":"', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '","callId":"', c.call_id,
  '","systemCallId":', to_json(c.system_call_id), ',"kind":', to_json(c.kind), ',"actor":', coalesce(to_json(c.actor)::text, 'null'),
  ',"changeSet":', coalesce(to_json(c.change_set)::text, 'null'), ',"changed":', c.changed, '}')`;

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
 * The change log after `after`, oldest first, at most `limit` changes (migration 0037), each as its JSON. Only up
 * to the log's horizon (change-horizon.ts): every change at or below it has committed or never will, so
 * `nextAfter` never passes one still to commit. The retention mark is read beside the changes.
 */
async function selectChanges(db: Queryable, request: ChangesRequest): Promise<WrittenPage> {
  const horizon = await changeHorizon(db);
  const scoped = scopeCondition(request.scope, 5);
  const rows = await db.query<ChangeRow>(
    `SELECT p.through_seq::text AS pruned_through, c.seq::text AS seq, ${ITEM} AS item
     FROM call_changes_pruned p
     LEFT JOIN LATERAL (
       SELECT * FROM call_changes
       WHERE seq > $1 AND seq <= $4 AND ($3::text[] IS NULL OR kind = ANY ($3::text[]))${scoped.sql}
       ORDER BY seq LIMIT $2
     ) c ON true
     ORDER BY c.seq`,
    [request.after, request.limit + 1, request.kinds ?? null, horizon, ...scoped.params],
  );
  const read = rows.filter((row) => row.seq !== null);
  const changes = read.slice(0, request.limit).map((row): WrittenChange => ({ seq: Number(row.seq), json: row.item }));
  return {
    changes,
    nextAfter: changes.length > 0 ? changes[changes.length - 1]!.seq : request.after,
    hasMore: read.length > request.limit,
    prunedThrough: Number(rows[0]?.pruned_through ?? 0),
  };
}

/**
 * A page of the change log as readers that look inside the changes have it (the outbound events), a partner's
 * narrowed to what it may read.
 */
export async function readChanges(db: Queryable, request: ChangesRequest): Promise<ChangesPage> {
  const { changes, ...facts } = await selectChanges(db, request);
  const read = changes.map((change) => JSON.parse(change.json) as CallChange);
  return { ...facts, changes: await visibleTo(db, request.scope, read) };
}

/**
 * A page of the change log as the changes feed writes it out: the network's as the log holds it, never read
 * into objects and written again (a page of 10,000 created calls is some 12 MB of JSON: docs/benchmarks.md), a
 * partner's narrowed to what it may read.
 */
export async function readWrittenChanges(db: Queryable, request: ChangesRequest): Promise<WrittenPage> {
  if (!request.scope) return selectChanges(db, request);
  const { changes, ...facts } = await readChanges(db, request);
  return { ...facts, changes: changes.map((change) => ({ seq: change.seq, json: JSON.stringify(change) })) };
}

/** A page's changes as the JSON array of the feed's answer. */
export function changesJson(changes: readonly WrittenChange[]): string {
  return `[${changes.map((change) => change.json).join(',')}]`;
}

/** The page as the partner reads it; as it is for the network. */
async function visibleTo(db: Queryable, scope: PartnerScope | undefined, page: CallChange[]): Promise<CallChange[]> {
  if (!scope) return page;
  const asked = repeatIdsOf(page);
  const seen =
    asked.length === 0 ? new Set<string>() : new Set((await db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE id = ANY ($1::bigint[])', [asked])).map((r) => r.id));
  return page.map((change) => visibleChange(scope, change, (id) => seen.has(id))).filter((change): change is CallChange => change !== null);
}
