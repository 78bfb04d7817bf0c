import { DISPOSITIONS, REJECTED_UNKNOWN } from '@callboard/contract';
import type { Bind } from '../../db/sql-params';

/**
 * The SQL condition "status is one of these" over `column` (the calls' or a
 * rollup's status). REJECTED_UNKNOWN among them stands for every status that is
 * empty or none of the 14, the calls the stats card of that name counts; every
 * other value is a status as stored.
 */
export function statusCondition(column: string, statuses: string[], bind: Bind): string {
  const exact = statuses.filter((s) => s !== REJECTED_UNKNOWN);
  const conditions = exact.length > 0 ? [`${column} = ANY(${bind(exact)}::text[])`] : [];
  if (exact.length < statuses.length) conditions.push(`NOT (${column} = ANY(${bind([...DISPOSITIONS])}::text[]))`);
  return conditions.length === 1 ? (conditions[0] as string) : `(${conditions.join(' OR ')})`;
}
