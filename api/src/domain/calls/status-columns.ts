import { DISPOSITIONS, REJECTED_UNKNOWN, isDisposition } from '@callboard/contract';
import type { Bind } from '../../db/sql-params';
import type { CallFilter } from './call-filter';
import { statusCondition } from './status-condition';

/**
 * The per-dimension day and month rollups (calls_daily_dim, calls_monthly_dim,
 * migration 0022) keep one count column per disposition and one for every
 * other status (Rejected / Unknown): `status_` and the disposition in lower
 * case with every run of other characters as `_` ("subsidy/incentivised" →
 * status_subsidy_incentivised). The rollup recount of the tests
 * (api/test/support/rollup-recount.ts) reads every one of them by this name.
 */
export const OTHER_STATUS_COLUMN = 'status_other';

export function statusColumn(disposition: (typeof DISPOSITIONS)[number]): string {
  return `status_${disposition.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/** Each disposition's column and the others', with the name a status filter and the stats give them. */
export const STATUS_COLUMNS: ReadonlyArray<{ status: string; column: string }> = [
  ...DISPOSITIONS.map((status) => ({ status, column: statusColumn(status) })),
  { status: REJECTED_UNKNOWN, column: OTHER_STATUS_COLUMN },
];

/**
 * The calls a per-dimension row counts under the filter's status, connection
 * and repeats, as an expression over its columns; undefined when the row
 * cannot tell: a status that is neither a disposition nor Rejected / Unknown
 * (one other status by its name), or a status together with the connection or
 * repeats (those are kept per value, not per value and status).
 */
export function dimensionCallsMeasure(filter: Pick<CallFilter, 'statuses' | 'connected' | 'repeat'>): string | undefined {
  const narrowedBy = (filter.statuses.length > 0 ? 1 : 0) + (filter.connected !== undefined ? 1 : 0) + (filter.repeat !== undefined ? 1 : 0);
  if (narrowedBy > 1) return undefined;
  if (filter.connected !== undefined) return filter.connected ? '(calls - not_connected)' : 'not_connected';
  if (filter.repeat !== undefined) return filter.repeat ? 'repeats' : '(calls - repeats)';
  if (filter.statuses.length === 0) return 'calls';
  const columns = new Set<string>();
  for (const status of filter.statuses) {
    if (status === REJECTED_UNKNOWN) columns.add(OTHER_STATUS_COLUMN);
    else if (isDisposition(status)) columns.add(statusColumn(status));
    else return undefined;
  }
  return `(${[...columns].join(' + ')})`;
}

/**
 * The status columns that count the calls the filter's status asks for (all of
 * them when it asks for none), for a reader that needs the calls per status;
 * undefined when the rows cannot tell: a status kept under no column of its
 * own, or the connection or repeats (kept per value, not per value and status).
 */
export function statusColumnsFor(filter: Pick<CallFilter, 'statuses' | 'connected' | 'repeat'>): ReadonlyArray<{ status: string; column: string }> | undefined {
  if (filter.connected !== undefined || filter.repeat !== undefined) return undefined;
  if (filter.statuses.length === 0) return STATUS_COLUMNS;
  if (!filter.statuses.every((status) => status === REJECTED_UNKNOWN || isDisposition(status))) return undefined;
  return STATUS_COLUMNS.filter(({ status }) => filter.statuses.includes(status));
}

/**
 * The same columns counted from rows that carry a status (the calls, or the
 * per-status rollup): for each column, `aggregate` (count(*), sum(calls)) over
 * the rows of its status, so every source of a per-value read gives one shape.
 */
export function statusColumnsOfStatusRows(status: string, aggregate: string, bind: Bind): string {
  return STATUS_COLUMNS.map(({ status: name, column }) => `coalesce(${aggregate} FILTER (WHERE ${statusCondition(status, [name], bind)}), 0)::bigint AS ${column}`).join(',\n  ');
}
