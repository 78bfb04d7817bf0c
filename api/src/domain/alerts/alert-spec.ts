import type { AlertCondition, AlertMetric, BusinessHours } from '@callboard/contract/alerts';

/**
 * What judging a rule needs, as evaluation and the preview read it (alerts-repository.ts builds it from a row,
 * alert-preview.ts from an unsaved body): the same shape for both, so both judge a minute alike.
 */
export interface AlertSpec {
  metric: AlertMetric;
  /** The calls the rule watches, as a calls query string without dates (alert-scope.ts). */
  scopeQuery: string;
  windowMinutes: number;
  condition: AlertCondition;
  threshold: number;
  resetLevel: number;
  minCalls: number;
  pendingMinutes: number;
  cooldownMinutes: number;
  businessHours: BusinessHours | null;
}

export const MINUTE_MS = 60_000;
/** An up/down rule compares with the same window this long before. */
export const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

/** The minute an instant falls in, as its start: a rule is judged at whole minutes. */
export function minuteOf(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
