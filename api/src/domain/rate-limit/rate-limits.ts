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

/**
 * RATE_LIMIT_SIGN_IN_PER_MIN: sign-ins a minute per client address, counted apart from the address's shared
 * budget and refused before any password is hashed. Each one costs a full scrypt check, and a 2-core server
 * gets through a hundred-odd a minute: ten keeps one client to a small share of that, while a person who
 * mistypes has room to spare. Colleagues behind one office address share it: a team that signs in together
 * every morning from one address raises it (a browser signs in once a session, up to 12 hours).
 */
export const DEFAULT_SIGN_IN_PER_MINUTE = 10;
