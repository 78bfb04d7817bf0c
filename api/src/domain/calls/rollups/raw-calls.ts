import { DIMENSIONS, type FilterDimension } from '@callboard/contract';
import { paramBinder } from '../../../db/sql-params';
import type { CallFilter } from '../call-filter';
import { callWhere } from '../call-where';
import type { TimeRange } from '../date-range';
import { statusColumnsOfStatusRows } from '../status-columns';
import { statusCondition } from '../status-condition';
import type { Answers, BucketStarts, CostPart, OptionsPart, ScorecardPart, SeriesPart, TotalsPart } from './rollup-part';

// The totals' measures counted from the calls themselves (aliased `c`).
const RAW_MEASURES = `count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
  coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents`;

const always = () => true;

/**
 * The calls table itself, for what no rollup keeps (a caller id, a
 * transcript search, several pickers at once, money by connection) and for
 * the partial hours or days at a range's ends. Exact for every filter
 * (callWhere), through the (dimension, call_ts), (call_ts, id), caller-id and
 * words indexes.
 */
export class RawCallsPart implements TotalsPart, SeriesPart, OptionsPart, ScorecardPart, CostPart {
  static readonly tables = ['calls'];
  static readonly answers = { totals: always, series: always, options: always, scorecard: always, cost: always } satisfies Answers;

  readonly source = 'calls';

  constructor(readonly range: TimeRange) {}

  totalsSql(filter: CallFilter, params: unknown[]): string {
    const where = callWhere(filter, this.range, params.length + 1);
    params.push(...where.params);
    return `SELECT c.status, ${RAW_MEASURES} FROM calls c WHERE ${where.sql} GROUP BY c.status`;
  }

  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const where = callWhere(filter, this.range, params.length + 1);
    params.push(...where.params);
    return `SELECT ${starts.ofInstant('c.call_ts')} AS bucket, c.status, count(*)::bigint AS calls FROM calls c WHERE ${where.sql} GROUP BY 1, 2`;
  }

  optionsSql(dimension: FilterDimension, filter: CallFilter, params: unknown[]): string {
    const { column } = DIMENSIONS[dimension];
    const where = callWhere(filter, this.range, params.length + 1);
    params.push(...where.params);
    return `SELECT c.${column} AS id, count(*) AS calls FROM calls c WHERE ${where.sql} AND c.${column} IS NOT NULL GROUP BY c.${column}`;
  }

  // A call without a target or buyer is the value 0, as the rollups store it.
  scorecardSql(filter: CallFilter, grouped: FilterDimension, rangeIndex: number, params: unknown[]): string {
    const where = callWhere(filter, this.range, params.length + 1);
    params.push(...where.params);
    const bind = paramBinder(params);
    return `SELECT ${rangeIndex} AS range_index, coalesce(c.${DIMENSIONS[grouped].column}, 0) AS id,
       count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
       count(*) FILTER (WHERE c.repeat_of IS NOT NULL)::bigint AS repeats,
       coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents,
       ${statusColumnsOfStatusRows('c.status', 'count(*)', bind)}
     FROM calls c WHERE ${where.sql} GROUP BY 2`;
  }

  costSql(dimension: FilterDimension, filter: CallFilter, sale: string, params: unknown[]): string {
    const { column } = DIMENSIONS[dimension];
    const sales = paramBinder(params)(sale);
    const where = callWhere(filter, this.range, params.length + 1);
    params.push(...where.params);
    return `SELECT coalesce(c.${column}, 0) AS id, count(*)::bigint AS calls, count(*) FILTER (WHERE c.status = ${sales})::bigint AS sales,
       coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents
     FROM calls c WHERE ${where.sql} GROUP BY 1`;
  }
}

/**
 * A timeline's parts read from the calls that follow one another, as one part
 * (the others as they were, first): a caller-id search or a picker's index is
 * walked once for a period and the one before it, or a range's two ends.
 */
export function joinAdjacentCalls(parts: SeriesPart[]): SeriesPart[] {
  const joined: SeriesPart[] = [];
  const calls = parts.filter((p): p is RawCallsPart => p instanceof RawCallsPart).sort((a, b) => a.range.from.getTime() - b.range.from.getTime());
  for (const part of calls) {
    const last = joined.at(-1);
    if (last instanceof RawCallsPart && last.range.to.getTime() === part.range.from.getTime()) joined[joined.length - 1] = new RawCallsPart({ from: last.range.from, to: part.range.to });
    else joined.push(part);
  }
  return [...parts.filter((p) => !(p instanceof RawCallsPart)), ...joined];
}

/** A range and where its answers go in a multi-range statement's rows (`range_index`). */
export interface IndexedRange {
  index: number;
  range: TimeRange;
}

