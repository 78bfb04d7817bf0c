import { DIMENSIONS, type FilterDimension } from '@callboard/contract';
import { AI_BILLABLE_VERDICTS } from '@callboard/contract/scorecard';
import { inNewYork } from '@callboard/contract/new-york-time';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import type { CallFilter } from '../calls/call-filter';
import { callWhere } from '../calls/call-where';
import { newYorkDate, type TimeRange } from '../calls/date-range';
import { narrowsByWhatNoRollupKeeps, selectsAny, withoutSelectionIn } from '../calls/rollups/selection';
import { selectedIds } from '../calls/selected-ids';

/**
 * The scorecard's dispute figures per value of the grouped dimension, over the disputes of the calls the filter
 * reads in a range (by the call's time; withdrawn disputes count for nothing): contract/src/scorecard.ts says what
 * each figure is. The only module that reads `disputes_daily_dim` (migration 0029, whose triggers keep it): the
 * whole New York days of the range from it when the filter narrows by nothing it does not keep, the partial days
 * at either end (a custom range) and any narrower filter from the disputes joined to their calls, with the same
 * conditions as every calls read (callWhere), so a row's disputes are always of the calls it counts.
 */
export interface DisputeTotals {
  id: number;
  disputes: number;
  decided: number;
  accepted: number;
  creditedCents: number;
  clawedBackCents: number;
  aiJudged: number;
  aiAgreed: number;
}

const MEASURES = ['disputes', 'decided', 'accepted', 'credited_cents', 'clawed_back_cents', 'ai_judged', 'ai_agreed'] as const;

/**
 * Whether the rollup answers: it keeps the time and the dimension values only, so nothing may narrow the calls
 * but the range and a selection in the grouped dimension (read by key).
 */
export function disputeRollupAnswers(filter: CallFilter, grouped: FilterDimension): boolean {
  const rest = withoutSelectionIn(filter, grouped);
  return !selectsAny(rest) && !narrowsByWhatNoRollupKeeps(rest) && rest.statuses.length === 0 && rest.connected === undefined && rest.repeat === undefined;
}

function rollupSql(grouped: FilterDimension, ids: number[], fromDay: string, toDay: string, params: unknown[]): string {
  const bind = paramBinder(params);
  const values = ids.length > 0 ? ` AND dim_id = ANY(${bind(ids)}::int[])` : '';
  return `SELECT dim_id AS id, ${MEASURES.map((m) => `sum(${m})::bigint AS ${m}`).join(', ')}
    FROM disputes_daily_dim
    WHERE dim = ${bind(DIMENSIONS[grouped].rollupCode)} AND day >= ${bind(fromDay)}::date AND day < ${bind(toDay)}::date${values}
    GROUP BY dim_id`;
}

/** The same figures counted from the disputes of the calls callWhere finds (the rollup trigger's definitions). */
function disputesSql(filter: CallFilter, grouped: FilterDimension, range: TimeRange, params: unknown[]): string {
  const where = callWhere(filter, range, params.length + 1);
  params.push(...where.params);
  const billable = paramBinder(params)([...AI_BILLABLE_VERDICTS]);
  const decided = "d.status IN ('accepted', 'partial', 'rejected')";
  const upheld = "d.status IN ('accepted', 'partial')";
  const aiJudged = `${decided} AND d.evidence->'ai'->>'disposition' IS NOT NULL`;
  return `SELECT coalesce(c.${DIMENSIONS[grouped].column}, 0) AS id,
      count(*) FILTER (WHERE d.status <> 'withdrawn')::bigint AS disputes,
      count(*) FILTER (WHERE ${decided})::bigint AS decided,
      count(*) FILTER (WHERE ${upheld})::bigint AS accepted,
      coalesce(sum(d.credited_cents) FILTER (WHERE ${upheld}), 0)::bigint AS credited_cents,
      coalesce(sum(d.clawed_back_cents) FILTER (WHERE ${upheld}), 0)::bigint AS clawed_back_cents,
      count(*) FILTER (WHERE ${aiJudged})::bigint AS ai_judged,
      count(*) FILTER (WHERE ${aiJudged} AND (d.evidence->'ai'->>'disposition' = ANY(${billable}::text[])) = (d.status = 'rejected'))::bigint AS ai_agreed
    FROM disputes d JOIN calls c ON c.id = d.call_id
    WHERE ${where.sql}
    GROUP BY 1`;
}

/** The New York midnights on or after `from` and on or before `to`: the whole days between them. */
function wholeDays(range: TimeRange): { first: Date; last: Date } {
  const from = inNewYork(range.from);
  const startOfFrom = from.startOf('day');
  const first = (startOfFrom.toMillis() === from.toMillis() ? startOfFrom : startOfFrom.plus({ days: 1 })).toJSDate();
  const last = inNewYork(range.to).startOf('day').toJSDate();
  return { first, last };
}

/** The statement's parts: the rollup for the whole days when it answers, the disputes for the rest. */
function partsSql(filter: CallFilter, grouped: FilterDimension, range: TimeRange, params: unknown[]): string[] {
  if (!disputeRollupAnswers(filter, grouped)) return [disputesSql(filter, grouped, range, params)];
  const { first, last } = wholeDays(range);
  if (first >= last) return [disputesSql(filter, grouped, range, params)];
  const parts = [rollupSql(grouped, selectedIds(filter, grouped), newYorkDate(first), newYorkDate(last), params)];
  if (range.from < first) parts.push(disputesSql(filter, grouped, { from: range.from, to: first }, params));
  if (last < range.to) parts.push(disputesSql(filter, grouped, { from: last, to: range.to }, params));
  return parts;
}

/** The dispute figures per value of `grouped` with any dispute in the range (values without one are absent). */
export async function disputeTotalsPerValue(db: Queryable, filter: CallFilter, grouped: FilterDimension, range: TimeRange): Promise<Map<number, DisputeTotals>> {
  const params: unknown[] = [];
  const rows = await db.query<Record<string, string | number>>(partsSql(filter, grouped, range, params).join('\nUNION ALL\n'), params);
  const byValue = new Map<number, DisputeTotals>();
  for (const row of rows) {
    const id = Number(row.id);
    const value = byValue.get(id) ?? { id, disputes: 0, decided: 0, accepted: 0, creditedCents: 0, clawedBackCents: 0, aiJudged: 0, aiAgreed: 0 };
    value.disputes += Number(row.disputes);
    value.decided += Number(row.decided);
    value.accepted += Number(row.accepted);
    value.creditedCents += Number(row.credited_cents);
    value.clawedBackCents += Number(row.clawed_back_cents);
    value.aiJudged += Number(row.ai_judged);
    value.aiAgreed += Number(row.ai_agreed);
    byValue.set(id, value);
  }
  // Rollup rows whose disputes all moved to another day or value, or were withdrawn, stay behind as zeros.
  for (const [id, value] of byValue) if (value.disputes === 0) byValue.delete(id);
  return byValue;
}
