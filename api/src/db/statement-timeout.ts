/**
 * A statement the database cancelled (SQLSTATE 57014, query_canceled): on PostgreSQL the pool's
 * statement_timeout fired, or an operator cancelled the backend. It is not a bug in the request
 * and not an outage: the same question over less data would have answered.
 *
 * PGlite accepts `SET statement_timeout` but never cancels anything (it has no timer signal in
 * WebAssembly: a one-second pg_sleep under a 100 ms limit runs its full second), so only the
 * PostgreSQL engine raises this.
 */
const QUERY_CANCELED = '57014';

/** The longest excerpt of a cancelled statement kept for the log: enough to tell which query it was. */
const STATEMENT_EXCERPT_CHARS = 400;

/** Where the statement text is kept on a cancelled statement's error, for the log. */
const STATEMENT = Symbol('statement');

interface WithStatement {
  [STATEMENT]?: string;
}

export function isStatementCancelled(error: unknown, seen: Set<unknown> = new Set()): boolean {
  if (!error || typeof error !== 'object' || seen.has(error)) return false;
  seen.add(error);
  if ((error as { code?: unknown }).code === QUERY_CANCELED) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && isStatementCancelled(cause, seen);
}

/**
 * Rethrown by the engine with the statement it ran: the driver's error names neither the query
 * nor its caller, and the log has to say which query ran too long.
 */
export function withStatement(error: unknown, sql: string): unknown {
  if (isStatementCancelled(error) && typeof error === 'object' && error !== null) {
    (error as WithStatement)[STATEMENT] = sql;
  }
  return error;
}

/** The cancelled statement, whitespace folded and cut to a readable length; undefined when unknown. */
export function cancelledStatement(error: unknown): string | undefined {
  const sql = error && typeof error === 'object' ? (error as WithStatement)[STATEMENT] : undefined;
  if (sql === undefined) return undefined;
  const folded = sql.replace(/\s+/g, ' ').trim();
  return folded.length > STATEMENT_EXCERPT_CHARS ? `${folded.slice(0, STATEMENT_EXCERPT_CHARS)}…` : folded;
}
