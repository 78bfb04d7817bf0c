import { PARTNER_KEY_PREFIX } from '@callboard/contract/partner-keys';
import { newPartnerKey, partnerKeyMayRead, presentedPartnerKey } from './partner-keys';

describe('presentedPartnerKey', () => {
  const key = newPartnerKey();

  test('a new key has the prefix and 32 random bytes, and no two are alike', () => {
    expect(key).toMatch(new RegExp(`^${PARTNER_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(newPartnerKey()).not.toBe(key);
  });

  test('read from X-Api-Key or a bearer header, either way', () => {
    expect(presentedPartnerKey({ 'x-api-key': key })).toBe(key);
    expect(presentedPartnerKey({ authorization: `Bearer ${key}` })).toBe(key);
    expect(presentedPartnerKey({ authorization: `bearer  ${key} ` })).toBe(key);
    expect(presentedPartnerKey({ 'x-api-key': [key, 'other'] })).toBe(key);
  });

  test('anything else is not a partner key: a session token, an ingest key, another scheme, an overlong value', () => {
    expect(presentedPartnerKey({})).toBeUndefined();
    expect(presentedPartnerKey({ authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' })).toBeUndefined();
    expect(presentedPartnerKey({ 'x-api-key': 'cbk_ingest' })).toBeUndefined();
    expect(presentedPartnerKey({ authorization: `Basic ${key}` })).toBeUndefined();
    expect(presentedPartnerKey({ authorization: `Bearer ${key} extra` })).toBeUndefined();
    expect(presentedPartnerKey({ 'x-api-key': `${PARTNER_KEY_PREFIX}${'a'.repeat(300)}` })).toBeUndefined();
  });
});

describe('partnerKeyMayRead', () => {
  test.each([
    ['GET', '/api/stats', true],
    ['GET', '/api/calls/records', true],
    ['GET', '/api/calls/export', true],
    ['HEAD', '/api/stats', false],
    ['POST', '/api/calls/records', false],
    ['GET', '/api/stats/series', false],
    ['GET', '/api/calls/records/:id', false],
    ['GET', '/api/partner-keys', false],
    ['GET', undefined, false],
  ] as const)('%s %s → %s', (method, url, allowed) => {
    expect(partnerKeyMayRead(method, url)).toBe(allowed);
  });
});