/**
 * Totals per status for ranges no rollup answers, each row tagged with its
 * range's `range_index`: one statement for each run of ranges that follow one
 * another without a gap or an overlap (a period and the one before it), in
 * time order, so a caller-id search reads its index (caller-id-grams.ts) once
 * instead of once a range, and a (dimension, call_ts) scan is one walk.
 */
export function totalsByRangeSql(filter: CallFilter, ranges: IndexedRange[], params: unknown[]): string[] {
  return adjacentRuns(ranges).map((run) => fromRawRun(filter, run, params));
}

function adjacentRuns(ranges: IndexedRange[]): IndexedRange[][] {
  const runs: IndexedRange[][] = [];
  for (const entry of [...ranges].sort((a, b) => a.range.from.getTime() - b.range.from.getTime())) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.range.to.getTime() === entry.range.from.getTime()) run.push(entry);
    else runs.push([entry]);
  }
  return runs;
}

/** One pass over the calls for adjacent ranges (or a range on its own), each call tagged with the range it falls in. */
function fromRawRun(filter: CallFilter, run: IndexedRange[], params: unknown[]): string {
  const first = run[0] as IndexedRange;
  const last = run.at(-1) as IndexedRange;
  const where = callWhere(filter, { from: first.range.from, to: last.range.to }, params.length + 1);
  params.push(...where.params);
  const bind = paramBinder(params);
  // The run starts at the first range's start and ends at the last one's end, so every call read
  // is before some range's end; the first such end is its range.
  const whens = run
    .slice(0, -1)
    .map((entry) => `WHEN c.call_ts < ${bind(entry.range.to)} THEN ${entry.index}`)
    .join(' ');
  const rangeIndex = whens ? `CASE ${whens} ELSE ${last.index} END` : String(last.index);
  return `SELECT ${rangeIndex} AS range_index, c.status, ${RAW_MEASURES}
     FROM calls c WHERE ${where.sql} GROUP BY 1, 2`;
}

/**
 * The calls a per-minute count singles out beside all of them (an alert's share, domain/alerts/alert-metrics.ts):
 * those of some statuses (REJECTED_UNKNOWN: every status outside the 14, as status-condition.ts reads it), those
 * that never reached a target, the repeats, and those with a dispute standing (any state but `none`).
 */
export type CallMark = { statuses: string[] } | { notConnected: true } | { repeat: true } | { disputed: true };

function markCondition(mark: CallMark, bind: (value: unknown) => string): string {
  if ('statuses' in mark) return statusCondition('c.status', mark.statuses, bind);
  if ('notConnected' in mark) return 'NOT c.connected';
  if ('repeat' in mark) return 'c.repeat_of IS NOT NULL';
  return "c.dispute_state <> 'none'";
}

/** A call's minute as the minute counts key it: whole minutes since the epoch. */
const EPOCH_MINUTE = 'floor(extract(epoch FROM c.call_ts) / 60)::bigint';

/**
 * Calls per minute under `filter` in each of `ranges` (whose own time range is ignored), and how many of them
 * `mark` singles out: rows of minute (epoch minutes), calls, marked. One walk of the (dimension, call_ts) or
 * call_ts index per range; a minute without calls has no row. An alert's window is minutes long and no rollup
 * keeps minutes per source (decision 0040 measured the calls against a rollup of its own).
 */
export function minuteCountsSql(filter: CallFilter, ranges: readonly TimeRange[], mark: CallMark | null, params: unknown[]): string {
  return ranges
    .map((range) => {
      const where = callWhere(filter, range, params.length + 1);
      params.push(...where.params);
      const marked = mark ? `count(*) FILTER (WHERE ${markCondition(mark, paramBinder(params))})` : '0';
      return `SELECT ${EPOCH_MINUTE} AS minute, count(*)::int AS calls, ${marked}::int AS marked FROM calls c WHERE ${where.sql} GROUP BY 1`;
    })
    .join(' UNION ALL ');
}

/**
 * Every call of `ranges` as the facts a filter and a mark are decided on in memory (domain/alerts/call-facts.ts):
 * rows of minute (epoch minutes), campaign_id, publisher_id, target_id, buyer_id, status, connected, repeat
 * (boolean), dispute_state, and how many calls share them all (calls). One walk of the call_ts index per range,
 * so every alert rule of every scope is judged from one read of its windows (decision 0040).
 */
export function callFactsSql(ranges: readonly TimeRange[], params: unknown[]): string {
  const bind = paramBinder(params);
  const within = ranges.map((range) => `(c.call_ts >= ${bind(range.from)} AND c.call_ts < ${bind(range.to)})`).join(' OR ');
  return `SELECT ${EPOCH_MINUTE} AS minute, c.campaign_id, c.publisher_id, c.target_id, c.buyer_id, c.status, c.connected,
       c.repeat_of IS NOT NULL AS repeat, c.dispute_state, count(*)::int AS calls
     FROM calls c WHERE ${within || 'false'} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}
