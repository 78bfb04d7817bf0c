/**
 * React's side of the tab's live connection (live-events.ts): the keeper the
 * host mounts once, the status for indicators, and a hook that runs a
 * revalidation when the calls change.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { callsChangedAtom, connectLiveEvents, liveStatusAtom, type LiveStatus } from '@callboard/shared-auth/live-events';

/** Keeps the tab's one live connection open (it waits for a sign-in by itself). Mount once, in the host. */
export function LiveEventsKeeper() {
  const store = useStore();
  useEffect(() => connectLiveEvents(store), [store]);
  return null;
}

/** 'live' while the stream is open, 'polling' while screens fall back to their timers. */
export function useLiveStatus(): LiveStatus {
  return useAtomValue(liveStatusAtom);
}

/**
 * Calls `onChange` when the calls change, while `enabled`: at once for the
 * first change after a quiet spell, then at most once per `minGapMs`, so a
 * burst of deliveries costs a screen a few requests rather than one each.
 */
export function useOnCallsChanged(onChange: () => void, enabled: boolean, minGapMs: number): void {
  const notice = useAtomValue(callsChangedAtom);
  const latest = useRef(onChange);
  latest.current = onChange;
  const seen = useRef(notice?.seq ?? 0);
  const lastRunAt = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const seq = notice?.seq ?? 0;
    if (seq === seen.current) return;
    seen.current = seq;
    if (!enabled || timer.current !== undefined) return;
    const run = () => {
      timer.current = undefined;
      lastRunAt.current = Date.now();
      latest.current();
    };
    const wait = lastRunAt.current + minGapMs - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [notice, enabled, minGapMs]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
}
