import { useAtomValue } from 'jotai';
import { pollIntervalAtom } from '@callboard/shared-ui/ui-atoms';

export interface PollOptions {
  refreshInterval: number;
  dedupingInterval?: number;
}

/**
 * SWR options for data that follows Auto Refresh: poll at the chosen
 * interval while it is on, not at all while it is off.
 *
 * SWR skips a poll that falls inside its deduping window, which the shell sets
 * to 30 s so the same request within half a minute is answered from cache; left alone, a 5 s or 15 s interval would
 * really poll every 30 s. While polling, the window shrinks below the interval.
 */
export function usePollOptions(): PollOptions {
  const interval = useAtomValue(pollIntervalAtom);
  if (interval <= 0) return { refreshInterval: 0 };
  return { refreshInterval: interval, dedupingInterval: Math.min(Math.floor(interval / 2), 30_000) };
}
