import { apiKeyFingerprint, limitForKey, limitKey, limitOwnerOf } from './limit-owner';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

describe('limitOwnerOf', () => {
  test.each([
    ['/api/healthz', 'none'],
    ['/api/readyz', 'none'],
    ['/', 'none'],
    ['/*', 'none'],
    ['/remotes.json', 'none'],
    ['/remotes/reporting/*', 'none'],
    ['/recordings/:file', 'none'],
    ['/api/ingest/calls', 'ingest-key'],
    ['/api/ingest/qc', 'ingest-key'],
    ['/api/ingest-keys', 'user'],
    ['/api/auth/login', 'address'],
    ['/api/auth/register', 'address'],
    ['/api/auth/registration', 'address'],
    ['/api/auth/refresh', 'address'],
    ['/api/auth/logout', 'address'],
    ['/api/auth/profile', 'user'],
    ['/api/calls/records/:id', 'user'],
    ['/api/stats', 'user'],
    ['/api/docs', 'user'],
  ])('%s → %s', (route, owner) => {
    expect(limitOwnerOf(route)).toBe(owner);
  });
});

describe('limitKey', () => {
  const presented = { address: '203.0.113.5', verifiedUser: 'u-1', apiKey: 'cbk_secret' };

  test('each owner is keyed by what identifies it', () => {
    expect(limitKey('user', presented)).toBe('user:u-1');
    expect(limitKey('ingest-key', presented)).toBe(`key:${apiKeyFingerprint('cbk_secret')}`);
    expect(limitKey('address', presented)).toBe('addr:203.0.113.5');
  });

  test('an accepted partner key on a signed-in route has a counter of its own; a session token comes first', () => {
    expect(limitKey('user', { address: '203.0.113.5', partnerKey: 'cbp_secret' })).toBe(`pkey:${apiKeyFingerprint('cbp_secret')}`);
    expect(limitKey('user', { ...presented, partnerKey: 'cbp_secret' })).toBe('user:u-1');
    // Only signed-in routes read with a partner key: on the others it is no one's budget.
    expect(limitKey('ingest-key', { address: '203.0.113.5', partnerKey: 'cbp_secret' })).toBe('addr:203.0.113.5');
  });

  test('with nothing verified to key by, the address', () => {
    expect(limitKey('user', { address: '203.0.113.5' })).toBe('addr:203.0.113.5');
    expect(limitKey('ingest-key', { address: '203.0.113.5' })).toBe('addr:203.0.113.5');
  });

  test('an API key never appears in its counter key, and two keys differ', () => {
    expect(apiKeyFingerprint('cbk_secret')).not.toContain('secret');
    expect(apiKeyFingerprint('cbk_secret')).not.toBe(apiKeyFingerprint('cbk_secreT'));
  });

  test('each key has its owner\'s budget', () => {
    expect(limitForKey('user:u-1', DEFAULT_RATE_LIMITS)).toBe(600);
    expect(limitForKey('key:abc', DEFAULT_RATE_LIMITS)).toBe(6000);
    expect(limitForKey('pkey:abc', DEFAULT_RATE_LIMITS)).toBe(600);
    expect(limitForKey('addr:203.0.113.5', DEFAULT_RATE_LIMITS)).toBe(1000);
  });
});
