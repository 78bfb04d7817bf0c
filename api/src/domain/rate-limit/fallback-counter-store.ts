import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** @fastify/rate-limit's own in-memory store (an LRU of this many keys); the package declares no type for it. */
type LocalStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;
const requireHere = createRequire(__filename);
const LocalStore = requireHere('@fastify/rate-limit/store/LocalStore') as LocalStoreClass;

/** @fastify/rate-limit's Redis store (a Lua INCR with PEXPIRE), built here so that it can be wrapped; undeclared as well. */
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key: string) => FastifyRateLimitStore;
export const RedisStore = requireHere('@fastify/rate-limit/store/RedisStore') as RedisStoreClass;

/** Keys the memory fallback remembers at most (the plugin's own default): the oldest are forgotten past it. */
export const FALLBACK_KEYS = 5000;

/**
 * Counts in the shared store (PostgreSQL or Redis) while it answers, and in this instance's memory
 * while it does not, so the limits never open: with k instances a budget allows at most k times itself
 * meanwhile, instead of no limit at all. Each request is asked of the shared store first, so the counts
 * go back to it as soon as it answers again. `onError` hears each failure (the plugin logs them, at most
 * every so often).
 */
export class FallbackCounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly onError: (error: unknown) => void,
    private readonly memory: FastifyRateLimitStore = new LocalStore(false, false, FALLBACK_KEYS),
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    let answered = false;
    const fallBack = (error: unknown) => {
      this.onError(error);
      this.memory.incr(key, callback, timeWindow, max);
    };
    try {
      this.shared.incr(
      key,
        (error, result) => {
          // A store that answers twice (an error after a result) is heard once.
          if (answered) return;
          answered = true;
          if (error) fallBack(error);
          else callback(null, result);
        },
        timeWindow,
        max,
      );
    } catch (error) {
      if (answered) throw error;
      answered = true;
      fallBack(error);
    }
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new FallbackCounterStore(this.shared.child(routeOptions), this.onError, this.memory.child(routeOptions));
  }
}
