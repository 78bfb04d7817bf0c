/**
 * Time: the run's hours as slots weighted by New York business hours, with
 * quieter weekends and holidays, so calls peak when real ones do.
 */
import { inNewYork } from '@callboard/contract/new-york-time';
import type { DateTime } from 'luxon';
import { fmix32 } from './prng';

/** Relative call volume by New York hour, on a weekday. */
const WEEKDAY_HOURS = [0.15, 0.1, 0.08, 0.07, 0.08, 0.15, 0.35, 0.8, 1.8, 3.4, 4.2, 4.5, 4.2, 4.3, 4.4, 4.2, 3.9, 3.4, 2.8, 2.2, 1.4, 0.9, 0.55, 0.3];
const WEEKEND_HOURS = WEEKDAY_HOURS.map((w, hour) => (hour >= 9 && hour < 19 ? w * 0.5 : w * 0.9));
const SATURDAY = 0.5;
const SUNDAY = 0.3;

export interface Timeline {
  start: number;
  cumulative: Float64Array;
  offHours: Uint8Array;
}

function isHoliday(day: DateTime): boolean {
  const md = day.month * 100 + day.day;
  if (md === 101 || md === 704 || md === 1225) return true;
  return day.month === 11 && day.weekday === 4 && day.day >= 22 && day.day <= 28; // Thanksgiving
}

export function buildTimeline(seed: number, days: number, end: number): Timeline {
  const slots = days * 24;
  const start = end - slots * 3_600_000;
  const cumulative = new Float64Array(slots);
  const offHours = new Uint8Array(slots);
  const dayFactor = new Map<number, number>();
  let sum = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    const at = inNewYork(start + slot * 3_600_000 + 1_800_000);
    const weekend = at.weekday >= 6;
    const dayKey = at.year * 10_000 + at.month * 100 + at.day;
    let factor = dayFactor.get(dayKey);
    if (factor === undefined) {
      // Busy and quiet days, holidays, and a business that grows a little over the period.
      const noise = 0.8 + 0.4 * (fmix32(seed ^ fmix32(dayKey)) / 4294967296);
      factor = noise * (isHoliday(at) ? 0.35 : 1) * (weekend ? (at.weekday === 6 ? SATURDAY : SUNDAY) : 1);
      dayFactor.set(dayKey, factor);
    }
    const growth = 0.9 + 0.2 * (slot / slots);
    sum += ((weekend ? WEEKEND_HOURS : WEEKDAY_HOURS)[at.hour] as number) * factor * growth;
    cumulative[slot] = sum;
    offHours[slot] = weekend || at.hour < 9 || at.hour >= 19 ? 1 : 0;
  }
  return { start, cumulative, offHours };
}
