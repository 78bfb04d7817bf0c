import { firstAccountNeedsSetupToken, registrationPolicy } from './registration-policy';

describe('registrationPolicy', () => {
  test('unset (auto): open on the embedded database on loopback, only the first account on PostgreSQL', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(registrationPolicy(undefined, 'pglite', host)).toBe('open');
    expect(registrationPolicy(undefined, 'postgres', '127.0.0.1')).toBe('first-account');
    expect(registrationPolicy(undefined, 'postgres', '0.0.0.0')).toBe('first-account');
  });

  test('unset (auto): closed on the embedded database once HOST lets the network in', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'callboard.example.com']) expect(registrationPolicy(undefined, 'pglite', host)).toBe('closed');
  });

  test.each(['pglite', 'postgres'] as const)('ALLOW_SIGNUP=true opens it and false closes it on %s, whatever HOST', (engine) => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      expect(registrationPolicy(true, engine, host)).toBe('open');
      expect(registrationPolicy(false, engine, host)).toBe('closed');
    }
  });
});

describe('firstAccountNeedsSetupToken', () => {
  test('on PostgreSQL and on any HOST the network reaches; not for the embedded database on loopback', () => {
    expect(firstAccountNeedsSetupToken('postgres', '127.0.0.1')).toBe(true);
    expect(firstAccountNeedsSetupToken('pglite', '0.0.0.0')).toBe(true);
    expect(firstAccountNeedsSetupToken('pglite', 'localhost')).toBe(false);
  });
});
