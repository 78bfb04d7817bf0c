import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@callboard/contract';
import { newDemoPassword, unknowablePassword } from './demo-password';

describe('newDemoPassword', () => {
  test('four groups of four unambiguous characters, within the password limits', () => {
    const password = newDemoPassword();
    expect(password).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    expect(password.length).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
  });

  test('a different one each time, using the whole alphabet', () => {
    const passwords = Array.from({ length: 200 }, newDemoPassword);
    expect(new Set(passwords).size).toBe(200);
    const used = new Set(passwords.join('').replace(/-/g, ''));
    expect(used.size).toBe(32);
  });
});

test('unknowablePassword is long, random and never the same', () => {
  const a = unknowablePassword();
  expect(a.length).toBeGreaterThanOrEqual(32);
  expect(unknowablePassword()).not.toBe(a);
});
