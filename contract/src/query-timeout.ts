/**
 * What a person reads when the database stopped a request's query at its time limit (a 503 with
 * Retry-After): the same question over less data answers, so the message says how to ask it.
 */
export const QUERY_TIMEOUT_MESSAGE =
  'This took longer than the database allows and was stopped. Try a narrower date range or fewer filters, or try again in a moment.';
