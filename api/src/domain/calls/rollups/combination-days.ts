import { DIMENSIONS, FILTER_DIMENSIONS, type FilterDimension } from '@callboard/contract';
import { paramBinder, type Bind } from '../../../db/sql-params';
import type { CallFilter } from '../call-filter';
import { monthlyAndDailySql, type MonthSplit } from '../month-split';
import { selectedIds } from '../selected-ids';
import type { Answers, OptionsPart } from './rollup-part';
import { narrowsByWhatNoRollupKeeps, selectsAny } from './selection';

/**
 * calls_daily_combo and calls_monthly_combo (migration 0022): per New York day
 * (and month) and campaign × publisher × target × buyer (call_combos), the
 * calls alone. Whole days of the combinations the filter's selections match:
 * whole months from the monthly table, the days at either end from the daily
 * one. It keeps no status, connection or repeats, so it answers a picker's
 * counts under the other pickers' selections and nothing else.
 */
export class CombinationDaysPart implements OptionsPart {
  static readonly tables = ['calls_daily_combo', 'calls_monthly_combo', 'call_combos'];
  static readonly answers = {
    options: (filter: CallFilter) =>
      selectsAny(filter) && !narrowsByWhatNoRollupKeeps(filter) && filter.statuses.length === 0 && filter.connected === undefined && filter.repeat === undefined,
  } satisfies Answers;

  readonly source = 'combination-days';

  constructor(readonly split: MonthSplit) {}

  optionsSql(dimension: FilterDimension, filter: CallFilter, params: unknown[]): string {
    const { column } = DIMENSIONS[dimension];
    const bind = paramBinder(params);
    // The combinations the selection matches, found once (a scan of a few thousand rows), then their rows by key.
    const matching = `combo_id = ANY(ARRAY(SELECT id FROM call_combos WHERE ${combinationConditions(filter, bind)}))`;
    const source = monthlyAndDailySql({ monthly: 'calls_monthly_combo', daily: 'calls_daily_combo' }, 'combo_id, calls', matching, this.split, bind, {
      negatedColumns: 'combo_id, -calls AS calls',
    });
    return `SELECT k.${column} AS id, sum(r.calls)::bigint AS calls FROM (${source}) r JOIN call_combos k ON k.id = r.combo_id GROUP BY k.${column}`;
  }
}

/** The conditions on call_combos of every dimension the filter selects in. */
function combinationConditions(filter: CallFilter, bind: Bind): string {
  return FILTER_DIMENSIONS.filter((d) => selectedIds(filter, d).length > 0)
    .map((d) => `${DIMENSIONS[d].column} = ANY(${bind(selectedIds(filter, d))}::int[])`)
    .join(' AND ');
}
