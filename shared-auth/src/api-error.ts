/**
 * The one error type every failed call throws, so screens can show
 * `error.message` and branch on `kind`/`status`/`code` without knowing how the
 * call failed underneath.
 */
import type { ErrorCode, FieldError } from '@callboard/contract';

/** HTTP_ERROR: the server answered outside 200–299. The other three are the ways a call fails before a usable answer arrives: no network, no answer in time, a body that is not JSON. */
export type ApiErrorKind = 'HTTP_ERROR' | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** The HTTP status; absent when no response arrived (FETCH_ERROR, TIMEOUT_ERROR). */
  status?: number;
  statusText?: string;
  /** The parsed response body, when there was one. */
  body?: unknown;
  /** The body as received, kept when it could not be parsed. */
  rawText?: string;
  /** What went wrong underneath (network error text, timeout, parse failure). */
  errorText?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  /** The server's machine code (the table in docs/api.md), e.g. VALIDATION_ERROR. */
  readonly code: ErrorCode | undefined;
  /** Per-field problems of a VALIDATION_ERROR, to show under each input. */
  readonly errors: FieldError[] | undefined;
  readonly body: unknown;
  readonly rawText: string | undefined;

  constructor(init: ApiErrorInit) {
    super(chooseErrorMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.rawText = init.rawText;
    const fields = isRecord(init.body) ? init.body : {};
    this.code = typeof fields.code === 'string' ? (fields.code as ErrorCode) : undefined;
    this.errors = Array.isArray(fields.errors) ? (fields.errors as FieldError[]) : undefined;
  }
}

/**
 * The order: the body's message field, the error text, the status text,
 * "Unknown error occurred". The error text is the body's own `error` field
 * when it has one (Fastify's default errors carry it), else what failed underneath.
 */
export function chooseErrorMessage(init: Pick<ApiErrorInit, 'body' | 'errorText' | 'statusText'>): string {
  const body = isRecord(init.body) ? init.body : {};
  return (
    nonEmpty(body.message) ??
    nonEmpty(body.error) ??
    nonEmpty(init.errorText) ??
    nonEmpty(init.statusText) ??
    UNKNOWN_ERROR_MESSAGE
  );
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
