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
/** The clock the business reads its days on; new-york-time.ts reads and writes times on it. */
export const DISPLAY_TIME_ZONE = 'America/New_York';
/** A custom range may span at most this many days (bounds the cost of one question). */
export const CUSTOM_RANGE_MAX_DAYS = 366;

export function isDatePreset(value: string): value is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value);
}

/**
 * The presets whose period is still running: they end tonight at midnight.
 * Each is compared with the period before it only up to the same moment (today
 * until 07:30 against yesterday until 07:30); the others (yesterday, last week,
 * last month) with the whole period before. The API computes it so and the
 * cards' tooltips word it so (docs/decisions/0032-compare-like-with-like.md).
 */
export const PRESETS_IN_PROGRESS = ['today', 'last_2_days', 'last_7_days', 'this_week', 'last_30_days', 'this_month', 'last_6_months', 'this_year'] as const satisfies readonly DatePreset[];

export function isPresetInProgress(preset: DatePreset): boolean {
  return (PRESETS_IN_PROGRESS as readonly DatePreset[]).includes(preset);
}
