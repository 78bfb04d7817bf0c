import type { AlertState } from '@callboard/contract/alerts';
import type { AlertSpec } from './alert-spec';

/**
 * The one state machine of a rule (decision 0040), pure: evaluation takes one step a minute from the stored state
 * (alert-evaluation.ts), the preview folds it over 30 days of minutes (alert-preview.ts), so the preview is what
 * evaluation would have done. Times are epoch milliseconds.
 */
export interface RuleState {
  state: AlertState;
  since: number;
  /** A firing that ended keeps the rule from firing again until then (its cooldown); null when none holds. */
  cooldownUntil: number | null;
}

/** A minute's figure, or none (no data: alert-reading.ts says when). */
export type Reading = { judged: true; value: number } | { judged: false };

/** A rule before its first minute: ok, as if nothing had happened. */
export function initialState(at: number): RuleState {
  return { state: 'ok', since: at, cooldownUntil: null };
}

type Guards = Pick<AlertSpec, 'condition' | 'threshold' | 'resetLevel' | 'pendingMinutes' | 'cooldownMinutes'>;

/** The breach: strictly past the threshold for above/below; a change of at least the threshold for up/down. */
export function breaches(guards: Guards, value: number): boolean {
  switch (guards.condition) {
    case 'above':
      return value > guards.threshold;
    case 'below':
      return value < guards.threshold;
    case 'up':
      return value >= guards.threshold;
    case 'down':
      return value <= -guards.threshold;
  }
}

/** Back past the reset level (hysteresis): what ends a firing. With the reset level at the threshold, no longer breaching. */
export function clears(guards: Guards, value: number): boolean {
  switch (guards.condition) {
    case 'above':
      return value <= guards.resetLevel;
    case 'below':
      return value >= guards.resetLevel;
    case 'up':
      return value < guards.resetLevel;
    case 'down':
      return value > -guards.resetLevel;
  }
}

const MINUTE_MS = 60_000;

/**
 * The state after judging minute `t`:
 * - no figure: `no_data` (a firing ends there, and its cooldown starts);
 * - firing: resolved once the figure clears the reset level (its cooldown starts), else still firing;
 * - pending: back to ok when the breach stops, firing once it has held `pendingMinutes`;
 * - ok, resolved, no_data: a breach outside a cooldown starts pending (or fires at once without pending minutes);
 *   otherwise ok, but a resolved rule stays resolved through its cooldown.
 */
export function step(guards: Guards, current: RuleState, reading: Reading, t: number): RuleState {
  const to = (state: AlertState, cooldownUntil = current.cooldownUntil): RuleState =>
    state === current.state && cooldownUntil === current.cooldownUntil ? current : { state, since: state === current.state ? current.since : t, cooldownUntil };
  const cooldownFromNow = t + guards.cooldownMinutes * MINUTE_MS;
  if (!reading.judged) return current.state === 'firing' ? to('no_data', cooldownFromNow) : to('no_data');
  const value = reading.value;
  switch (current.state) {
    case 'firing':
      return clears(guards, value) ? to('resolved', cooldownFromNow) : current;
    case 'pending':
      if (!breaches(guards, value)) return to('ok');
      return t - current.since >= guards.pendingMinutes * MINUTE_MS ? to('firing') : current;
    default: {
      const coolingDown = current.cooldownUntil !== null && t < current.cooldownUntil;
      if (breaches(guards, value) && !coolingDown) return to(guards.pendingMinutes === 0 ? 'firing' : 'pending');
      return to(current.state === 'resolved' && coolingDown ? 'resolved' : 'ok');
    }
  }
}
