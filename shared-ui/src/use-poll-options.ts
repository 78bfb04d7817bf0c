import { useLiveStatus, useOnCallsChanged } from '@callboard/shared-auth/use-live-events';
import { useAtomValue } from 'jotai';
import type { Middleware } from 'swr';
import { pollIntervalAtom } from '@callboard/shared-ui/ui-atoms';

export interface PollOptions {
  refreshInterval: number;
  dedupingInterval?: number;
  use: Middleware[];
}

/**
 * While live, a screen refetches at most this often however many changes stream in:
 * a Reporting screen is several requests, and the server counts each against the person's limit.
 */
export const LIVE_REVALIDATE_MIN_GAP_MS = 1_000;

/**
 * Refetches the data of the hook it is given to when the calls change, while
 * Auto Refresh is on and the live stream is open. Always in the options (it
 * decides inside whether to act), so the hooks useSWR calls never change
 * between renders.
 */
const revalidateOnCallsChanged: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const autoRefresh = useAtomValue(pollIntervalAtom) > 0;
  const live = useLiveStatus() === 'live';
  useOnCallsChanged(() => void swr.mutate(), autoRefresh && live && key !== null, LIVE_REVALIDATE_MIN_GAP_MS);
  return swr;
};

const FOLLOW_LIVE_CHANGES: Middleware[] = [revalidateOnCallsChanged];

/**
 * SWR options for data that follows Auto Refresh. While it is on and the
 * live stream is open, the data is refetched when the calls change (no
 * timer); while the stream is down, it polls at the chosen interval instead.
 * While Auto Refresh is off, neither.
 *
 * SWR skips a poll that falls inside its deduping window, which the shell sets
 * to 30 s so the same request within half a minute is answered from cache; left alone, a 5 s or 15 s interval would
 * really poll every 30 s. While polling, the window shrinks below the interval.
 */
export function usePollOptions(): PollOptions {
  const interval = useAtomValue(pollIntervalAtom);
  const live = useLiveStatus() === 'live';
  if (interval <= 0 || live) return { refreshInterval: 0, use: FOLLOW_LIVE_CHANGES };
  return { refreshInterval: interval, dedupingInterval: Math.min(Math.floor(interval / 2), 30_000), use: FOLLOW_LIVE_CHANGES };
}
