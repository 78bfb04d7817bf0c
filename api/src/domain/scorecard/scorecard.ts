import { DIMENSION_OF_PARAM, DIMENSIONS } from '@callboard/contract';
import { type ScorecardData } from '@callboard/contract/scorecard';
import type { Queryable } from '../../db/database';
import type { FlagThresholds } from '../calls/stats';
import type { ScorecardRequest } from './scorecard-params';
import { disputeTotalsPerValue } from './dispute-figures';
import { scorecardRow, sortScorecardRows, wireRow } from './scorecard-rows';
import { totalsPerValue } from './scorecard-sums';

async function namesOf(db: Queryable, table: string, ids: number[]): Promise<Map<number, string>> {
  const named = ids.filter((id) => id > 0);
  if (named.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE id = ANY($1::int[])`, [named]);
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * The scorecard: a row per value of the grouped dimension that had calls in
 * the range, with the previous period of equal length beside it and the
 * disputes of its calls in the range, sorted and cut to the limit.
 */
export async function scorecard(db: Queryable, request: ScorecardRequest, thresholds: FlagThresholds): Promise<ScorecardData> {
  const { filter, groupBy } = request;
  const dimension = DIMENSION_OF_PARAM[groupBy];
  const [[current = [], previous = []], disputes] = await Promise.all([
    totalsPerValue(db, filter, dimension, [filter.range, filter.range.previous]),
    disputeTotalsPerValue(db, filter, dimension, filter.range),
  ]);
  const names = await namesOf(db, DIMENSIONS[dimension].table, current.map((value) => value.id));
  const before = new Map(previous.map((value) => [value.id, value]));
  const rows = current.map((value) => scorecardRow(groupBy, names.get(value.id) ?? `#${value.id}`, value, before.get(value.id), thresholds, request.minCalls, disputes.get(value.id)));
  return { groupBy, rows: sortScorecardRows(rows, request.sortBy, request.sortDir).slice(0, request.limit).map(wireRow) };
}
