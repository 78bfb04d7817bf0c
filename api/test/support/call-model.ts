/**
 * Seeded random calls kept in memory beside the database, and the filters
 * applied to them by brute force, for tests that hold the API's answers to
 * exactly what the calls say (series.test.ts, connected-and-rejected.test.ts).
 */
import { REJECTED_UNKNOWN, canonicalDisposition, isDisposition, type DatePreset } from '@callboard/contract';
import type { Queryable } from '../../src/db/database';
import { resolveCustom, resolvePreset, type ResolvedDateRange, type TimeRange } from '../../src/domain/calls/date-range';
import { seededRandom, type IngestCallInput } from './calls-fixtures';

export interface ModelCall {
  systemCallId: string;
  ts: number;
  callerId: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  connected: boolean;
  status: string;
  revenueCents: number;
  payoutCents: number;
  /** Whether the call is a repeat (repeat-filter.test.ts decides it by brute force once the calls are stored). */
  repeat?: boolean;
}

export const CAMPAIGNS = ['Medicare Advantage', 'ACA Health', 'Final Expense', 'Solar'];
export const PUBLISHERS = ['Publisher A', 'Publisher B', 'Publisher C', 'Publisher D', 'Publisher E'];
export const TARGETS = ['Target 1', 'Target 2', 'Target 3'];
export const BUYERS = ['Buyer North', 'Buyer South'];
// Skewed like real QC output, plus statuses outside the 14, spellings that canonicalise, and none.
const STATUS_BAG: Array<string | null> = [
  'Sales', 'Sales', 'Sales', 'Not Interested', 'Not Interested', 'Voicemail', 'Voicemail', 'Hungup', 'DNC', 'Not Qualified', 'Tech Issues',
  'DWSPI', 'Unresponsive', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed', null, null, 'Weird', 'Transferred', 'sales', ' dnc ',
  'rejected / unknown',
];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * `count` calls: most over the 700 days before `now` (this year and the one before it), the rest on
 * the edges the timeline is about: both 2026 clock changes, New York midnights, UTC hours, to the ms.
 */
export function randomCalls(seed: number, count: number, now: number): { inputs: IngestCallInput[]; model: ModelCall[] } {
  const random = seededRandom(seed);
  const instant = (): number => {
    const roll = random.next();
    if (roll < 0.45) return now - random.int(0, 700 * 24 * 60) * 60_000 - random.int(0, 59_999);
    if (roll < 0.6) return now - random.int(0, 3 * 24 * 60) * 60_000; // the last days, for today and last_2_days
    if (roll < 0.7) return Date.parse('2026-11-01T04:00:00Z') + random.int(-6 * 60, 30 * 60) * 60_000 + random.pick([0, 1, -1, 0]);
    if (roll < 0.8) return Date.parse('2026-03-08T05:00:00Z') + random.int(-6 * 60, 30 * 60) * 60_000 + random.pick([0, 1, -1, 0]);
    if (roll < 0.9) return Math.floor((now - random.int(0, 400) * DAY) / HOUR) * HOUR + random.pick([0, -1, 1]);
    // 2026-03-01 09:30 to 2026-05-03 08:00 (custom ranges below), and their ends.
    return random.pick([Date.parse('2026-03-01T14:30:00Z'), Date.parse('2026-05-03T12:00:00Z'), Date.parse('2026-02-10T15:15:00Z')]) + random.int(-120, 120) * 60_000;
  };
  const inputs: IngestCallInput[] = [];
  const model: ModelCall[] = [];
  for (let i = 0; i < count; i += 1) {
    const ts = instant();
    const durationSec = random.chance(0.2) ? 0 : random.int(1, 900);
    const callerId = String(random.int(2_000_000_000, 9_999_999_999));
    const input: IngestCallInput = {
      systemCallId: `m-${seed}-${i}`,
      callTimestamp: new Date(ts).toISOString(),
      callerId,
      campaignName: random.pick(CAMPAIGNS),
      publisherName: random.pick(PUBLISHERS),
      targetName: random.chance(0.1) ? null : random.pick(TARGETS),
      buyerName: random.chance(0.1) ? null : random.pick(BUYERS),
      durationSec,
      revenue: random.int(0, 5000) / 100,
      payout: random.int(0, 3000) / 100,
    };
    if (random.chance(0.05)) input.connected = durationSec === 0; // the platform says otherwise
    const status = random.pick(STATUS_BAG);
    if (status !== null) input.qc = { disposition: status };
    inputs.push(input);
    model.push({
      systemCallId: input.systemCallId,
      ts,
      callerId,
      campaign: input.campaignName as string,
      publisher: input.publisherName as string,
      target: (input.targetName as string | null) ?? null,
      buyer: (input.buyerName as string | null) ?? null,
      connected: (input.connected as boolean | undefined) ?? durationSec > 0,
      status: status === null ? '' : canonicalDisposition(status),
      revenueCents: Math.round((input.revenue as number) * 100),
      payoutCents: Math.round((input.payout as number) * 100),
    });
  }
  return { inputs, model };
}

