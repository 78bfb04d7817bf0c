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
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem with one input field; `field` is the body/query key it concerns. */
export interface FieldError {
  field: string;
  message: string;
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
