import { likePattern } from '../users/users-repository';
import type { TimeRange } from './date-range';
import type { CallFilter } from './call-filter';

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
 * each batch's index scan restart from the top of the range (research §4.3).
 */
export function callWhere(filter: CallFilter, range: TimeRange, firstParam = 1, before?: KeysetCursor): SqlCondition {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  const clauses = [
    `c.call_ts >= ${bind(range.from)}`,
    before ? `(c.call_ts, c.id) < (${bind(before.ts)}::timestamptz, ${bind(before.id)}::bigint)` : `c.call_ts < ${bind(range.to)}`,
  ];
  const ids: Array<[string, number[]]> = [
    ['c.campaign_id', filter.campaignIds],
    ['c.publisher_id', filter.publisherIds],
    ['c.target_id', filter.targetIds],
    ['c.buyer_id', filter.buyerIds],
  ];
  for (const [column, list] of ids) {
    if (list.length > 0) clauses.push(`${column} = ANY(${bind(list)}::int[])`);
  }
  if (filter.statuses.length > 0) clauses.push(`c.status = ANY(${bind(filter.statuses)}::text[])`);
  if (filter.search) clauses.push(`c.caller_id ILIKE ${bind(likePattern(filter.search))}`);
  if (filter.callerId) clauses.push(`c.caller_id = ${bind(filter.callerId)}`);
  return { sql: clauses.join(' AND '), params };
}
