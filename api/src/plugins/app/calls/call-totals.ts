import type { Queryable } from '../../../db/database';
import { narrowsBeyondStatus, type CallFilter } from './call-filter';
import { callWhere } from './call-where';
import { isNewYorkMidnight, newYorkDate, type TimeRange } from './date-range';
import { monthlyAndDailySql, splitByMonth } from './month-split';

/** What every figure on the dashboard is computed from: per effective status, the sums over the calls. */
export interface StatusTotals {
  status: string;
  calls: number;
  notConnected: number;
  revenueCents: number;
  payoutCents: number;
}

const HOUR_MS = 3_600_000;

// The measures every rollup path returns; fromRaw computes the same from the calls themselves.
const MEASURES = `sum(calls)::bigint AS calls, sum(not_connected)::bigint AS not_connected,
  sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents`;

interface TotalsRow {
  status: string;
  calls: number;
  not_connected: number;
  revenue_cents: number;
  payout_cents: number;
}

function statusClause(filter: CallFilter, params: unknown[]): string {
  if (filter.statuses.length === 0) return '';
  params.push(filter.statuses);
  return ` AND status = ANY($${params.length}::text[])`;
}

/** Whole New York days: whole months from calls_monthly, the days at either end from calls_daily. */
async function fromDaily(db: Queryable, filter: CallFilter, range: TimeRange): Promise<TotalsRow[]> {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = filter.statuses.length > 0 ? `status = ANY(${bind(filter.statuses)}::text[])` : 'true';
  const source = monthlyAndDailySql(
    { monthly: 'calls_monthly', daily: 'calls_daily' },
    'status, calls, not_connected, revenue_cents, payout_cents',
    where,
    splitByMonth(newYorkDate(range.from), newYorkDate(range.to)),
    bind,
  );
  return db.query<TotalsRow>(`SELECT status, ${MEASURES} FROM (${source}) s GROUP BY status`, params);
}

/** One picker's selection (and nothing else narrowing but the status): the per-dimension, per-status daily rollup can answer. */
function singleDimension(filter: CallFilter): { dim: number; ids: number[] } | undefined {
  if (filter.search !== undefined || filter.callerId !== undefined) return undefined;
  const chosen = (
    [
      [1, filter.campaignIds],
      [2, filter.publisherIds],
      [3, filter.targetIds],
      [4, filter.buyerIds],
    ] as Array<[number, number[]]>
  ).filter(([, ids]) => ids.length > 0);
  const [only] = chosen;
  return chosen.length === 1 && only ? { dim: only[0], ids: only[1] } : undefined;
}

async function fromDimensionDaily(db: Queryable, filter: CallFilter, range: TimeRange, selection: { dim: number; ids: number[] }) {
  const params: unknown[] = [selection.dim, selection.ids, newYorkDate(range.from), newYorkDate(range.to)];
  return db.query<TotalsRow>(
    `SELECT status, ${MEASURES} FROM calls_daily_dim_status
     WHERE dim = $1 AND dim_id = ANY($2::int[]) AND day >= $3::date AND day < $4::date${statusClause(filter, params)}
     GROUP BY status`,
    params,
  );
}

async function fromHourly(db: Queryable, filter: CallFilter, range: TimeRange): Promise<TotalsRow[]> {
  const params: unknown[] = [range.from, range.to];
  return db.query<TotalsRow>(
    `SELECT status, ${MEASURES} FROM calls_hourly WHERE hour >= $1 AND hour < $2${statusClause(filter, params)} GROUP BY status`,
    params,
  );
}

async function fromRaw(db: Queryable, filter: CallFilter, range: TimeRange): Promise<TotalsRow[]> {
  const where = callWhere(filter, range);
  return db.query<TotalsRow>(
    `SELECT c.status, count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
       coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents,
       coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents
     FROM calls c WHERE ${where.sql} GROUP BY c.status`,
    where.params,
  );
}

/**
 * Totals per status for a filter over a range, exact in every case, by the
 * cheapest exact route (DESIGN §10):
 * - one picker's selection over whole New York days: the per-dimension, per-status daily rollup;
 * - narrowed otherwise by dimensions or caller id: the raw table through its (dimension, call_ts) and caller-id indexes;
 * - whole New York days (every preset): the daily rollup, ~15 rows a day;
 * - anything else (custom ranges): the hourly rollup for whole hours, the raw table for the partial hours at each end.
 */
export async function totalsByStatus(db: Queryable, filter: CallFilter, range: TimeRange): Promise<StatusTotals[]> {
  let parts: TotalsRow[][];
  const wholeDays = isNewYorkMidnight(range.from) && isNewYorkMidnight(range.to);
  const selection = singleDimension(filter);
  if (selection && wholeDays) {
    parts = [await fromDimensionDaily(db, filter, range, selection)];
  } else if (narrowsBeyondStatus(filter)) {
    parts = [await fromRaw(db, filter, range)];
  } else if (wholeDays) {
    parts = [await fromDaily(db, filter, range)];
  } else {
    const firstHour = new Date(Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS);
    const lastHour = new Date(Math.floor(range.to.getTime() / HOUR_MS) * HOUR_MS);
    if (firstHour >= lastHour) {
      parts = [await fromRaw(db, filter, range)];
    } else {
      parts = [await fromHourly(db, filter, { from: firstHour, to: lastHour })];
      if (range.from < firstHour) parts.push(await fromRaw(db, filter, { from: range.from, to: firstHour }));
      if (lastHour < range.to) parts.push(await fromRaw(db, filter, { from: lastHour, to: range.to }));
    }
  }
  return mergeTotals(parts.flat());
}

function mergeTotals(rows: TotalsRow[]): StatusTotals[] {
  const byStatus = new Map<string, StatusTotals>();
  for (const row of rows) {
    const into = byStatus.get(row.status) ?? { status: row.status, calls: 0, notConnected: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += Number(row.calls);
    into.notConnected += Number(row.not_connected);
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    byStatus.set(row.status, into);
  }
  // Rollup rows whose calls all moved elsewhere stay behind as zeros; they are not a status in use.
  return [...byStatus.values()].filter((t) => t.calls !== 0);
}

export function sumCalls(totals: StatusTotals[]): number {
  return totals.reduce((sum, t) => sum + t.calls, 0);
}
