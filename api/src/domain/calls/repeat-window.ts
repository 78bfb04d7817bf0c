import type { Database } from '../../db/database';

/**
 * REPEAT_WINDOW_DAYS: how far back a call from the same caller id to the same
 * campaign makes a call a repeat (migration 0019 decides repeats as calls are stored).
 */
export const DEFAULT_REPEAT_WINDOW_DAYS = 7;
export const MIN_REPEAT_WINDOW_DAYS = 1;
export const MAX_REPEAT_WINDOW_DAYS = 90;

/**
 * Makes `days` the window the stored calls are decided with: when it differs
 * from the one they were decided with, every call is decided again (and the
 * rollups follow through their triggers). ingest_calls() refuses any other
 * window, so every instance sharing a database must be given the same one.
 * Returns how many calls changed, or null when the window was already `days`.
 */
export async function applyRepeatWindow(db: Database, days: number): Promise<number | null> {
  const [stored] = await db.query<{ days: number }>('SELECT days FROM repeat_window');
  if (stored?.days === days) return null;
  const [result] = await db.query<{ changed: number }>('SELECT redecide_repeats($1::int) AS changed', [days]);
  return Number(result?.changed ?? 0);
}
