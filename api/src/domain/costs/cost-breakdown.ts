import { BREAKDOWN_GROUPS, DIMENSION_OF_PARAM, DIMENSIONS, type Breakdown, type BreakdownGroup, type BreakdownRow } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import { planDimensionSums } from '../calls/rollup-planner';
import { dollars, percent, SALE_STATUS, type CostSums } from './cost-figures';

/** What a group with no value is called: calls without a target or buyer are stored with none (dim_id 0 in the rollup). */
export const NO_VALUE_LABELS = Object.fromEntries(BREAKDOWN_GROUPS.map((group) => [group, `(no ${group})`])) as Record<BreakdownGroup, string>;

/** A group's dimension: its names' table, its column on `calls`, its rollup code. */
const dimensionOf = (group: BreakdownGroup) => DIMENSIONS[DIMENSION_OF_PARAM[group]];

interface GroupSums extends CostSums {
  id: number;
}

interface SumsRow {
  id: number | string;
  calls: number | string;
  sales: number | string;
  revenue_cents: number | string;
  payout_cents: number | string;
}

/** Each part of the range as planned (see planDimensionSums), one statement a part, in the plan's order. */
async function groupSums(db: Queryable, group: BreakdownGroup, filter: CallFilter): Promise<SumsRow[]> {
  const dimension = DIMENSION_OF_PARAM[group];
  const rows: SumsRow[] = [];
  for (const part of planDimensionSums(filter, filter.range, dimension).parts) {
    const params: unknown[] = [];
    rows.push(...(await db.query<SumsRow>(part.costSql(dimension, filter, SALE_STATUS, params), params)));
  }
  return rows;
}

function merge(rows: SumsRow[]): GroupSums[] {
  const byId = new Map<number, GroupSums>();
  for (const row of rows) {
    const id = Number(row.id);
    const into = byId.get(id) ?? { id, calls: 0, sales: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += Number(row.calls);
    into.sales += Number(row.sales);
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    byId.set(id, into);
  }
  // Rollup rows whose calls all moved to another day or value stay behind as zeros.
  return [...byId.values()].filter((g) => g.calls > 0);
}

async function namesOf(db: Queryable, group: BreakdownGroup, ids: number[]): Promise<Map<number, string>> {
  const named = ids.filter((id) => id > 0);
  if (named.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM ${dimensionOf(group).table} WHERE id = ANY($1::int[])`,
    [named],
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Highest revenue first (compared in cents), then by label as a person reads it, then by key. */
export function compareBreakdownRows(a: { revenueCents: number; label: string; id: number }, b: { revenueCents: number; label: string; id: number }): number {
  return b.revenueCents - a.revenueCents || a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || a.id - b.id;
}

/** Calls, sales and money per campaign, publisher, target or buyer for a filter: exact by every route. */
export async function costBreakdown(db: Queryable, filter: CallFilter, groupBy: BreakdownGroup): Promise<Breakdown> {
  const groups = merge(await groupSums(db, groupBy, filter));
  const names = await namesOf(db, groupBy, groups.map((g) => g.id));
  const labelled = groups.map((g) => ({ ...g, label: g.id === 0 ? NO_VALUE_LABELS[groupBy] : (names.get(g.id) ?? `#${g.id}`) }));
  labelled.sort(compareBreakdownRows);
  const rows: BreakdownRow[] = labelled.map((g) => ({
    key: String(g.id),
    label: g.label,
    calls: g.calls,
    sales: g.sales,
    revenue: dollars(g.revenueCents),
    payout: dollars(g.payoutCents),
    profit: dollars(g.revenueCents - g.payoutCents),
    conversionRate: percent(g.sales, g.calls),
  }));
  return { groupBy, rows };
}
