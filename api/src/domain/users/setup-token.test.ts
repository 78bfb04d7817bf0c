import { setupTokenFor, setupTokenMatches } from './setup-token';

describe('the first account’s setup token', () => {
  const secret = 'a'.repeat(32);

  test('is the same for the same secret (every instance on one database prints one token), another for another', () => {
    expect(setupTokenFor(secret)).toMatch(/^[0-9a-f]{32}$/);
    expect(setupTokenFor(secret)).toBe(setupTokenFor(secret));
    expect(setupTokenFor('b'.repeat(32))).not.toBe(setupTokenFor(secret));
  });

  test('matches only itself, copied with spaces around or not', () => {
    const token = setupTokenFor(secret);
    expect(setupTokenMatches(token, token)).toBe(true);
    expect(setupTokenMatches(token, ` ${token}\n`)).toBe(true);
    for (const wrong of [undefined, null, 42, '', token.slice(1), `${token}0`, token.toUpperCase()]) expect(setupTokenMatches(token, wrong)).toBe(false);
  });
});
