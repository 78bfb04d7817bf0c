/** Whether a piece of work may take the places kept back for it (`reserved`), and then goes first. */
export interface TurnOptions {
  reserved?: boolean;
}

/** Runs one piece of work when its turn comes, or refuses it at once when too many already wait. */
export type Turns = <T>(work: () => Promise<T>, options?: TurnOptions) => Promise<T>;

/**
 * One bounded queue, shared by everything that must not run too much at once (password hashing in
 * auth/hashing-turns.ts, call deliveries in ingest/ingest-write-queue.ts): at most `concurrency`
 * pieces of work run at once; up to `maxWaiting` more wait; any beyond that are refused with the
 * caller's own `refusal()` (its status, message and Retry-After) before any work is done. A piece of
 * work that fails rejects its own caller only and frees its turn.
 *
 * `reservedWaiting` of the waiting places are kept for work marked `reserved` (a password check from a
 * device its owner signed in from): ordinary work is refused once `maxWaiting − reservedWaiting` wait,
 * so a flood of it cannot take every place, and reserved work starts before any ordinary work waiting.
 * Each kind waits in arrival order.
 */
export function createBoundedTurns(concurrency: number, maxWaiting: number, refusal: () => Error, reservedWaiting = 0): Turns {
  let running = 0;
  const waitingReserved: Array<() => void> = [];
  const waitingOrdinary: Array<() => void> = [];

  const handOn = () => {
    const next = waitingReserved.shift() ?? waitingOrdinary.shift();
    if (next) next();
    else running -= 1;
  };

  return async <T>(work: () => Promise<T>, { reserved = false }: TurnOptions = {}) => {
    // Work that can start now never waits, so it is never refused, even with maxWaiting 0.
    if (running < concurrency) {
      running += 1;
    } else {
      const waiting = waitingReserved.length + waitingOrdinary.length;
      if (waiting >= (reserved ? maxWaiting : maxWaiting - reservedWaiting)) throw refusal();
      // The turn is handed over by the work that ends: `running` stays as it was.
      await new Promise<void>((resolve) => (reserved ? waitingReserved : waitingOrdinary).push(resolve));
    }
    try {
      return await work();
    } finally {
      handOn();
    }
  };
}
