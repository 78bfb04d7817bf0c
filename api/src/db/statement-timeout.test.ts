import { cancelledStatement, isStatementCancelled, withStatement } from './statement-timeout';

/** An error like pg throws when statement_timeout fires. */
const cancelled = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });

describe('isStatementCancelled', () => {
  test('SQLSTATE 57014, also as the cause of another error', () => {
    expect(isStatementCancelled(cancelled())).toBe(true);
    expect(isStatementCancelled(new Error('wrapped', { cause: cancelled() }))).toBe(true);
  });

  test('other failures are not cancellations', () => {
    for (const code of ['57P01', '23505', '42P01', 'ECONNRESET']) {
      expect(isStatementCancelled(Object.assign(new Error('x'), { code }))).toBe(false);
    }
    expect(isStatementCancelled(undefined)).toBe(false);
    expect(isStatementCancelled('57014')).toBe(false);
  });
});

describe('withStatement / cancelledStatement', () => {
  test('a cancelled statement keeps its SQL for the log, whitespace folded', () => {
    const error = withStatement(cancelled(), 'SELECT c.id\n   FROM calls c\n  ORDER BY c.duration_sec');
    expect(cancelledStatement(error)).toBe('SELECT c.id FROM calls c ORDER BY c.duration_sec');
  });

  test('a long statement is cut to an excerpt', () => {
    const excerpt = cancelledStatement(withStatement(cancelled(), `SELECT ${'x, '.repeat(500)}1`));
    expect(excerpt?.length).toBe(401);
    expect(excerpt?.endsWith('…')).toBe(true);
  });

  test('any other error is passed on untouched', () => {
    const other = Object.assign(new Error('duplicate'), { code: '23505' });
    expect(withStatement(other, 'INSERT …')).toBe(other);
    expect(cancelledStatement(other)).toBeUndefined();
  });
});
