import { availableParallelism } from 'node:os';
import { unavailable } from '../../http/http-error';
import { createBoundedTurns, type Turns } from '../bounded-turns';

/**
 * scrypt runs on libuv's thread pool, which has 4 threads unless UV_THREADPOOL_SIZE says otherwise and
 * which file reads and DNS lookups share. More checks at once than the machine has cores only makes
 * each one slower, and more than the pool holds would only queue inside libuv, out of our sight.
 */
const LIBUV_DEFAULT_POOL_SIZE = 4;
export const HASHING_CONCURRENCY = Math.min(availableParallelism(), LIBUV_DEFAULT_POOL_SIZE);

/**
 * How many checks may wait, per check running, before more are refused. At OWASP's cost a check takes
 * a few hundred milliseconds, so four rounds are about a second of waiting: past that a flood of
 * sign-ins would grow the queue (and every person's wait, and the requests held open) without limit,
 * and a quick "try again" serves the person better.
 */
export const WAITING_PER_RUNNING_CHECK = 4;

export const HASHING_BUSY_MESSAGE = 'The server is busy checking passwords; try again in a few seconds';
/** A full queue drains in about a second (see WAITING_PER_RUNNING_CHECK); two leaves room for the next flood. */
export const HASHING_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The share of the waiting places kept for checks from known devices (a device cookie of the account, or a
 * signed-in session: sign-in-throttle.ts): a quarter, one per running check at the defaults. Strangers,
 * however many addresses they use, fill at most the other three quarters and get 503 past them, while the
 * owner's check still finds a place, and goes ahead of theirs.
 */
export const RESERVED_SHARE_OF_WAITING = 4;

/**
 * At most `concurrency` hashes run at once; up to `maxWaiting` more wait, `reservedWaiting` of those places
 * only for known devices; any beyond that are refused with 503 and Retry-After before any work is done.
 */
export function createHashingTurns(
  concurrency = HASHING_CONCURRENCY,
  maxWaiting = WAITING_PER_RUNNING_CHECK * concurrency,
  reservedWaiting = Math.floor(maxWaiting / RESERVED_SHARE_OF_WAITING),
): Turns {
  return createBoundedTurns(concurrency, maxWaiting, () => unavailable(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS), reservedWaiting);
}
