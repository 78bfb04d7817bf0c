import { createHash } from 'node:crypto';
import { HttpError } from '../../http/http-error';

/** A digest of a JSON value that ignores the order of object keys. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An Idempotency-Key header: 1 to 255 visible ASCII characters (the IETF draft suggests a UUID). */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 visible characters', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible characters' },
    ]);
  }
  return value;
}
