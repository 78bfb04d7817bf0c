import type { Queryable } from '../../../db/database';
import type { CallFilter } from './call-filter';
import { RECORD_SELECT, type RecordRow } from './call-record';
import { callWhere } from './call-where';

/**
 * Rows per statement. Research §5 allows up to 2,000; 500 measured better here
 * end to end (20–50k rows): on PGlite ~1.5× the rows/s and a quarter of the
 * latency for other requests meanwhile (each statement blocks the main thread),
 * on PostgreSQL no worse, and flat memory on both.
 */
export const RECORD_STREAM_BATCH = 500;

export interface RecordStreamOptions {
  /** Rows per statement. */
  batchSize?: number;
  /** Stop after this many rows, whatever arrives meanwhile. */
  maxRows?: number;
  /** `SELECT … FROM calls c …` giving each row's columns (default: the records table's rows). */
  select?: string;
}

// callWhere always opens with the time range; once a cursor is present the
// upper bound is replaced by the keyset condition.
const RANGE_PREFIX = 'c.call_ts >= $1 AND c.call_ts < $2';

// The cursor's time as text: a JS Date keeps milliseconds, call_ts may hold microseconds.
const withCursor = (select: string) => `SELECT c.call_ts::text AS cursor_ts, c.id::text AS cursor_id, ${select.replace(/^SELECT /, '')}`;

type Cursor = { cursor_ts: string; cursor_id: string };

/**
 * Every call a filter selects, newest first (call_ts desc, id desc), in
 * batches. Each batch is one short statement, keyset-paginated on
 * (call_ts, id), with a turn of the event loop between batches: PGlite runs
 * on the main thread behind one connection, and a cursor or a long
 * transaction would stall every other request for the length of the export
 * (research/performance.md §3.8). On PostgreSQL each batch takes a pooled
 * connection only for its statement.
 *
 * Calls written while the stream runs may or may not appear; none appears
 * twice, and none that existed throughout is skipped.
 */
export async function* streamRecords<Row = RecordRow>(
  db: Queryable,
  filter: CallFilter,
  options: RecordStreamOptions = {},
): AsyncGenerator<Row[]> {
  type StreamRow = Row & Cursor;
  const batchSize = options.batchSize ?? RECORD_STREAM_BATCH;
  let remaining = options.maxRows ?? Number.POSITIVE_INFINITY;
  const select = options.select ?? RECORD_SELECT;
  const STREAM_SELECT = withCursor(select);
  const where = callWhere(filter, filter.range);
  if (!select.startsWith('SELECT ') || !(where.sql === RANGE_PREFIX || where.sql.startsWith(`${RANGE_PREFIX} `))) {
    throw new Error('streamRecords: callWhere or RECORD_SELECT no longer has the shape it relies on');
  }
  const n = where.params.length;

  const fetchBatch = async (cursor: { ts: string; id: string } | undefined, limit: number): Promise<StreamRow[]> => {
    if (cursor === undefined) {
      return db.query<StreamRow>(`${STREAM_SELECT} WHERE ${where.sql} ORDER BY c.call_ts DESC, c.id DESC LIMIT $${n + 1}`, [...where.params, limit]);
    }
    // Let other requests in between statements.
    await new Promise((resolve) => setImmediate(resolve));
    // The cursor already bounds the range from above; keeping `call_ts < $to` beside it
    // makes the index scan restart from the top of the range on every batch (research §4.3).
    const keyset = `c.call_ts >= $1 AND (c.call_ts, c.id) < ($2::timestamptz, $${n + 1}::bigint)`;
    return db.query<StreamRow>(
      `${STREAM_SELECT} WHERE ${keyset}${where.sql.slice(RANGE_PREFIX.length)} ORDER BY c.call_ts DESC, c.id DESC LIMIT $${n + 2}`,
      [where.params[0], cursor.ts, ...where.params.slice(2), cursor.id, limit],
    );
  };

  let cursor: { ts: string; id: string } | undefined;
  while (remaining > 0) {
    const limit = Math.min(batchSize, remaining);
    const rows = await fetchBatch(cursor, limit);
    if (rows.length === 0) return;
    remaining -= rows.length;
    yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1] as StreamRow;
    cursor = { ts: last.cursor_ts, id: last.cursor_id };
  }
}
