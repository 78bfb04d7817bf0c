/**
 * React's side of the tab's live connection (live-events.ts): the keeper the
 * host mounts once, the status for indicators, and a hook that runs a
 * revalidation when the calls change.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { callsChangedAtom, liveStatusAtom, type LiveStatus } from '@callboard/shared-auth/live-status';
import { isAuthenticatedAtom } from '@callboard/shared-auth/session';

/**
 * Keeps the tab's one live connection open while someone is signed in. Mount
 * once, in the host. The connection's code (and its SSE parser) is loaded on
 * the first sign-in, not with the login page.
 */
export function LiveEventsKeeper() {
  const store = useStore();
  const signedIn = useAtomValue(isAuthenticatedAtom, { store });
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@callboard/shared-auth/live-events').then(({ connectLiveEvents }) => {
      if (!cancelled) stop = connectLiveEvents(store);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [store, signedIn]);
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
