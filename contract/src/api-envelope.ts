/**
 * The envelope every API response uses (docs/decisions/0009-api-envelope.md).
 * Success bodies carry `success: true` and their payload; errors carry a
 * stable machine `code` beside the human `message`.
 */

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  /** 429: the person already has as many requests running and waiting on this instance as it allows (issue 33). */
  'TOO_MANY_CONCURRENT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem with one input field; `field` is the body/query key it concerns. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Field errors (the server's, in a 400's `errors`, or the contract's validators' own) sorted for a
 * form: the first message of each field the form has an input for, and in `other` the messages none
 * of its inputs can show (an unknown field, or none). An item that is not an object is skipped: the
 * server's list is read from a body no one has checked.
 */
export function messagesByField<F extends string>(
  errors: readonly FieldError[],
  isFormField: (field: string) => field is F,
): { fields: Partial<Record<F, string>>; other: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const item of errors) {
    if (typeof item !== 'object' || item === null) continue;
    if (typeof item.field === 'string' && isFormField(item.field)) fields[item.field] ??= item.message;
    else other.push(item.message);
  }
  return { fields, other };
}

export interface ApiErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
}

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}

/** A plain acknowledgement without payload (register, logout, delete). */
export interface ApiMessage {
  success: true;
  message: string;
}
