import { PasswordHasher, type ScryptCost } from './password-hasher';

const LOW_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };
const OTHER_COST: ScryptCost = { log2N: 11, r: 4, p: 2 };

/** The longest prefix of `text`, whole characters only, that fits in `bytes` UTF-8 bytes. */
function truncateToBytes(text: string, bytes: number): string {
  let result = '';
  for (const char of text) {
    if (Buffer.byteLength(result + char, 'utf8') > bytes) break;
    result += char;
  }
  return result;
}

describe('PasswordHasher at the default cost', () => {
  test('hashes with OWASP scrypt parameters', async () => {
    const stored = await new PasswordHasher().hash('default cost');
    expect(stored.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(LOW_COST);

  test('writes a PHC-style string with its cost, salt and key', async () => {
    const stored = await hasher.hash('hunter22');
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });

  test('verifies the right password and rejects a wrong one', async () => {
    const stored = await hasher.hash('hunter22');
    await expect(hasher.verify('hunter22', stored)).resolves.toBe(true);
    await expect(hasher.verify('hunter23', stored)).resolves.toBe(false);
    await expect(hasher.verify('', stored)).resolves.toBe(false);
  });

  test.each(['', 'hunter22', '$2b$10$abcdefghijklmnopqrstuv', '$scrypt$ln=10,r=8,p=1$', '$scrypt$ln=x,r=8,p=1$c2FsdA$a2V5'])(
    'returns false for the malformed stored string %j',
    async (stored) => {
      await expect(hasher.verify('hunter22', stored)).resolves.toBe(false);
    },
  );

  test('returns false when the stored key or parameters were altered', async () => {
    const stored = await hasher.hash('hunter22');
    await expect(hasher.verify('hunter22', stored.slice(0, -4))).resolves.toBe(false);
    await expect(hasher.verify('hunter22', stored.replace('ln=10', 'ln=11'))).resolves.toBe(false);
  });

  test('two hashes of the same password differ (random salt) and both verify', async () => {
    const first = await hasher.hash('same password');
    const second = await hasher.hash('same password');
    expect(first).not.toBe(second);
    await expect(hasher.verify('same password', first)).resolves.toBe(true);
    await expect(hasher.verify('same password', second)).resolves.toBe(true);
  });

  test('verifies a hash made at another cost, reading the parameters from the string', async () => {
    const stored = await new PasswordHasher(OTHER_COST).hash('moved on');
    expect(stored.startsWith('$scrypt$ln=11,r=4,p=2$')).toBe(true);
    await expect(hasher.verify('moved on', stored)).resolves.toBe(true);
    await expect(hasher.verify('moved off', stored)).resolves.toBe(false);
  });

  test('uses the whole of a long passphrase: no truncation to 72 bytes', async () => {
    const twoHundred = Array.from('correct horse 🐴 battery 🔋 staple 📎 '.repeat(10)).slice(0, 200).join('');
    expect(Array.from(twoHundred)).toHaveLength(200);

    const truncated = truncateToBytes(twoHundred, 72);
    expect(Buffer.byteLength(truncated, 'utf8')).toBeLessThanOrEqual(72);
    expect(twoHundred.startsWith(truncated)).toBe(true);

    const stored = await hasher.hash(twoHundred);
    await expect(hasher.verify(twoHundred, stored)).resolves.toBe(true);
    await expect(hasher.verify(truncated, stored)).resolves.toBe(false);
  });

  test('treats the composed and decomposed forms of an accented password alike (NFC)', async () => {
    const composed = 'caf\u00e9-pass';
    const decomposed = 'cafe\u0301-pass';
    const stored = await hasher.hash(composed);
    await expect(hasher.verify(decomposed, stored)).resolves.toBe(true);
  });

  test('verifyNothing resolves false, whatever the password', async () => {
    await expect(hasher.verifyNothing('hunter22')).resolves.toBe(false);
    await expect(hasher.verifyNothing('callboard-timing-equaliser')).resolves.toBe(false);
  });
});
