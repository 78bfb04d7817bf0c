/**
 * The places of one key's window that this instance has claimed from the shared counter and not yet
 * handed out. A budget of `max` requests a window is shared by numbering its requests: the counter
 * in the database holds how many places have been claimed so far (by every instance), a claim of `n`
 * takes the next `n` numbers under the row lock, and a request is allowed when its number is at most
 * `max`. Numbers are never handed out twice, so across all instances no more than `max` requests
 * pass in a window; claiming several at once only means that places one instance claimed and did
 * not use are lost to the others until the window ends.
 */
export interface Slice {
  /** The next number to hand out. */
  next: number;
  /** The last number claimed (hand out while next ≤ last). */
  last: number;
  /** When the window these numbers belong to ends, on this process's clock (ms). */
  endsAt: number;
}

/**
 * An instance claims this share of a budget at a time: 60 of 600. So a person's requests reach the
 * database once every sixtieth request instead of every time; the most a person can be refused early
 * is the unused part of a slice on each other instance they used that minute (59 of 600 each).
 */
export const SLICE_SHARE_OF_BUDGET = 10;

/** How many places to claim at once for a budget of `max` a window: a tenth, and at least one. */
export function sliceSize(max: number): number {
  return Math.max(1, Math.floor(max / SLICE_SHARE_OF_BUDGET));
}

/**
 * The slice a claim of `claimed` places returned, given the counter after it (`count`) and the time
 * left in its window: the numbers count − claimed + 1 … count, of which only those ≤ max may be used.
 * Undefined when none may (the budget was spent before this claim).
 */
export function sliceOf(count: number, claimed: number, max: number, ttlMs: number, now: number): Slice | undefined {
  const first = count - claimed + 1;
  const last = Math.min(count, max);
  if (first > last) return undefined;
  return { next: first, last, endsAt: now + ttlMs };
}

/** Hands out the next number of a slice still in its window, or undefined when it has none left. */
export function takePlace(slice: Slice | undefined, now: number): { place: number; ttlMs: number } | undefined {
  if (slice === undefined || now >= slice.endsAt || slice.next > slice.last) return undefined;
  const place = slice.next;
  slice.next += 1;
  return { place, ttlMs: slice.endsAt - now };
}
