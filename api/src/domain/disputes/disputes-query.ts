import { VALUE_LIST_MAX_ITEMS, type FieldError, type PartnerScope } from '@callboard/contract';
import {
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeReason,
  type DisputeSort,
  type DisputeStatus,
  type DisputesParams,
} from '@callboard/contract/disputes';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import { validationFailed } from '../../http/http-error';
import { parseCallFilter, type CallFilter } from '../calls/call-filter';
import { callWhere } from '../calls/call-where';
import type { TimeRange } from '../calls/date-range';
import { historyStart } from '../partners/scope-filter';
import { DISPUTE_SELECT, toDispute, type DisputeRow } from './dispute-rows';

/**
 * Which disputes a list (or its export) asks for: the calls filter of every calls read over the disputed calls
 * (parseCallFilter, so a partner's scope narrows it there as everywhere: docs/decisions/0037-partner-scope.md),
 * except that `status` is the dispute's here; and the dispute's own reason and call. Without any date param the
 * list is not cut by time (a queue of open disputes has no "today"); with one, it is the disputed call's time.
 */
export interface DisputesFilter {
  calls: CallFilter;
  /** Undefined: every time (for a partner, from its history start on). */
  range: TimeRange | undefined;
  statuses: DisputeStatus[];
  reasons: DisputeReason[];
  callId: string | undefined;
  /** A publisher partner's: only decided disputes that clawed back payout (dispute-visibility.ts partnerMaySeeDispute). */
  clawedBackOnly: boolean;
}

function listOf<T extends string>(field: string, raw: string | undefined, allowed: readonly T[], errors: FieldError[]): T[] {
  if (raw === undefined || raw.trim() === '') return [];
  const values = [...new Set(raw.split(',').map((v) => v.trim()).filter((v) => v !== ''))];
  if (values.length > VALUE_LIST_MAX_ITEMS) errors.push({ field, message: `${field} must list at most ${VALUE_LIST_MAX_ITEMS} values` });
  const wrong = values.find((v) => !(allowed as readonly string[]).includes(v));
  if (wrong !== undefined) errors.push({ field, message: `${field} must be among ${allowed.join(', ')}; not ${wrong.slice(0, 40)}` });
  return values as T[];
}

/** Far beyond any call: the end of an unbounded range. */
const NO_END = new Date('9999-01-01T00:00:00Z');

export function parseDisputesFilter(query: DisputesParams, scope: PartnerScope | undefined): DisputesFilter {
  const errors: FieldError[] = [];
  const statuses = listOf('status', query.status, DISPUTE_STATUSES, errors);
  const reasons = listOf('reason', query.reason, DISPUTE_REASONS, errors);
  const callId = query.call?.trim() || undefined;
  if (callId !== undefined && !/^[1-9][0-9]{0,17}$/.test(callId)) errors.push({ field: 'call', message: 'call must be a call id' });
  if (errors.length > 0) throw validationFailed(errors);
  // The dispute's status is not the call's: the calls filter reads the call's status from `disposition` only.
  const { status: _disputeStatus, reason: _reason, call: _call, ...callParams } = query;
  const calls = parseCallFilter(callParams);
  const dated = query.datePreset !== undefined || query.startDate !== undefined || query.endDate !== undefined;
  const range = dated ? calls.range : scope ? { from: historyStart(scope) ?? new Date(0), to: NO_END } : undefined;
  return { calls, range, statuses, reasons, callId, clawedBackOnly: scope?.kind === 'publisher' };
}

const SORTS: Record<DisputeSort, string> = { openedAt: 'd.opened_at', callTimestamp: 'd.call_ts', decidedAt: 'd.decided_at' };

/** The WHERE clause over `disputes d JOIN calls c`, its parameters numbered from $1. */
function disputesWhere(filter: DisputesFilter): { sql: string; params: unknown[] } {
  const condition = callWhere(filter.calls, filter.range ?? { from: new Date(0), to: NO_END });
  const params = [...condition.params];
  // `params` already holds the calls condition's: the next placeholder follows them.
  const bind = paramBinder(params);
  const clauses = [condition.sql];
  if (filter.statuses.length > 0) clauses.push(`d.status = ANY(${bind(filter.statuses)}::text[])`);
  if (filter.reasons.length > 0) clauses.push(`d.reason = ANY(${bind(filter.reasons)}::text[])`);
  if (filter.callId !== undefined) clauses.push(`d.call_id = ${bind(filter.callId)}::bigint`);
  if (filter.clawedBackOnly) clauses.push(`d.status IN ('accepted', 'partial') AND d.clawed_back_cents > 0`);
  return { sql: clauses.join(' AND '), params };
}

export interface DisputesPageRequest {
  sortBy: DisputeSort;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of disputes and how many the filter finds in all. */
export async function findDisputesPage(db: Queryable, filter: DisputesFilter, page: DisputesPageRequest) {
  const where = disputesWhere(filter);
  const dir = page.sortDir === 'asc' ? 'ASC' : 'DESC';
  // Undecided disputes have no decision time: last either way.
  const order = `${SORTS[page.sortBy]} ${dir} NULLS LAST, d.id ${dir}`;
  const n = where.params.length;
  const rows = await db.query<DisputeRow>(`${DISPUTE_SELECT} WHERE ${where.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...where.params,
    page.limit,
    page.offset,
  ]);
  const [count] = await db.query<{ total: string }>(`SELECT count(*)::text AS total FROM disputes d JOIN calls c ON c.id = d.call_id WHERE ${where.sql}`, where.params);
  return { disputes: rows.map(toDispute), total: Number(count?.total ?? 0) };
}

/** The disputes after `afterId` in newest-first id order, `limit` of them: the export's batches. */
export async function findDisputesBatch(db: Queryable, filter: DisputesFilter, afterId: string | undefined, limit: number) {
  const where = disputesWhere(filter);
  const n = where.params.length;
  const after = afterId === undefined ? '' : ` AND d.id < $${n + 2}::bigint`;
  const rows = await db.query<DisputeRow>(`${DISPUTE_SELECT} WHERE ${where.sql}${after} ORDER BY d.id DESC LIMIT $${n + 1}`, [
    ...where.params,
    limit,
    ...(afterId === undefined ? [] : [afterId]),
  ]);
  return rows.map(toDispute);
}

/** One dispute; undefined when there is none (or, behind the partner wall, none the partner may see). */
export async function findDispute(db: Queryable, id: string) {
  const [row] = await db.query<DisputeRow>(`${DISPUTE_SELECT} WHERE d.id = $1`, [id]);
  return row ? toDispute(row) : undefined;
}

/** A call's disputes, newest first. */
export async function findCallDisputes(db: Queryable, callId: string) {
  const rows = await db.query<DisputeRow>(`${DISPUTE_SELECT} WHERE d.call_id = $1 ORDER BY d.id DESC`, [callId]);
  return rows.map(toDispute);
}