/** A filter as the query string says it and as the brute force applies it (names, not ids). */
export interface ModelFilter {
  label: string;
  params: Record<string, string>;
  campaigns?: string[];
  publishers?: string[];
  targets?: string[];
  buyers?: string[];
  /** Statuses as stored; REJECTED_UNKNOWN stands for every status outside the 14. */
  statuses?: string[];
  search?: string;
  callerId?: string;
  connected?: boolean;
  repeat?: boolean;
}

export function statusMatches(status: string, statuses: string[]): boolean {
  return statuses.includes(status) || (statuses.includes(REJECTED_UNKNOWN) && !isDisposition(status));
}

export function matches(call: ModelCall, range: TimeRange, f: ModelFilter, ignoreStatus = false): boolean {
  if (call.ts < range.from.getTime() || call.ts >= range.to.getTime()) return false;
  if (f.campaigns && !f.campaigns.includes(call.campaign)) return false;
  if (f.publishers && !f.publishers.includes(call.publisher)) return false;
  if (f.targets && (call.target === null || !f.targets.includes(call.target))) return false;
  if (f.buyers && (call.buyer === null || !f.buyers.includes(call.buyer))) return false;
  if (!ignoreStatus && f.statuses && !statusMatches(call.status, f.statuses)) return false;
  if (f.search && !call.callerId.toLowerCase().includes(f.search.toLowerCase())) return false;
  if (f.callerId !== undefined && call.callerId !== f.callerId) return false;
  if (f.connected !== undefined && call.connected !== f.connected) return false;
  if (f.repeat !== undefined && (call.repeat ?? false) !== f.repeat) return false;
  return true;
}

export type DimensionIds = Record<'campaigns' | 'publishers' | 'targets' | 'buyers', Map<string, string>>; // name → id

/** The id of every campaign, publisher, target and buyer the database holds, by name. */
export async function dimensionIdsOf(db: Queryable): Promise<DimensionIds> {
  const read = async (table: string) => new Map((await db.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM ${table}`)).map((r) => [r.name, r.id]));
  return { campaigns: await read('campaigns'), publishers: await read('publishers'), targets: await read('targets'), buyers: await read('buyers') };
}

/** The ids of some names, as a picker's query param. */
export const idsOf = (map: Map<string, string>, names: string[]) => names.map((n) => map.get(n)).filter(Boolean).join(',');

/** A range as the brute-force tests ask for it: the params sent, and the range the server should resolve them to. */
export interface NamedRange {
  label: string;
  params: Record<string, string>;
  resolve: () => ResolvedDateRange;
}

/** A preset, resolved at the moment of asking (the tests run them inside onStableNewYorkDay). */
export const presetRange = (name: Exclude<DatePreset, 'custom'>): NamedRange => ({
  label: name,
  params: { datePreset: name },
  resolve: () => resolvePreset(name, new Date()),
});

/** A custom range of New York wall-clock times. */
export const customRange = (label: string, startDate: string, endDate: string): NamedRange => ({
  label,
  params: { datePreset: 'custom', startDate, endDate },
  resolve: () => resolveCustom(startDate, endDate),
});
