/**
 * The timeline's chart, drawn as SVG by React: one group of stacked bars per
 * bucket, in the status badges' colours, the previous period's totals as a
 * line, and a tooltip per bucket. Loaded on demand (timeline-card.tsx), so
 * Reporting's first paint does not wait for it. Colours come from CSS
 * variables, so it follows the theme.
 */
import type { SeriesData } from '@callboard/contract';
import { formatCount } from '@callboard/shared-ui/format';
import { useScreenShortcuts, type ShortcutEntry } from '@callboard/shared-ui/ui-atoms';
import { useState, type KeyboardEvent } from 'react';
import { labelEvery, stackSegments, valueAxis } from './chart-geometry';
import { bucketRangeText, bucketTickText, SERIES_KEYS, seriesColourClass, seriesLabel } from './series-keys';
import { useContainerWidth } from './use-container-width';

const HEIGHT = 220;
const MARGIN = { top: 10, right: 8, bottom: 24, left: 44 };
/** The share of a bucket's width its bar takes; the rest is the gap between bars. */
const BAR_SHARE = 0.72;

/** The keys of a focused bar group (KeyboardEvent.key → the step to the bar they move to), listed by the `?` overlay. */
export const BAR_KEYS: Readonly<Record<string, ShortcutEntry & { readonly step: 1 | -1 }>> = {
  ArrowLeft: { description: 'Previous bar of the timeline (with a bar focused)', step: -1 },
  ArrowRight: { description: 'Next bar of the timeline (with a bar focused)', step: 1 },
};

export interface TimelineChartProps {
  series: SeriesData;
  /** Keys the legend hid: left out of the stacks (and of the value axis). */
  hidden: ReadonlySet<string>;
  /** A bar segment was clicked: bucket `index`, series `key`. */
  onSegment: (index: number, key: string) => void;
}

export default function TimelineChart({ series, hidden, onSegment }: TimelineChartProps) {
  const [containerRef, width] = useContainerWidth<HTMLDivElement>(720);
  const [active, setActive] = useState<number | null>(null);
  // Roving focus: the bar groups are one Tab stop, the arrows move between them.
  const [focusable, setFocusable] = useState(0);
  useScreenShortcuts(BAR_KEYS);
  const { buckets, bucket: size } = series;
  const previous = series.previous.buckets;

  const stacks = buckets.map((b) => stackSegments(b.counts, SERIES_KEYS, hidden));
  const shownTotals = stacks.map((segments) => segments.reduce((sum, s) => sum + s.count, 0));
  const axis = valueAxis(Math.max(0, ...shownTotals, ...previous.map((p) => p.total)));

  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, buckets.length);
  const barWidth = Math.max(1, band * BAR_SHARE);
  const x = (index: number) => MARGIN.left + index * band;
  const y = (value: number) => MARGIN.top + plotHeight - (value / axis.top) * plotHeight;
  const every = labelEvery(buckets.length, plotWidth);

  const line = previous
    .slice(0, buckets.length)
    .map((p, i) => `${(x(i) + band / 2).toFixed(1)},${y(p.total).toFixed(1)}`)
    .join(' ');

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const step = Object.hasOwn(BAR_KEYS, event.key) ? BAR_KEYS[event.key]?.step : undefined;
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(buckets.length - 1, Math.max(0, index + step));
    const group = event.currentTarget.parentElement?.querySelectorAll<SVGGElement>('.timeline-chart__bucket')[next];
    group?.focus();
  };

  const shown = active === null ? undefined : buckets[active];

  return (
    <div className="timeline-chart" ref={containerRef} onMouseLeave={() => setActive(null)}>
      <svg className="timeline-chart__svg" width={width} height={HEIGHT} role="group" aria-label={`Calls per ${size}, stacked by disposition`}>
        <g className="timeline-chart__axis" aria-hidden="true">
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line className="timeline-chart__grid" x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y(tick)} y2={y(tick)} />
              <text className="timeline-chart__tick" x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {buckets.map((b, i) =>
            i % every === 0 ? (
              <text key={b.from} className="timeline-chart__tick" x={x(i) + band / 2} y={HEIGHT - 6} textAnchor="middle">
                {bucketTickText(b, size)}
              </text>
            ) : null,
          )}
        </g>
        <g className="timeline-chart__bars">
          {buckets.map((b, i) => (
            <g
              key={b.from}
              className="timeline-chart__bucket"
              data-testid="timeline-bucket"
              tabIndex={i === Math.min(focusable, buckets.length - 1) ? 0 : -1}
              role="img"
              aria-label={`${bucketRangeText(b, size)}: ${formatCount(b.total)} call${b.total === 1 ? '' : 's'}`}
              onMouseEnter={() => setActive(i)}
              onFocus={() => {
                setActive(i);
                setFocusable(i);
              }}
              onBlur={() => setActive(null)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {/* The whole band answers the pointer, so a thin or empty bar still shows its tooltip. */}
              <rect className="timeline-chart__band" x={x(i)} y={MARGIN.top} width={band} height={plotHeight} />
              {stacks[i]?.map((segment) => (
                <rect
                  key={segment.key}
                  className={`timeline-chart__segment ${seriesColourClass(segment.key)}`}
                  data-key={segment.key}
                  x={x(i) + (band - barWidth) / 2}
                  y={y(segment.base + segment.count)}
                  width={barWidth}
                  height={Math.max(0, y(segment.base) - y(segment.base + segment.count))}
                  onClick={() => onSegment(i, segment.key)}
                >
                  <title>{`${seriesLabel(segment.key)}: ${formatCount(segment.count)}. Click to show these calls`}</title>
                </rect>
              ))}
            </g>
          ))}
        </g>
        {line !== '' ? <polyline className="timeline-chart__previous" points={line} aria-hidden="true" /> : null}
      </svg>
      {shown && active !== null ? (
        <div
          className="timeline-chart__tooltip"
          role="tooltip"
          style={{ left: `${Math.min(100, (100 * (x(active) + band / 2)) / width)}%` }}
          data-side={x(active) + band / 2 > width / 2 ? 'left' : 'right'}
        >
          <p className="timeline-chart__tooltip-title">{bucketRangeText(shown, size)}</p>
          <ul className="timeline-chart__tooltip-rows">
            {SERIES_KEYS.filter((key) => (shown.counts[key] ?? 0) > 0).map((key) => (
              <li key={key} className={seriesColourClass(key)}>
                <span className="timeline-swatch" aria-hidden="true" />
                <span>{seriesLabel(key)}</span>
                <span className="cb-num">{formatCount(shown.counts[key] ?? 0)}</span>
              </li>
            ))}
            <li className="timeline-chart__tooltip-total">
              <span />
              <span>Total</span>
              <span className="cb-num">{formatCount(shown.total)}</span>
            </li>
            {previous[active] ? (
              <li className="timeline-chart__tooltip-previous">
                <span />
                <span>Previous period</span>
                <span className="cb-num">{formatCount(previous[active].total)}</span>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
