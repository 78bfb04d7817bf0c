import type { CallsChanged } from '@callboard/contract';

/** At most four events a second on one stream: a burst of deliveries becomes a few refetches, not one per delivery. */
export const MIN_EVENT_GAP_MS = 250;

/** Two changes as one: the counts summed, the newer call time kept. */
export function mergeChanges(a: CallsChanged, b: CallsChanged): CallsChanged {
  const newest =
    a.newestCallTimestamp === null ? b.newestCallTimestamp
    : b.newestCallTimestamp === null ? a.newestCallTimestamp
    : Date.parse(b.newestCallTimestamp) > Date.parse(a.newestCallTimestamp) ? b.newestCallTimestamp
    : a.newestCallTimestamp;
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, newestCallTimestamp: newest };
}

export interface Coalescer {
  add(change: CallsChanged): void;
  /** Drops whatever is waiting and stops the timer. */
  stop(): void;
}

/**
 * Passes changes on to `emit` at most once per `gapMs`. A change that comes
 * after a quiet spell goes out at once, so a single delivery is not delayed;
 * those that come sooner wait for the end of the gap and go out together.
 */
export function createCoalescer(emit: (change: CallsChanged) => void, gapMs = MIN_EVENT_GAP_MS): Coalescer {
  let pending: CallsChanged | null = null;
  let lastEmittedAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const change = pending;
    pending = null;
    lastEmittedAt = Date.now();
    emit(change);
  };

  return {
    add(change) {
      pending = pending ? mergeChanges(pending, change) : change;
      if (timer) return;
      const wait = lastEmittedAt + gapMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
