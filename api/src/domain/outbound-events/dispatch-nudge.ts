/**
 * The dispatcher's nudge (plugins/app/outbound-events.ts): every committed write to the calls NOTIFYs every
 * instance (domain/events/calls-change-feed.ts), at up to hundreds a second under ingest. Each would queue a job;
 * the job runner refuses all but one queued (a singleton key), but each refusal is still a statement. So nudges
 * are coalesced here: at most one queuing every `intervalMs`, the first at once and the last never lost (one
 * arriving meanwhile queues once more when the interval ends), so the latency it adds is at most `intervalMs`.
 */
export interface DispatchNudge {
  /** Something was logged: have the dispatcher run soon. Never throws. */
  nudge(): void;
  /** No more nudges; resolves once a queuing under way has ended (before the database closes). */
  stop(): Promise<void>;
}

export function coalescedNudge(queue: () => Promise<unknown>, intervalMs: number, warn: (error: unknown) => void): DispatchNudge {
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const fire = () => {
    timer = undefined;
    if (stopped) return;
    lastAt = Date.now();
    running = queue()
      .then(
        () => undefined,
        (error: unknown) => warn(error),
      )
      .finally(() => {
        running = undefined;
      });
  };

  return {
    nudge() {
      if (stopped || timer) return;
      timer = setTimeout(fire, Math.max(0, lastAt + intervalMs - Date.now()));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
