import { isChangeCondition, type AlertFigures } from '@callboard/contract/alerts';
import { figureOf, type WindowCounts } from './alert-metrics';
import { MINUTE_MS, type AlertSpec } from './alert-spec';
import type { Reading } from './alert-state-machine';
import { businessHoursJudge } from './business-hours';

/** Whether a window is in the rule's business hours (business-hours.ts), or always true without them. */
export type HoursJudge = (from: number, to: number) => boolean;

const always: HoursJudge = () => true;

/** The business hours judge of a spec (none: every window is in them). */
export function hoursJudgeOf(spec: AlertSpec): HoursJudge {
  return spec.businessHours ? businessHoursJudge(spec.businessHours) : always;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A rule's figure at minute `t` from its window's counts ([t − window, t)) and, for up/down, the same window a week
 * earlier, with the figures a transition records. What "no data" is, per metric (decision 0040):
 * - any rule limited to business hours: the window does not lie wholly in one day's business hours;
 * - a share: the window holds fewer than the rule's minimum calls (at least 1: a share of nothing is no figure);
 * - volume above/below: never otherwise (0 calls is the figure a "no calls" rule watches for);
 * - up/down (a share or volume): the week-earlier window holds fewer than the minimum calls, or its figure is 0
 *   (a change from nothing has no percent), besides the window's own minimum.
 */
export function readWindow(spec: AlertSpec, t: number, current: WindowCounts, baseline: WindowCounts | null, inHours: HoursJudge): { reading: Reading; figures: AlertFigures } {
  const from = t - spec.windowMinutes * MINUTE_MS;
  const value = spec.metric === 'volume' || current.calls > 0 ? figureOf(spec.metric, current) : null;
  const figures: AlertFigures = { windowFrom: new Date(from).toISOString(), windowTo: new Date(t).toISOString(), calls: current.calls, value };
  const noData = (reason: string) => ({ reading: { judged: false } as const, figures: { ...figures, noData: reason } });
  if (!inHours(from, t)) return noData('outside the rule’s business hours');
  if (current.calls < spec.minCalls) return noData(`fewer than ${spec.minCalls} calls in the window`);
  if (value === null) return noData('no calls in the window');
  if (!isChangeCondition(spec.condition)) return { reading: { judged: true, value }, figures };
  const base = baseline ?? { calls: 0, marked: 0 };
  const baseValue = base.calls > 0 ? figureOf(spec.metric, base) : null;
  const compared = { ...figures, baselineCalls: base.calls, baselineValue: baseValue };
  if (base.calls < Math.max(spec.minCalls, 1)) return { reading: { judged: false }, figures: { ...compared, change: null, noData: `fewer than ${Math.max(spec.minCalls, 1)} calls in the same window a week earlier` } };
  if (baseValue === 0 || baseValue === null) return { reading: { judged: false }, figures: { ...compared, change: null, noData: 'the figure a week earlier was 0: there is no change to take' } };
  const change = round2(((value - baseValue) / baseValue) * 100);
  return { reading: { judged: true, value: change }, figures: { ...compared, change } };
}
