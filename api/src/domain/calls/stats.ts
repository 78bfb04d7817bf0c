import { DISPOSITIONS, isDisposition, type StatsData, type StatsFigures } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import type { CallFilter } from './call-filter';
import { totalsForRanges, type StatusTotals } from './call-totals';

/** Shares (percent of all calls) at or above which a card raises its warning flag; the server's configuration sets them. */
export interface FlagThresholds {
  voicemailPct: number;
  targetHangupPct: number;
  rejectedUnknownPct: number;
  redNoConnectPct: number;
}

export const DEFAULT_FLAG_THRESHOLDS: FlagThresholds = {
  voicemailPct: 20,
  targetHangupPct: 10,
  rejectedUnknownPct: 5,
  redNoConnectPct: 5,
};

/** Percent of `total`, to two decimals; 0 of nothing is 0. */
export function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 10_000) / 100;
}

/**
 * The stats cards' figures: each of the 14 dispositions with its
 * share of the total; Rejected / Unknown = calls whose status is empty or not
 * one of the 14; Red No Connects = calls that never reached a target.
 */
export function statsFromTotals(totals: StatusTotals[], thresholds: FlagThresholds): StatsFigures {
  return statsFromCounts(totals, totals.reduce((sum, t) => sum + t.notConnected, 0), thresholds);
}

/** The same from the calls per status and the not-connected calls of them all. */
export function statsFromCounts(totals: ReadonlyArray<{ status: string; calls: number }>, redNoConnectCount: number, thresholds: FlagThresholds): StatsFigures {
  const totalCalls = totals.reduce((sum, t) => sum + t.calls, 0);
  const counts = new Map(totals.map((t) => [t.status, t.calls]));
  const dispositions = DISPOSITIONS.map((disposition) => {
    const count = counts.get(disposition) ?? 0;
    return { disposition, count, percentage: percentOf(count, totalCalls) };
  });
  const known = totals.filter((t) => isDisposition(t.status)).reduce((sum, t) => sum + t.calls, 0);
  const rejectedUnknownCount = totalCalls - known;
  const share = (disposition: string) => percentOf(counts.get(disposition) ?? 0, totalCalls);
  const rejectedUnknownPct = percentOf(rejectedUnknownCount, totalCalls);
  const redNoConnectPct = percentOf(redNoConnectCount, totalCalls);
  return {
    totalCalls,
    dispositions,
    flags: {
      rejectedUnknownCount,
      rejectedUnknownPct,
      redNoConnectCount,
      redNoConnectPct,
      flagVoicemail: totalCalls > 0 && share('Voicemail') >= thresholds.voicemailPct,
      flagTargetHU: totalCalls > 0 && share('Hungup') >= thresholds.targetHangupPct,
      flagRejectedUnknown: totalCalls > 0 && rejectedUnknownPct >= thresholds.rejectedUnknownPct,
      flagRedNoConnect: totalCalls > 0 && redNoConnectPct >= thresholds.redNoConnectPct,
    },
  };
}

/**
 * The stats cards for a filter: its range's figures and, beside them, those of the period it is compared with
 * (filter.range.previous), in one statement. GET /api/stats answers with this, and a scheduled report's email
 * shows it (domain/reports/report-content.ts), so the two cannot disagree.
 */
export async function statsFor(db: Queryable, filter: CallFilter, thresholds: FlagThresholds): Promise<StatsData> {
  const [current = [], previous = []] = await totalsForRanges(db, filter, [filter.range, filter.range.previous], 'counts');
  return {
    ...statsFromTotals(current, thresholds),
    range: { preset: filter.range.preset, from: filter.range.from.toISOString(), to: filter.range.to.toISOString() },
    previous: {
      ...statsFromTotals(previous, thresholds),
      range: { from: filter.range.previous.from.toISOString(), to: filter.range.previous.to.toISOString() },
    },
  };
}
