import type { AlertState } from '@callboard/contract/alerts';
import { breaches, clears, initialState, step, type Reading, type RuleState } from './alert-state-machine';

const MINUTE = 60_000;
const above = { condition: 'above', threshold: 40, resetLevel: 30, pendingMinutes: 2, cooldownMinutes: 10 } as const;

/** Folds the machine over one reading a minute from minute 1; the state after each minute. */
function run(guards: Parameters<typeof step>[0], readings: Array<number | null>, start: RuleState = initialState(0)): AlertState[] {
  let state = start;
  return readings.map((value, i) => {
    const reading: Reading = value === null ? { judged: false } : { judged: true, value };
    state = step(guards, state, reading, (i + 1) * MINUTE);
    return state.state;
  });
}

test('a breach must hold for the pending minutes before the rule fires, and a lapse sends it back to ok', () => {
  expect(run(above, [41, 41, 41, 41])).toEqual(['pending', 'pending', 'firing', 'firing']);
  expect(run(above, [41, 39, 41, 41, 41])).toEqual(['pending', 'ok', 'pending', 'pending', 'firing']);
  // Without pending minutes it fires on the first breach.
  expect(run({ ...above, pendingMinutes: 0 }, [20, 41])).toEqual(['ok', 'firing']);
  // At the threshold is not above it.
  expect(run({ ...above, pendingMinutes: 0 }, [40])).toEqual(['ok']);
});

test('a firing resolves only past the reset level (hysteresis)', () => {
  const guards = { ...above, pendingMinutes: 0 };
  expect(run(guards, [45, 39, 35, 31, 30])).toEqual(['firing', 'firing', 'firing', 'firing', 'resolved']);
  // With the reset level at the threshold, no longer breaching is enough.
  expect(run({ ...guards, resetLevel: 40 }, [45, 40])).toEqual(['firing', 'resolved']);
});

test('a resolved rule does not fire again within its cooldown, and turns ok or breaching once it is over', () => {
  const guards = { ...above, pendingMinutes: 0 };
  // Fires at minute 1, resolves at 2 (cooldown until 12): breaches at 3-11 are ignored, the one at 12 fires.
  const states = run(guards, [45, 20, ...Array(9).fill(45), 45]);
  expect(states.slice(0, 2)).toEqual(['firing', 'resolved']);
  expect(states.slice(2, 11)).toEqual(Array(9).fill('resolved'));
  expect(states[11]).toBe('firing');
  // Quiet after the cooldown: back to ok.
  expect(run(guards, [45, 20, ...Array(10).fill(20)]).slice(-2)).toEqual(['resolved', 'ok']);
});

test('no data is a state of its own: a firing ends there (its cooldown starting), and the rule is judged again when data returns', () => {
  const guards = { ...above, pendingMinutes: 0, cooldownMinutes: 3 };
  expect(run(guards, [null, null, 20])).toEqual(['no_data', 'no_data', 'ok']);
  expect(run(guards, [45, null, 45, 45, 45])).toEqual(['firing', 'no_data', 'ok', 'ok', 'firing']);
  // Pending is dropped by a minute without data.
  expect(run(above, [41, null, 41])).toEqual(['pending', 'no_data', 'pending']);
});

test('the time in a state starts at the minute it was entered', () => {
  let state = initialState(0);
  state = step(above, state, { judged: true, value: 50 }, MINUTE);
  expect(state).toEqual({ state: 'pending', since: MINUTE, cooldownUntil: null });
  const same = step(above, state, { judged: true, value: 50 }, 2 * MINUTE);
  expect(same).toBe(state);
});

test('up and down compare a change in percent, resolving below the reset change', () => {
  const up = { condition: 'up', threshold: 50, resetLevel: 20, pendingMinutes: 0, cooldownMinutes: 0 } as const;
  expect([breaches(up, 50), breaches(up, 49.99), clears(up, 19.99), clears(up, 20)]).toEqual([true, false, true, false]);
  expect(run(up, [60, 30, 10])).toEqual(['firing', 'firing', 'resolved']);
  const down = { condition: 'down', threshold: 50, resetLevel: 20, pendingMinutes: 0, cooldownMinutes: 0 } as const;
  expect([breaches(down, -50), breaches(down, -49), clears(down, -19), clears(down, -20)]).toEqual([true, false, true, false]);
  expect(run(down, [-60, -30, -10, -70])).toEqual(['firing', 'firing', 'resolved', 'firing']);
  const below = { condition: 'below', threshold: 1, resetLevel: 5, pendingMinutes: 0, cooldownMinutes: 0 } as const;
  expect(run(below, [0, 3, 5])).toEqual(['firing', 'firing', 'resolved']);
});
