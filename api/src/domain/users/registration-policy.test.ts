import { registrationPolicy } from './registration-policy';

describe('registrationPolicy', () => {
  test('unset (auto): open on the embedded database, only the first account on PostgreSQL', () => {
    expect(registrationPolicy(undefined, 'pglite')).toBe('open');
    expect(registrationPolicy(undefined, 'postgres')).toBe('first-account');
  });

  test.each(['pglite', 'postgres'] as const)('ALLOW_SIGNUP=true opens it and false closes it on %s', (engine) => {
    expect(registrationPolicy(true, engine)).toBe('open');
    expect(registrationPolicy(false, engine)).toBe('closed');
  });
});
