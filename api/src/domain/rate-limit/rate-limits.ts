/**
 * Who a request's budget belongs to, and how big each budget is (docs/decisions/0013-rate-limits-per-owner.md).
 * The defaults are argued in the README's configuration table.
 */
export interface RateLimits {
  /** RATE_LIMIT_USER_PER_MIN: signed-in API requests a minute per user. */
  userPerMinute: number;
  /** RATE_LIMIT_INGEST_PER_MIN: ingest deliveries a minute per API key. */
  ingestKeyPerMinute: number;
  /** Requests a minute per client address on routes nobody is signed in to (and with a token that does not verify). */
  addressPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  userPerMinute: 600,
  ingestKeyPerMinute: 6000,
  addressPerMinute: 1000,
};
