import { DIMENSIONS, FILTER_DIMENSIONS } from '@callboard/contract';
import { paramBinder } from '../../db/sql-params';
import { likePattern } from '../users/users-repository';
import type { TimeRange } from './date-range';
import type { CallFilter } from './call-filter';
import { searchHasGrams } from './caller-id-grams';
import { selectedIds } from './selected-ids';
import { statusCondition } from './status-condition';
import { transcriptCondition } from './transcript-search';

/** A WHERE clause over `calls` (aliased `c`) and its parameters, numbered from `firstParam`. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** A keyset position in (call_ts desc, id desc) order; the time as text keeps its microseconds. */
export interface KeysetCursor {
  ts: string;
  id: string;
}

/**
 * Builds the raw-table condition for a filter over a time range. Values are
 * always bound parameters; only fixed column names are written into the SQL.
 * With `before`, only calls after that position in newest-first order: the
 * cursor replaces the range's upper bound, which kept beside it would make
 * each batch's index scan restart from the top of the range.
 */
export function callWhere(filter: CallFilter, range: TimeRange, firstParam = 1, before?: KeysetCursor): SqlCondition {
  const params: unknown[] = [];
  const bind = paramBinder(params, firstParam - 1);
  const clauses = [
    `c.call_ts >= ${bind(range.from)}`,
    before ? `(c.call_ts, c.id) < (${bind(before.ts)}::timestamptz, ${bind(before.id)}::bigint)` : `c.call_ts < ${bind(range.to)}`,
  ];
  for (const dimension of FILTER_DIMENSIONS) {
    const list = selectedIds(filter, dimension);
    if (list.length > 0) clauses.push(`c.${DIMENSIONS[dimension].column} = ANY(${bind(list)}::int[])`);
  }
  if (filter.statuses.length > 0) clauses.push(statusCondition('c.status', filter.statuses, bind));
  if (filter.search) {
    clauses.push(`c.caller_id ILIKE ${bind(likePattern(filter.search))}`);
    // Implied by the ILIKE (a caller id containing the search contains each of its pieces); said
    // as well so the planner can read the pieces' index instead of checking every call in range.
    if (searchHasGrams(filter.search)) clauses.push(`caller_id_grams(c.caller_id) @> caller_id_grams(${bind(filter.search)})`);
  }
  if (filter.callerId) clauses.push(`c.caller_id = ${bind(filter.callerId)}`);
  // The search's own time bounds: the range's, or up to the cursor (inclusive: the outer clause decides the tie).
  if (filter.q) clauses.push(transcriptCondition(filter.q, bind, before ? { from: range.from, through: before.ts } : range));
  if (filter.connected !== undefined) clauses.push(filter.connected ? 'c.connected' : 'NOT c.connected');
  if (filter.repeat !== undefined) clauses.push(filter.repeat ? 'c.repeat_of IS NOT NULL' : 'c.repeat_of IS NULL');
  // Kept on the call with its disputes (migration 0028): an indexed condition for every state but `none`.
  if (filter.dispute !== undefined) clauses.push(`c.dispute_state = ${bind(filter.dispute)}`);
  return { sql: clauses.join(' AND '), params };
}
