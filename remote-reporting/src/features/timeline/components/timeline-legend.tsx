import { SERIES_KEYS, seriesColourClass, seriesLabel } from './series-keys';

export interface TimelineLegendProps {
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** The label was clicked: narrow the view to that status. */
  onNarrow: (key: string) => void;
  /** The status the view is narrowed to, if it is one key alone: its label shows pressed. */
  current: string | undefined;
}

/**
 * The chart's legend. Two controls per item, so hiding and narrowing are not
 * mistaken for each other: the checkbox shows or hides the disposition in the
 * chart (nothing is refetched), the label narrows the whole view to it.
 */
export function TimelineLegend({ hidden, onToggle, onNarrow, current }: TimelineLegendProps) {
  return (
    <ul className="timeline-legend" aria-label="Legend">
      {SERIES_KEYS.map((key) => {
        const label = seriesLabel(key);
        return (
          <li key={key} className={`timeline-legend__item ${seriesColourClass(key)}`} data-hidden={hidden.has(key) || undefined}>
            <input
              type="checkbox"
              className="timeline-legend__toggle"
              checked={!hidden.has(key)}
              onChange={() => onToggle(key)}
              aria-label={`Show ${label} in the chart`}
              title={hidden.has(key) ? `Show ${label} in the chart` : `Hide ${label} from the chart`}
            />
            <button
              type="button"
              className="timeline-legend__label"
              aria-pressed={current === key}
              title={`Show only ${label} calls`}
              onClick={() => onNarrow(key)}
            >
              {label}
            </button>
          </li>
        );
      })}
      <li className="timeline-legend__item timeline-legend__item--previous">
        <span className="timeline-legend__line" aria-hidden="true" />
        Previous period
      </li>
    </ul>
  );
}
