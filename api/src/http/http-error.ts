import type { ErrorCode, FieldError } from '@callboard/contract';

/**
 * An error the client is meant to read: the error handler sends its status,
 * code and message as they are. Anything else thrown becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 whose message is the first problem, so a toast of `message` alone still says what is wrong. */
export function validationFailed(errors: FieldError[]): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', errors[0]?.message ?? 'Invalid request', errors);
}

export const unauthenticated = (message = 'Authentication required') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
/** 429 for one person's excess of requests at once (not a budget per minute): the wait is for their own requests to end. */
export const tooManyConcurrent = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'TOO_MANY_CONCURRENT', message, undefined, { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, 'UNAVAILABLE', message, undefined, { 'retry-after': String(retryAfterSeconds) });
