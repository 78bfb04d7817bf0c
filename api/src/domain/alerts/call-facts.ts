import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import type { TimeRange } from '../calls/date-range';
import { callFactsSql } from '../calls/rollups/raw-calls';
import { isMarked, type MarkedFields } from './alert-metrics';

/**
 * The calls of the windows being judged, as few facts each as a filter and a mark need: evaluation reads them
 * once for every rule (raw-calls.ts callFactsSql) and decides each rule's scope and share here, in memory.
 */
export interface CallFact extends MarkedFields {
  /** Whole minutes since the epoch. */
  minute: number;
  campaignId: number;
  publisherId: number;
  targetId: number | null;
  buyerId: number | null;
  /** How many calls share every field above. */
  calls: number;
}

interface FactRow {
  minute: string | number;
  campaign_id: number;
  publisher_id: number;
  target_id: number | null;
  buyer_id: number | null;
  status: string;
  connected: boolean;
  repeat: boolean;
  dispute_state: string;
  calls: number;
}

export async function readCallFacts(db: Queryable, ranges: readonly TimeRange[]): Promise<CallFact[]> {
  if (ranges.length === 0) return [];
  const params: unknown[] = [];
  const rows = await db.query<FactRow>(callFactsSql(ranges, params), params);
  return rows.map((row) => ({
    minute: Number(row.minute),
    campaignId: row.campaign_id,
    publisherId: row.publisher_id,
    targetId: row.target_id,
    buyerId: row.buyer_id,
    status: row.status,
    connected: row.connected,
    repeat: row.repeat,
    disputeState: row.dispute_state,
    calls: Number(row.calls),
  }));
}

/**
 * Whether a filter can be decided on the facts: everything but the caller-id and transcript searches, which
 * need the calls' text (a rule scoped by such a view reads its own counts: alert-evaluation.ts).
 */
export function decidableOnFacts(filter: CallFilter): boolean {
  return filter.search === undefined && filter.callerId === undefined && filter.q === undefined;
}

const inList = (ids: readonly number[], id: number | null) => ids.length === 0 || (id !== null && ids.includes(id));

/** Whether a call with these facts is one the filter keeps, as call-where.ts's condition decides it on the calls. */
export function factMatches(filter: CallFilter, fact: CallFact): boolean {
  if (!inList(filter.campaignIds, fact.campaignId) || !inList(filter.publisherIds, fact.publisherId)) return false;
  if (!inList(filter.targetIds, fact.targetId) || !inList(filter.buyerIds, fact.buyerId)) return false;
  if (filter.statuses.length > 0 && !isMarked({ statuses: filter.statuses }, fact)) return false;
  if (filter.connected !== undefined && fact.connected !== filter.connected) return false;
  if (filter.repeat !== undefined && fact.repeat !== filter.repeat) return false;
  if (filter.dispute !== undefined && fact.disputeState !== filter.dispute) return false;
  return true;
}
