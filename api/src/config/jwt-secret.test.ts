import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveJwtSecret } from './jwt-secret';

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'callboard-jwt-secret-'));
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('resolveJwtSecret', () => {
  test('returns the configured secret and writes nothing', () => {
    const configured = 'c'.repeat(40);
    expect(resolveJwtSecret(configured, tmp)).toBe(configured);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  test('generates a secret and keeps it owner-only in <dataDir>/jwt-secret', () => {
    const secret = resolveJwtSecret(undefined, tmp);
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const file = path.join(tmp, 'jwt-secret');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  test('returns the same secret on a second call', () => {
    const first = resolveJwtSecret(undefined, tmp);
    expect(resolveJwtSecret(undefined, tmp)).toBe(first);
  });

  test('different data folders get different secrets', () => {
    const other = path.join(tmp, 'other');
    expect(resolveJwtSecret(undefined, tmp)).not.toBe(resolveJwtSecret(undefined, other));
  });

  test('creates a data folder that does not exist yet', () => {
    const dataDir = path.join(tmp, 'nested', 'data');
    const secret = resolveJwtSecret(undefined, dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
  });

  test('replaces a stored secret that is too short', () => {
    const file = path.join(tmp, 'jwt-secret');
    fs.writeFileSync(file, 'short\n', { mode: 0o600 });
    const secret = resolveJwtSecret(undefined, tmp);
    expect(secret).not.toBe('short');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
  });

  test('an empty configured secret counts as unset', () => {
    const secret = resolveJwtSecret('', tmp);
    expect(fs.readFileSync(path.join(tmp, 'jwt-secret'), 'utf8').trim()).toBe(secret);
  });

  test('an unreadable secret file is an error, not a reason to regenerate', () => {
    const notAFolder = path.join(tmp, 'file');
    fs.writeFileSync(notAFolder, '');
    expect(() => resolveJwtSecret(undefined, notAFolder)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });
});
