import { useLiveStatus } from '@callboard/shared-auth/use-live-events';
import { SelectField, type SelectOption } from '@callboard/shared-ui/select-field';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { useAtom } from 'jotai';

/** The polling intervals offered, in ms; 15 s is the default, fresh enough without loading the server. */
export const REFRESH_INTERVAL_CHOICES_MS = [5_000, 15_000, 30_000, 60_000] as const;

const secondsLabel = (ms: number) => `${ms / 1000} s`;

/**
 * The options for the current interval. An interval stored by an older
 * version (or edited by hand) that is not one of the choices is listed too,
 * so the select shows what polling really uses instead of silently another value.
 */
export function intervalOptions(currentMs: number): SelectOption[] {
  const values: number[] = [...REFRESH_INTERVAL_CHOICES_MS];
  if (!values.includes(currentMs)) values.push(currentMs);
  return values.sort((a, b) => a - b).map((ms) => ({ value: String(ms), label: secondsLabel(ms) }));
}

/**
 * While Auto Refresh is on: "Live" when the screens refetch as the calls change (the tab's
 * live stream is open), "Polling" when they fall back to the interval because it is down.
 */
export function LiveIndicator() {
  const live = useLiveStatus() === 'live';
  return (
    <span
      role="status"
      className={`auto-refresh__state${live ? ' auto-refresh__state--live' : ''}`}
      title={live ? 'Refreshing as new calls arrive' : 'The live connection is down: refreshing at the interval meanwhile'}
    >
      {live ? 'Live' : 'Polling'}
    </span>
  );
}

/**
 * The Auto Refresh toggle and its interval, both persisted UI state
 * that the reporting remote's refreshing reads. The interval only matters while
 * auto refresh is on (and, while the live stream is open, only as the fallback),
 * so it is disabled otherwise, but keeps its value.
 */
export function AutoRefreshControl() {
  const [enabled, setEnabled] = useAtom(autoRefreshAtom);
  const [intervalMs, setIntervalMs] = useAtom(refreshIntervalAtom);

  return (
    <div className="auto-refresh">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        className="auto-refresh__switch"
        onClick={() => setEnabled((value) => !value)}
      >
        <span className="auto-refresh__track" aria-hidden="true">
          <span className="auto-refresh__thumb" />
        </span>
        <span className="auto-refresh__label">Auto Refresh</span>
      </button>
      <SelectField
        label="Refresh interval"
        hideLabel
        size="sm"
        className="auto-refresh__interval"
        options={intervalOptions(intervalMs)}
        value={String(intervalMs)}
        disabled={!enabled}
        // The atom parses the text and ignores anything that is not a positive number, so a bad value never polls in a tight loop.
        onChange={(event) => setIntervalMs(event.target.value)}
      />
      {enabled && <LiveIndicator />}
    </div>
  );
}
