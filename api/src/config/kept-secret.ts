import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database';

/**
 * Where a value generated on the first start is kept so every later start finds it (the JWT
 * signing secret, the demo admin's password): an owner-only file in DATA_DIR on the embedded
 * engine, a row of app_secrets (migration 0006) on PostgreSQL, where every instance reads the same.
 */

/** The file's value, trimmed; undefined when there is no such file (or it is blank). Any other failure throws. */
export function readKeptFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes `value` readable by this user only, creating the folder when needed. */
export function writeOwnerOnly(file: string, value: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // `mode` applies only when the file is created; a replaced file keeps its old one.
}

export async function readAppSecret(db: Queryable, name: string): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return row?.value;
}

/**
 * Offers `candidate` as the value of `name` and returns the one that is kept: the candidate, or
 * the value another instance (or an earlier start) kept first, so instances starting at the same
 * moment still agree.
 */
export async function keepAppSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, candidate]);
  const kept = await readAppSecret(db, name);
  if (kept === undefined) throw new Error(`${name} vanished from app_secrets while the server started`);
  return kept;
}

/** Where a kept value is, for a person who needs to read it: a file's path, or the name of its app_secrets row. */
export type KeptPlace = { file: string } | { appSecret: string };

/** One kept value, wherever it lives. */
export interface KeptSecret {
  place: KeptPlace;
  /** undefined: nothing kept yet. */
  read(): Promise<string | undefined>;
  /** Keeps `candidate` unless a value is kept already, and returns the kept one. */
  keep(candidate: string): Promise<string>;
}

export function keptInFile(file: string): KeptSecret {
  return {
    place: { file },
    read: async () => readKeptFile(file),
    async keep(candidate) {
      const kept = readKeptFile(file);
      if (kept !== undefined) return kept;
      writeOwnerOnly(file, candidate);
      return candidate;
    },
  };
}

export function keptInAppSecrets(db: Queryable, name: string): KeptSecret {
  return {
    place: { appSecret: name },
    read: () => readAppSecret(db, name),
    keep: (candidate) => keepAppSecret(db, name, candidate),
  };
}
