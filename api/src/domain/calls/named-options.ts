import { DIMENSIONS, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import type { TimeRange } from './date-range';
import { restrictionSql, type PickerRestriction } from './filter-options';

/**
 * The options of exactly these ids, in the order asked, each with its calls in
 * the range: what a picker's chips show for a view opened from a link, whose
 * URL holds ids only. Ids that name nothing are left out. Each count is read
 * through the dimension's (id, call_ts) index, so a handful of ids costs a
 * handful of index ranges, whatever the size of the table. `only` narrows
 * them as it narrows a picker's list (filter-options.ts).
 */
export async function namedOptions(
  db: Queryable,
  dimension: FilterDimension,
  ids: readonly number[],
  range: TimeRange,
  only?: PickerRestriction,
): Promise<FilterOption[]> {
  if (ids.length === 0) return [];
  const { table, column } = DIMENSIONS[dimension];
  const params: unknown[] = [];
  const bind = paramBinder(params);
  const idList = bind(ids);
  const from = bind(range.from);
  const to = bind(range.to);
  const restriction = restrictionSql(only, bind, 'd.count');
  const rows = await db.query<FilterOption>(
    `SELECT d.value, d.label, d.count FROM (
       SELECT d.id, d.id::text AS value, d.name AS label,
              (SELECT count(*) FROM calls c WHERE c.${column} = d.id AND c.call_ts >= ${from} AND c.call_ts < ${to})::int AS count
       FROM ${table} d WHERE d.id = ANY(${idList}::int[])
     ) d
     ${restriction ? `WHERE ${restriction}` : ''}`,
    params,
  );
  const byId = new Map(rows.map((row) => [row.value, row]));
  return ids.flatMap((id) => byId.get(String(id)) ?? []);
}
