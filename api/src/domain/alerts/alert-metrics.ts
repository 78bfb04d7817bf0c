import { DISPOSITIONS, REJECTED_UNKNOWN, isDisposition } from '@callboard/contract';
import { isShareMetric, type AlertMetric } from '@callboard/contract/alerts';
import type { CallMark } from '../calls/rollups/raw-calls';
import { percentOf } from '../calls/stats';

/**
 * The calls a share counts (contract/src/alerts.ts says what each metric is), as the raw-calls module's
 * per-minute counts take it; volume counts no calls apart.
 */
export function markOf(metric: AlertMetric): CallMark | null {
  if (!isShareMetric(metric)) return null;
  if ((DISPOSITIONS as readonly string[]).includes(metric)) return { statuses: [metric] };
  switch (metric) {
    case 'rejectedUnknown':
      return { statuses: [REJECTED_UNKNOWN] };
    case 'redNoConnect':
      return { notConnected: true };
    case 'repeat':
      return { repeat: true };
    default:
      return { disputed: true };
  }
}

/** What a call holds that a mark is decided on (call-facts.ts reads it). */
export interface MarkedFields {
  status: string;
  connected: boolean;
  repeat: boolean;
  disputeState: string;
}

/** The same mark decided in memory, as raw-calls.ts's SQL decides it on the calls. */
export function isMarked(mark: CallMark, call: MarkedFields): boolean {
  if ('statuses' in mark) return mark.statuses.some((status) => (status === REJECTED_UNKNOWN ? !isDisposition(call.status) : call.status === status));
  if ('notConnected' in mark) return !call.connected;
  if ('repeat' in mark) return call.repeat;
  return call.disputeState !== 'none';
}

/** A window's calls and the marked ones among them. */
export interface WindowCounts {
  calls: number;
  marked: number;
}

/** The figure of a window: the share in percent, two decimals, as the cards show it (stats.ts); volume: the calls. */
export function figureOf(metric: AlertMetric, counts: WindowCounts): number {
  return isShareMetric(metric) ? percentOf(counts.marked, counts.calls) : counts.calls;
}
