import { ALERT_PREVIEW_DAYS, ALERT_PREVIEW_FIRINGS_LISTED, alertReportingLink, isChangeCondition, type AlertFiring, type AlertPreview } from '@callboard/contract/alerts';
import type { Queryable } from '../../db/database';
import { markOf, type WindowCounts } from './alert-metrics';
import { hoursJudgeOf, readWindow } from './alert-reading';
import { MINUTE_MS, WEEK_MS, minuteOf, type AlertSpec } from './alert-spec';
import { initialState, step } from './alert-state-machine';
import { scopeFilter } from './alert-scope';
import { readMinuteCounts } from './window-counts';

/**
 * Running totals of calls and marked calls per minute from `start` (epoch ms, a whole minute), so a window's
 * counts are two subtractions whatever its length.
 */
class MinuteTotals {
  private readonly calls: Float64Array;
  private readonly marked: Float64Array;

  constructor(
    private readonly start: number,
    minutes: number,
    counts: ReadonlyArray<{ minute: number; calls: number; marked: number }>,
  ) {
    this.calls = new Float64Array(minutes + 1);
    this.marked = new Float64Array(minutes + 1);
    const first = start / MINUTE_MS;
    for (const count of counts) {
      const index = count.minute - first;
      if (index < 0 || index >= minutes) continue;
      this.calls[index + 1] = (this.calls[index + 1] as number) + count.calls;
      this.marked[index + 1] = (this.marked[index + 1] as number) + count.marked;
    }
    for (let i = 1; i <= minutes; i += 1) {
      this.calls[i] = (this.calls[i] as number) + (this.calls[i - 1] as number);
      this.marked[i] = (this.marked[i] as number) + (this.marked[i - 1] as number);
    }
  }

  /** The counts of [from, to), both whole minutes inside the span. */
  between(from: number, to: number): WindowCounts {
    const a = (from - this.start) / MINUTE_MS;
    const b = (to - this.start) / MINUTE_MS;
    return { calls: (this.calls[b] as number) - (this.calls[a] as number), marked: (this.marked[b] as number) - (this.marked[a] as number) };
  }
}

/**
 * How a rule would have behaved over the ALERT_PREVIEW_DAYS days before `now` (decision 0040): the counts per
 * minute of its scope are read once (one statement), its window is slid over them a minute at a time, and the
 * state machine evaluation steps once a minute (alert-state-machine.ts) is folded over every minute from a rule
 * that was ok at the start. So the firings listed are the ones evaluation, run every minute over the same calls,
 * would have recorded.
 */
export async function previewAlert(db: Queryable, spec: AlertSpec, now: Date): Promise<AlertPreview> {
  const last = minuteOf(now);
  const start = last - ALERT_PREVIEW_DAYS * 24 * 60 * MINUTE_MS;
  const window = spec.windowMinutes * MINUTE_MS;
  // The first minute judged is start + 1 minute; its window, and for up/down the week before it, is read too.
  const dataFrom = start + MINUTE_MS - window - (isChangeCondition(spec.condition) ? WEEK_MS : 0);
  const counts = await readMinuteCounts(db, scopeFilter(spec.scopeQuery, now), [{ from: new Date(dataFrom), to: new Date(last) }], markOf(spec.metric));
  const totals = new MinuteTotals(dataFrom, (last - dataFrom) / MINUTE_MS, counts);
  const inHours = hoursJudgeOf(spec);

  let state = initialState(start);
  const firings: AlertFiring[] = [];
  let firingCount = 0;
  let noDataMinutes = 0;
  for (let t = start + MINUTE_MS; t <= last; t += MINUTE_MS) {
    const current = totals.between(t - window, t);
    const baseline = isChangeCondition(spec.condition) ? totals.between(t - window - WEEK_MS, t - WEEK_MS) : null;
    const { reading, figures } = readWindow(spec, t, current, baseline, inHours);
    if (!reading.judged) noDataMinutes += 1;
    const next = step(spec, state, reading, t);
    if (next.state !== state.state) {
      if (next.state === 'firing') {
        firingCount += 1;
        firings.push({ firedAt: new Date(t).toISOString(), endedAt: null, figures, link: alertReportingLink(spec.scopeQuery, figures.windowFrom, figures.windowTo) });
        if (firings.length > ALERT_PREVIEW_FIRINGS_LISTED) firings.shift();
      } else if (state.state === 'firing') {
        (firings.at(-1) as AlertFiring).endedAt = new Date(t).toISOString();
      }
    }
    state = next;
  }
  return { from: new Date(start).toISOString(), to: new Date(last).toISOString(), firingCount, firings, minutes: (last - start) / MINUTE_MS, noDataMinutes };
}
