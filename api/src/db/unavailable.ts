/**
 * Tells "the database cannot be reached" apart from every other failure, so
 * an outage answers 503 (retry later) and never 401 (signed out) or 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception), 57P01-03 (shutdown / cannot connect now), 53300 (too many connections).
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const MESSAGE_UNAVAILABLE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database ping timed out|Cannot use a pool after calling end|PGlite is clos(ed|ing)/i;

export function isDatabaseUnavailable(error: unknown, seen: Set<unknown> = new Set()): boolean {
  if (!error || typeof error !== 'object' || seen.has(error)) return false;
  seen.add(error);
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && MESSAGE_UNAVAILABLE.test(message)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && isDatabaseUnavailable(cause, seen);
}

/** SQLSTATE 23505: a unique constraint said no. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
