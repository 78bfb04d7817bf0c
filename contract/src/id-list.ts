/**
 * Database ids as the API takes them in a query string or a form: positive
 * whole numbers written in plain digits, at most nine of them (so every id
 * fits a PostgreSQL integer), and lists of them comma-joined.
 */
import type { FieldError } from './api-envelope';

const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** A filter may name at most this many ids of one kind (bounds the size of one question). */
export const ID_LIST_MAX_ITEMS = 1000;

/** Whether `text` is one id: "42", not "042", "4.2", "+42" or "1e3". */
export function isIdText(text: string): boolean {
  return ID_PATTERN.test(text);
}

/**
 * A comma-joined list of ids ("3, 1,,2"), parts trimmed, empty parts skipped,
 * duplicates dropped, in first-seen order; or the problem, naming `field`.
 * A missing or blank list is empty.
 */
export function parseIdList(field: string, raw: string | undefined): number[] | FieldError {
  if (raw === undefined || raw.trim() === '') return [];
  const parts = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length > ID_LIST_MAX_ITEMS) return { field, message: `${field} can list at most ${ID_LIST_MAX_ITEMS} ids` };
  if (!parts.every(isIdText)) return { field, message: `${field} must be a comma-separated list of ids` };
  return [...new Set(parts.map(Number))];
}
