import { useLiveStatus } from '@callboard/shared-auth/use-live-events';
import { formatCount } from '@callboard/shared-ui/format';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';

export interface LogHeaderProps {
  loaded: number;
  /** Calls in range on the server; null before the first answer. */
  total: number | null;
  loading: boolean;
  /** Controls for the log as a whole (Columns). */
  actions?: ReactNode;
  /** The area's tabs (Log, Disputes) beside the title. */
  tabs?: ReactNode;
}

/** "1,250 of 4,031 calls loaded": the server may have counted before a call or two arrived, so never less than what is shown. */
export function loadedText(loaded: number, total: number | null): string {
  const noun = (n: number) => (n === 1 ? 'call' : 'calls');
  if (total === null) return `${formatCount(loaded)} ${noun(loaded)} loaded`;
  const all = Math.max(total, loaded);
  return `${formatCount(loaded)} of ${formatCount(all)} ${noun(all)} loaded`;
}

/** The title, whether the log is live, how much of it is loaded, and the review keys. */
export function LogHeader({ loaded, total, loading, actions, tabs }: LogHeaderProps) {
  return (
    <header className="calllogs__header">
      <div className="calllogs__heading">
        <h1 id="calllogs-title" className="cb-page__title">
          Call Logs
        </h1>
        {tabs}
        <LiveState />
      </div>
      <div className="calllogs__meta">
        <p className="calllogs__count" aria-live="polite">
          {loading ? 'Loading calls...' : loadedText(loaded, total)}
        </p>
        <p className="calllogs__keys" aria-label="Keyboard shortcuts">
          <kbd>j</kbd>
          <kbd>k</kbd> move <kbd>Enter</kbd> details <kbd>x</kbd> select <kbd>p</kbd> play <kbd>Esc</kbd> close <kbd>?</kbd> all keys
        </p>
        {actions}
      </div>
    </header>
  );
}

/**
 * How new calls reach the log: Live while the live stream is open; while it is
 * down, Polling at the Auto Refresh interval, or Paused with Auto Refresh off.
 */
function LiveState() {
  const live = useLiveStatus() === 'live';
  const autoRefresh = useAtomValue(autoRefreshAtom);
  const intervalMs = useAtomValue(refreshIntervalAtom);
  if (live) {
    return (
      <span role="status" className="calllogs__live calllogs__live--on" title="New calls appear as they are delivered">
        <span className="calllogs__live-dot" aria-hidden="true" />
        Live
      </span>
    );
  }
  if (!autoRefresh) {
    return (
      <span role="status" className="calllogs__live" title="The live connection is down: turn on Auto Refresh in the top bar to poll for new calls">
        <span className="calllogs__live-dot" aria-hidden="true" />
        Paused
      </span>
    );
  }
  return (
    <span role="status" className="calllogs__live calllogs__live--polling" title="The live connection is down; checking for new calls on a timer meanwhile">
      <span className="calllogs__live-dot" aria-hidden="true" />
      Polling · every {Math.round(intervalMs / 1000)} s
    </span>
  );
}
