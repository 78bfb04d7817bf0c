import { QUERY_TIMEOUT_MESSAGE } from '@callboard/contract';
import { cancelledStatement } from '../db/statement-timeout';
import { errorBody } from './error-body';

/**
 * When to ask again: a cancelled statement leaves the pages it read in the cache, so the same
 * request a few seconds later often answers (the next request is not the one that paid to bring
 * them in); one that still cannot needs a narrower range.
 */
export const QUERY_TIMEOUT_RETRY_AFTER_SECONDS = 5;

/** What was asked, as the request names it. */
export interface TimedOutRequest {
  method: string;
  /** The route's pattern (`/api/calls/records`), so the log groups by route rather than by URL. */
  route: string | undefined;
  /** The query string's filter, sort and page, as parsed. */
  query: unknown;
  userId: string | undefined;
}

/**
 * The log line for a statement the database cancelled: which route, with which filter, ran which
 * statement. No stack: the place in the code is the route, and the cause is the data's size.
 */
export function queryTimeoutLog(request: TimedOutRequest, error: unknown) {
  return {
    route: request.route,
    method: request.method,
    filter: request.query,
    userId: request.userId,
    sql: cancelledStatement(error) ?? 'unknown',
    reason: error instanceof Error ? error.message : String(error),
  };
}

/** The answer: 503 (the server could not do it now), with when to retry and how to ask for less. */
export const queryTimeoutAnswer = () => ({
  statusCode: 503,
  headers: { 'retry-after': String(QUERY_TIMEOUT_RETRY_AFTER_SECONDS) },
  body: errorBody('UNAVAILABLE', QUERY_TIMEOUT_MESSAGE),
});
