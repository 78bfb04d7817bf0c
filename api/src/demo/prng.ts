/**
 * The demo's randomness: seeded generators and weighted picks, never
 * Math.random, so a seed always gives the same calls on every machine.
 */

/** mulberry32: a tiny, fast 32-bit generator; plenty for synthetic data, and reproducible everywhere. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  reseed(seed: number): void {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** murmur3's 32-bit finaliser: a bijection, so distinct inputs keep distinct states. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One well-spread state per (seed, stream, index): each call, and each of its independent parts, gets its own. */
export function stateFor(seed: number, stream: number, index: number): number {
  return fmix32(fmix32(fmix32(seed + 0x9e3779b9) ^ stream) ^ index);
}

/** Index of the first cumulative weight above `u × total`. */
export function pickCumulative(cumulative: Float64Array, u: number): number {
  const target = u * (cumulative[cumulative.length - 1] as number);
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] as number) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulativeOf(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}
