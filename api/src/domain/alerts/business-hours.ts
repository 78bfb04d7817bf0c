import type { BusinessHours } from '@callboard/contract/alerts';
import { inNewYork } from '@callboard/contract/new-york-time';

/**
 * Whether a window [from, to) lies wholly in one day's business hours on the New York clock (contract/src/alerts.ts
 * BusinessHours): a rule limited to them is judged only then. The day's hours are worked out once a New York day
 * (the preview asks 43,200 minutes in a row), on that day's own clock, so a clock change moves them with it.
 */
export function businessHoursJudge(hours: BusinessHours): (from: number, to: number) => boolean {
  const days = new Set(hours.days);
  const spans = new Map<string, { start: number; end: number } | null>();
  const spanOf = (instant: number) => {
    const local = inNewYork(instant);
    const key = local.toISODate() as string;
    let span = spans.get(key);
    if (span === undefined) {
      const midnight = local.startOf('day');
      span = days.has(local.weekday)
        ? {
            start: midnight.set({ hour: hours.startHour }).toMillis(),
            end: hours.endHour === 24 ? midnight.plus({ days: 1 }).toMillis() : midnight.set({ hour: hours.endHour }).toMillis(),
          }
        : null;
      if (spans.size > 400) spans.clear();
      spans.set(key, span);
    }
    return span;
  };
  return (from, to) => {
    const span = spanOf(from);
    return span !== null && from >= span.start && to <= span.end;
  };
}
