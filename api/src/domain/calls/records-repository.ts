import { DIMENSIONS, type CallAuditEntry, type ChangeAction, type CallDetail, type CallRecord, type SortColumn } from '@callboard/contract';
import { formatRecordsCursor, type RecordsCursorKey } from '@callboard/contract/records-cursor';
import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import type { CallFilter } from './call-filter';
import { RECORD_COLUMNS_SQL, RECORD_SELECT, recordSelect, toCallRecord, type RecordRow } from './call-record';
import { totalsStatement } from './call-totals';
import { callWhere } from './call-where';

/** Sortable columns and the SQL each sorts by; anything else never reaches the SQL. */
export const SORT_EXPRESSIONS: Record<SortColumn, string> = {
  callTimestamp: 'c.call_ts',
  publisherName: 'p.name',
  callerId: 'c.caller_id',
  status: 'c.status',
  sub_disposition: 'c.sub_disposition',
  durationSec: 'c.duration_sec',
  campaignName: 'cp.name',
};

/**
 * Sorts by a name from a joined table, and where that name comes from. A
 * name is unique in its table, so the order is: the names in order, and
 * within one name its calls newest first.
 */
const NAME_SORTS: Partial<Record<SortColumn, { table: string; column: string }>> = {
  publisherName: DIMENSIONS.publishers,
  campaignName: DIMENSIONS.campaigns,
};

/**
 * Up to this many rows before a page's end, a name sort walks the names in
 * order and takes only each name's newest calls from its (name id, call_ts)
 * index; beyond it (page 41 and on at 25 a page) it sorts the joined range.
 */
export const NAME_SORT_WALK_MAX_ROWS = 1000;

export interface PageRequest {
  sortBy: SortColumn;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
  /**
   * Keyset paging (contract/src/records-cursor.ts): the rows after this place
   * in the sort, instead of skipping `offset` rows. Only with the call-time sort.
   */
  after?: RecordsCursorKey;
}

/** A call's time as a cursor holds it: microseconds since 1970, exact (extract gives numeric since PostgreSQL 14). */
const CALL_MICROS_SQL = '(extract(epoch FROM c.call_ts) * 1000000)::bigint::text';

/** A statement and its parameters, numbered from $1. */
interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The rows after a cursor's place in the call-time order, as conditions on `c`:
 * a range of the (call_ts, id) index read from the place on, so the same cost
 * at any depth. Written as a plain bound on call_ts (which the index scan
 * starts from) and the tie on id, not as a row comparison `(call_ts, id) <
 * (…)`: beside the date range's own bound on call_ts, PostgreSQL 18 (PGlite)
 * starts a backward scan at the range's end and reads every entry down to the
 * place (EXPLAIN: 1,478 buffers 299,000 rows deep, 5 this way).
 */
function afterPlace(place: RecordsCursorKey, dir: 'ASC' | 'DESC', bind: Bind): string {
  const at = `(timestamptz 'epoch' + ${bind(place.callMicros)}::bigint * interval '1 microsecond')`;
  const id = `${bind(place.id)}::bigint`;
  const [beyond, orAt] = dir === 'DESC' ? ['<', '<='] : ['>', '>='];
  return ` AND c.call_ts ${orAt} ${at} AND (c.call_ts ${beyond} ${at} OR c.id ${beyond} ${id})`;
}

/**
 * The page's records, each with `page_pos`, its place on the page (1, 2, …):
 * the statement has no ORDER BY of its own, so that it can be joined into
 * another one and still be put back in order.
 */
function pageStatement(filter: CallFilter, page: PageRequest, nameWalkMaxRows: number): Statement {
  const where = callWhere(filter, filter.range);
  const dir = page.sortDir === 'asc' ? 'ASC' : 'DESC';
  // Sorted columns use PostgreSQL's natural NULL order (an empty sub disposition sorts after every value),
  // so one ascending index serves both directions.
  // Within equal values the newest call comes first, and the id makes the order total, so paging
  // never shows a call twice or skips one. For the default sort the time is the sort itself.
  const order =
    page.sortBy === 'callTimestamp'
      ? `c.call_ts ${dir}, c.id ${dir}`
      : `${SORT_EXPRESSIONS[page.sortBy]} ${dir}, c.call_ts DESC, c.id DESC`;
  const params = [...where.params];
  const bind = paramBinder(params);
  const byTime = page.sortBy === 'callTimestamp';
  if (page.after && (!byTime || page.offset !== 0)) throw new Error('A cursor pages only by call time, from its place');
  // By time, one row more than the page is read: whether it exists says whether a next page does.
  const limit = bind(byTime ? page.limit + 1 : page.limit);
  const offset = bind(page.offset);
  const byName = NAME_SORTS[page.sortBy];
  // The window sees only the page's rows, whichever way they were chosen.
  const columns = `${RECORD_COLUMNS_SQL}, ${byTime ? CALL_MICROS_SQL : 'NULL'} AS call_micros, row_number() OVER (ORDER BY ${order}) AS page_pos`;
  if (byName && page.offset + page.limit <= nameWalkMaxRows) {
    // The first `offset + limit` rows hold at most that many calls of any one name, and those are
    // its newest: walk the names in order, each through a LATERAL that reads only that many from
    // the name's index, and stop once the page is full. Sorting the range joined to its names
    // would read all of it instead.
    const pageOfCalls = `(SELECT c.* FROM ${byName.table} d CROSS JOIN LATERAL (
        SELECT * FROM calls c WHERE c.${byName.column} = d.id AND ${where.sql}
        ORDER BY c.call_ts DESC, c.id DESC LIMIT ${bind(page.offset + page.limit)}
      ) c
      ORDER BY d.name ${dir}, c.call_ts DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}) c`;
    return { sql: recordSelect(pageOfCalls, columns), params };
  }
  // Keys first: the page's ids are chosen from `calls` alone (by time, an index-only scan of
  // (call_ts, id)), and only those rows are read whole and meet the dimension tables, so a
  // deep page does not read every whole row it skips.
  const fromPlace = page.after ? afterPlace(page.after, dir, bind) : '';
  const chosen = byName
    ? `SELECT c.id FROM calls c JOIN ${byName.table} d ON d.id = c.${byName.column} WHERE ${where.sql}
       ORDER BY d.name ${dir}, c.call_ts DESC, c.id DESC`
    : `SELECT c.id FROM calls c WHERE ${where.sql}${fromPlace} ORDER BY ${order}`;
  const pageOfCalls = `(SELECT c.* FROM (${chosen} LIMIT ${limit} OFFSET ${offset}) k JOIN calls c ON c.id = k.id) c`;
  return { sql: recordSelect(pageOfCalls, columns), params };
}

