import { EVENT_STREAMS_PER_USER } from '@callboard/contract';

/** Open event streams one instance serves at once: each holds a socket and a few timers, and this keeps them bounded. */
export const EVENT_STREAMS_PER_INSTANCE = 500;

export interface StreamCaps {
  perUser: number;
  perInstance: number;
}

export const DEFAULT_STREAM_CAPS: StreamCaps = { perUser: EVENT_STREAMS_PER_USER, perInstance: EVENT_STREAMS_PER_INSTANCE };

export type Admission = { admitted: true; release: () => void } | { admitted: false; full: 'user' | 'instance' };

/**
 * The open event streams of this instance, by user: admits a new one while
 * both caps allow it, and ends them all when the server shuts down (an open
 * stream never finishes on its own, so it would hold the shutdown up).
 */
export class StreamRegistry {
  private readonly byUser = new Map<string, Set<() => void>>();
  private open = 0;

  constructor(private readonly caps: StreamCaps = DEFAULT_STREAM_CAPS) {}

  get size(): number {
    return this.open;
  }

  /** `end` closes the stream; it is called by `endAll`. The stream calls `release` once it has ended. */
  admit(userId: string, end: () => void): Admission {
    const mine = this.byUser.get(userId) ?? new Set<() => void>();
    if (mine.size >= this.caps.perUser) return { admitted: false, full: 'user' };
    if (this.open >= this.caps.perInstance) return { admitted: false, full: 'instance' };
    mine.add(end);
    this.byUser.set(userId, mine);
    this.open += 1;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        mine.delete(end);
        if (mine.size === 0) this.byUser.delete(userId);
        this.open -= 1;
      },
    };
  }

  endAll(): void {
    for (const ends of [...this.byUser.values()]) for (const end of [...ends]) end();
  }
}
