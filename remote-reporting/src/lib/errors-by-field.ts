import type { FieldError } from '@callboard/contract';

/** Field problems (the contract's checks, or a 400's `errors`) by field name, the first of each. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    if (typeof error?.field === 'string' && typeof error.message === 'string') fields[error.field] ??= error.message;
  }
  return fields;
}
