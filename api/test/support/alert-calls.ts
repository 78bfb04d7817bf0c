/**
 * Calls for the alert tests, placed around the minute a test judges (in its windows, on their edges, a week
 * before, and outside them), and the brute force that counts a rule's window straight from the stored calls.
 */
import { DISPOSITIONS, isDisposition } from '@callboard/contract';
import type { AlertMetric } from '@callboard/contract/alerts';
import type { Queryable } from '../../src/db/database';
import { seededRandom, type IngestCallInput } from './calls-fixtures';

export const MINUTE = 60_000;
export const WEEK = 7 * 24 * 60 * MINUTE;
export const WINDOW_MINUTES = [15, 30, 60, 120, 240, 480, 1440];

const STATUSES: Array<string | null> = [...DISPOSITIONS, 'Sales', 'Voicemail', 'Voicemail', 'Hungup', null, 'Weird', 'rejected / unknown'];
export const ALERT_CAMPAIGNS = ['Medicare', 'Solar'];
export const ALERT_PUBLISHERS = ['Pub North', 'Pub South', 'Pub East'];
export const ALERT_BUYERS = ['Buyer One', 'Buyer Two'];

/**
 * `count` calls judged around minute `t`: most in the day before it and the day a week before that, some on the
 * exact edges of every window (and a minute either side), some at or after `t`, a few from a few caller ids so
 * some are repeats.
 */
export function alertCalls(seed: number, t: number, count: number, prefix = `a${seed}`): IngestCallInput[] {
  const random = seededRandom(seed);
  const edges = WINDOW_MINUTES.flatMap((w) => [t - w * MINUTE, t - w * MINUTE - 1, t - w * MINUTE + MINUTE, t - WEEK - w * MINUTE, t - WEEK - 1]);
  const instant = (): number => {
    const roll = random.next();
    if (roll < 0.5) return t - random.int(1, 25 * 60 * 60) * 1000;
    if (roll < 0.8) return t - WEEK - random.int(1, 25 * 60 * 60) * 1000;
    if (roll < 0.9) return random.pick(edges);
    if (roll < 0.95) return t + random.int(0, 600) * 1000;
    return t - random.int(2, 6) * 24 * 60 * MINUTE;
  };
  return Array.from({ length: count }, (_, i) => {
    const status = random.pick(STATUSES);
    const durationSec = random.chance(0.25) ? 0 : random.int(5, 600);
    const call: IngestCallInput = {
      systemCallId: `${prefix}-${i}`,
      callTimestamp: new Date(instant()).toISOString(),
      callerId: random.chance(0.3) ? random.pick(['5551110000', '5552220000', '5553330000']) : String(random.int(2_000_000_000, 9_999_999_999)),
      campaignName: random.pick(ALERT_CAMPAIGNS),
      publisherName: random.pick(ALERT_PUBLISHERS),
      targetName: random.chance(0.15) ? null : random.pick(['Target X', 'Target Y']),
      buyerName: random.chance(0.15) ? null : random.pick(ALERT_BUYERS),
      durationSec,
      revenue: random.int(100, 5000) / 100,
      payout: random.int(0, 3000) / 100,
    };
    if (status !== null) call.qc = { disposition: status };
    return call;
  });
}

/** A call as stored, for the brute force. */
export interface StoredCall {
  id: string;
  ts: number;
  campaignId: number;
  publisherId: number;
  targetId: number | null;
  buyerId: number | null;
  status: string;
  connected: boolean;
  repeat: boolean;
  disputeState: string;
  callerId: string;
}

export async function storedCalls(db: Queryable): Promise<StoredCall[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id::text AS id, call_ts, campaign_id, publisher_id, target_id, buyer_id, status, connected, repeat_of IS NOT NULL AS repeat, dispute_state, caller_id FROM calls`,
  );
  return rows.map((row) => ({
    id: row.id as string,
    ts: new Date(row.call_ts as string).getTime(),
    campaignId: Number(row.campaign_id),
    publisherId: Number(row.publisher_id),
    targetId: row.target_id === null ? null : Number(row.target_id),
    buyerId: row.buyer_id === null ? null : Number(row.buyer_id),
    status: row.status as string,
    connected: row.connected as boolean,
    repeat: row.repeat as boolean,
    disputeState: row.dispute_state as string,
    callerId: row.caller_id as string,
  }));
}

/** Whether a call counts toward a metric's share, said plainly from contract/src/alerts.ts's words. */
export function countsToward(metric: AlertMetric, call: StoredCall): boolean {
  switch (metric) {
    case 'rejectedUnknown':
      return !isDisposition(call.status);
    case 'redNoConnect':
      return !call.connected;
    case 'repeat':
      return call.repeat;
    case 'dispute':
      return call.disputeState !== 'none';
    case 'volume':
      return false;
    default:
      return call.status === metric;
  }
}

/** The brute force: a window's calls in scope and those of them the metric counts. */
export function bruteCounts(calls: readonly StoredCall[], inScope: (call: StoredCall) => boolean, metric: AlertMetric, from: number, to: number) {
  const kept = calls.filter((call) => call.ts >= from && call.ts < to && inScope(call));
  return { calls: kept.length, marked: kept.filter((call) => countsToward(metric, call)).length };
}

/** A percent to two decimals, as the cards round it. */
export const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);