/**
 * A page of records and the exact total for the same filter, in one
 * statement. The total comes from the same machinery as the stats (a rollup
 * when it can), never count(*) over(). One statement is one wake-up of one
 * database backend, where the page and the total side by side were two,
 * and a request waited for the later one.
 */
export async function findRecordsPage(
  db: Queryable,
  filter: CallFilter,
  page: PageRequest,
  { nameWalkMaxRows = NAME_SORT_WALK_MAX_ROWS } = {},
): Promise<{ records: CallRecord[]; total: number; nextCursor: string | null }> {
  const { sql, params } = pageStatement(filter, page, nameWalkMaxRows);
  const totals = totalsStatement(filter, [filter.range], params, 'counts');
  // The total is one row; joined with nothing when the page is empty, it still comes back.
  const rows = await db.query<{ total: number } & Partial<PageRow>>(
    `SELECT t.total, r.* FROM (SELECT coalesce(sum(calls), 0)::bigint AS total FROM (${totals}) s) t
     LEFT JOIN (${sql}) r ON true
     ORDER BY r.page_pos`,
    params,
  );
  const found = rows.filter((row): row is { total: number } & PageRow => row.id != null);
  // By time the statement read one row past the page (pageStatement): only then is there a next page.
  const kept = found.slice(0, page.limit);
  const last = kept[kept.length - 1];
  const nextCursor = found.length > page.limit && last?.call_micros ? formatRecordsCursor({ callMicros: last.call_micros, id: last.id }) : null;
  return { records: kept.map(toCallRecord), total: Number(rows[0]?.total ?? 0), nextCursor };
}

/** A row of a page: a record and, by time, its place for a cursor. */
type PageRow = RecordRow & { call_micros: string | null };

interface AuditRow {
  id: string;
  changed_at: Date;
  change_id: string;
  action: ChangeAction;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  from_status: string;
  to_status: string;
  from_sub_disposition: string | null;
  to_sub_disposition: string | null;
  from_reason: string | null;
  to_reason: string | null;
}

/**
 * The caller's other calls to the call's campaign within the repeat window
 * (the one the stored calls were decided with: migration 0019) before and
 * after it, oldest first: the calls it repeats and the ones repeating it.
 * Read from the (caller_id, campaign_id, call_ts) index. None without a caller id.
 */
const CALLER_CALLS = `SELECT o.id::text AS id, o.call_ts, cp.name AS campaign_name, o.status
FROM calls c
CROSS JOIN repeat_window w
JOIN calls o ON o.caller_id = c.caller_id AND o.campaign_id = c.campaign_id
  AND o.call_ts >= c.call_ts - make_interval(days => w.days) AND o.call_ts <= c.call_ts + make_interval(days => w.days)
JOIN campaigns cp ON cp.id = o.campaign_id
WHERE c.id = $1 AND c.caller_id <> '' AND o.id <> c.id
ORDER BY o.call_ts, o.id`;

export async function findCallDetail(db: Queryable, id: string): Promise<CallDetail | undefined> {
  const [row] = await db.query<RecordRow>(`${RECORD_SELECT} WHERE c.id = $1`, [id]);
  if (!row) return undefined;
  const callerCalls = await db.query<{ id: string; call_ts: Date; campaign_name: string; status: string }>(CALLER_CALLS, [id]);
  const audit = await db.query<AuditRow>(
    // Newest first by id, not changed_at: changed_at is when the change's transaction began, while the ids of one call's
    // rows rise in the order its changes committed (each writes holding the call's lock: domain/calls/call-changes.ts).
    // The name and email kept on the row when the change was made (migration 0013), not today's users row,
    // which may have been renamed or deleted since.
    `SELECT a.id::text AS id, a.changed_at, a.change_id, a.action, a.user_id, coalesce(nullif(a.user_name, ''), a.user_email) AS user_name, a.user_email,
       a.from_status, a.to_status, a.from_sub_disposition, a.to_sub_disposition, a.from_reason, a.to_reason
     FROM call_audit a
     WHERE a.call_id = $1 ORDER BY a.id DESC`,
    [id],
  );
  return {
    ...toCallRecord(row),
    audit: audit.map(
      (a): CallAuditEntry => ({
        id: a.id,
        changedAt: new Date(a.changed_at).toISOString(),
        changeId: a.change_id,
        action: a.action,
        userId: a.user_id,
        userName: a.user_name,
        userEmail: a.user_email,
        from: { status: a.from_status, sub_disposition: a.from_sub_disposition, reason: a.from_reason },
        to: { status: a.to_status, sub_disposition: a.to_sub_disposition, reason: a.to_reason },
      }),
    ),
    callerCalls: callerCalls.map((c) => ({ id: c.id, callTimestamp: new Date(c.call_ts).toISOString(), campaignName: c.campaign_name, status: c.status })),
  };
}
