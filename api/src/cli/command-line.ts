/**
 * What the commands (`npm run seed`, `npm run serve -w remote-<name>`) share in reading their
 * arguments: a wrong one is a UsageError naming it, which the command prints above its usage and
 * exits 2 for.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

/** node:util's parseArgs, strict and without positionals; an unknown or malformed option is a UsageError. */
export function readOptions(argv: string[], options: NonNullable<ParseArgsConfig['options']>): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `raw` as a whole number from `min` to `max`, `fallback` when absent. */
export function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} (got "${raw}")`);
  }
  return value;
}
