import { isDatabaseUnavailable, isUniqueViolation } from './unavailable';

/** An error like the drivers throw: a message plus a `code` (errno name or SQLSTATE). */
function dbError(code: string, message = 'database error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  test.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND'])('network code %s', (code) => {
    expect(isDatabaseUnavailable(dbError(code))).toBe(true);
  });

  test.each([
    ['08006', 'connection failure'],
    ['08001', 'cannot establish connection'],
    ['57P01', 'admin shutdown'],
    ['57P03', 'cannot connect now'],
    ['53300', 'too many connections'],
  ])('SQLSTATE %s (%s)', (code) => {
    expect(isDatabaseUnavailable(dbError(code))).toBe(true);
  });

  test.each(['Connection terminated unexpectedly', 'timeout exceeded when trying to connect', 'PGlite is closed'])(
    'message %j',
    (message) => {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    },
  );

  test('looks through nested causes', () => {
    const inner = dbError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const middle = new Error('query failed', { cause: inner });
    const outer = new Error('could not load user', { cause: middle });
    expect(isDatabaseUnavailable(outer)).toBe(true);
  });

  test.each([
    ['unique violation 23505', dbError('23505', 'duplicate key value violates unique constraint')],
    ['undefined table 42P01', dbError('42P01', 'relation "users" does not exist')],
    ['a plain Error', new Error('something else broke')],
    ['a cause that is an ordinary failure', new Error('wrapped', { cause: dbError('22P02') })],
  ])('false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test.each([null, undefined, 'ECONNREFUSED', 42])('false for the non-object %j', (value) => {
    expect(isDatabaseUnavailable(value)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  const duplicateEmail = Object.assign(dbError('23505', 'duplicate key value violates unique constraint'), {
    constraint: 'users_email_key',
  });

  test('true for SQLSTATE 23505 when no constraint is asked for', () => {
    expect(isUniqueViolation(duplicateEmail)).toBe(true);
    expect(isUniqueViolation(dbError('23505'))).toBe(true);
  });

  test('with a constraint name, true only for that constraint', () => {
    expect(isUniqueViolation(duplicateEmail, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(duplicateEmail, 'sessions_pkey')).toBe(false);
    expect(isUniqueViolation(dbError('23505'), 'users_email_key')).toBe(false);
  });

  test('false for other errors and non-objects', () => {
    expect(isUniqueViolation(dbError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
