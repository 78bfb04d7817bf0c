import { unavailable } from '../../http/http-error';
import { createBoundedTurns, type Turns } from '../bounded-turns';

/** Runs a delivery's database write when its turn comes. */
export type WriteTurns = Turns;

/** Two at a time suits two cores (see createWriteTurns); a bigger database server may take more. */
export const DEFAULT_INGEST_CONCURRENCY = 2;
export const MAX_INGEST_CONCURRENCY = 16;

/**
 * Deliveries beyond this many waiting are refused with a 503 rather than held:
 * each waiting one keeps its parsed body (up to 1 MB of JSON) in memory.
 */
export const MAX_WAITING_WRITES = 32;

/**
 * At most `concurrency` ingest writes run at once; the others wait in arrival
 * order, already parsed and validated, so the server's CPU goes on the next
 * delivery while the database works on this one.
 *
 * Why a limit at all: every delivery of today's calls adds to the same
 * rollup rows (today × status, today × publisher × status…), so writes past
 * two at a time mostly wait on each other's row locks and cost more database
 * CPU per batch, while one at a time leaves the database idle while the
 * server parses.
 */
export function createWriteTurns(concurrency: number, maxWaiting = MAX_WAITING_WRITES): WriteTurns {
  return createBoundedTurns(concurrency, maxWaiting, () => unavailable(`${maxWaiting} deliveries are already waiting to be stored; retry shortly`, 1));
}
