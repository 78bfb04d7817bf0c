/**
 * The date presets of the filters panel. The server resolves them on the New
 * York clock (see new-york-time.ts): a day is a New York day, a week starts on
 * Monday, and the "last N days" presets end with today.
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last_2_days',
  'last_7_days',
  'this_week',
  'last_week',
  'last_30_days',
  'this_month',
  'last_month',
  'last_6_months',
  'this_year',
  'custom',
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_2_days: 'Last 2 Days',
  last_7_days: 'Last 7 Days',
  this_week: 'This Week',
  last_week: 'Last Week',
  last_30_days: 'Last 30 Days',
  this_month: 'This Month',
  last_month: 'Last Month',
  last_6_months: 'Last 6 Months',
  this_year: 'This Year',
  custom: 'Custom Range',
};

export const DEFAULT_DATE_PRESET: DatePreset = 'today';
/** A custom range may span at most this many days (bounds the cost of one question). */
export const CUSTOM_RANGE_MAX_DAYS = 366;

export function isDatePreset(value: string): value is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value);
}
