import fastq from 'fastq';

/** Runs one piece of work when its turn comes, or refuses it at once when too many already wait. */
export type Turns = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * One bounded queue, shared by everything that must not run too much at once (password hashing in
 * auth/hashing-turns.ts, call deliveries in ingest/ingest-write-queue.ts): at most `concurrency`
 * pieces of work run at once; up to `maxWaiting` more wait in arrival order; any beyond that are
 * refused with the caller's own `refusal()` (its status, message and Retry-After) before any work is
 * done. A piece of work that fails rejects its own caller only and frees its turn.
 */
export function createBoundedTurns(concurrency: number, maxWaiting: number, refusal: () => Error): Turns {
  const queue = fastq.promise((work: () => Promise<unknown>) => work(), concurrency);
  return <T>(work: () => Promise<T>) => {
    // Work that can start now never waits, so it is never refused, even with maxWaiting 0.
    const mustWait = queue.running() >= concurrency;
    if (mustWait && queue.length() >= maxWaiting) return Promise.reject(refusal());
    return queue.push(work) as Promise<T>;
  };
}
