import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { filtersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { bucketNarrowing, statusNarrowing } from '../../stats/hooks/drill-through';
import { useSeries } from '../api/series';
import { TimelineLegend } from './timeline-legend';
import { TimelineTable } from './timeline-table';
import './timeline.css';

// The chart's own chunk: Reporting paints its cards and records without waiting for it.
const TimelineChart = lazy(() => import('./timeline-chart'));

export const TIMELINE_EMPTY = 'No calls in this range';
/** With a search in force the search is what found nothing, so the empty state names it, not the range. */
export const timelineSearchEmpty = (text: string) => `No calls match “${text}” in this range`;
export const TIMELINE_SEARCH_EMPTY_HINT = 'Clear the search to see every call of the range.';

const chartLoading = (
  <div className="timeline__placeholder">
    <Spinner size="sm" label="Loading chart" />
  </div>
);

/**
 * The timeline above the statistics cards: the calls of the current filters
 * per bucket, stacked by disposition, or the same numbers as a table. A bar
 * segment (or a count in the table) narrows the view to its bucket and
 * disposition; a legend label to its disposition.
 */
export function TimelineCard() {
  const { series, error, isLoading, retry } = useSeries();
  const filters = useAtomValue(filtersAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const [asTable, setAsTable] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = useCallback((key: string) => {
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const narrowToSegment = useCallback(
    (index: number, key: string) => {
      const bucket = series?.buckets[index];
      if (bucket) updateFilters(bucketNarrowing(bucket, key));
    },
    [series, updateFilters],
  );
  const narrowToStatus = useCallback((key: string) => updateFilters(statusNarrowing(key)), [updateFilters]);

  const empty = series !== undefined && series.buckets.every((bucket) => bucket.total === 0);
  const current = filters.status.length === 1 ? filters.status[0] : undefined;
  // The transcript search or the caller-id search in force (one of them is always empty: search-box.tsx).
  const searched = (filters.q || filters.search).trim();

  return (
    <section className="timeline" aria-labelledby="timeline-heading" aria-busy={isLoading || undefined}>
      <div className="timeline__header">
        <h2 id="timeline-heading" className="timeline__title">
          Timeline
        </h2>
        {isLoading ? (
          <span className="cb-muted cb-text-sm" role="status">
            Loading timeline...
          </span>
        ) : null}
        <Button size="sm" variant="ghost" className="timeline__view" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
          Table
        </Button>
      </div>
      {isLoading ? (
        chartLoading
      ) : error || !series ? (
        <LoadError title="Failed to load the timeline." error={error} onRetry={retry} />
      ) : empty ? (
        searched !== '' ? (
          <EmptyState compact title={timelineSearchEmpty(searched)} description={TIMELINE_SEARCH_EMPTY_HINT} />
        ) : (
          <EmptyState compact title={TIMELINE_EMPTY} />
        )
      ) : asTable ? (
        <TimelineTable series={series} onSegment={narrowToSegment} />
      ) : (
        <>
          <Suspense fallback={chartLoading}>
            <TimelineChart series={series} hidden={hidden} onSegment={narrowToSegment} />
          </Suspense>
          <TimelineLegend hidden={hidden} onToggle={toggle} onNarrow={narrowToStatus} current={current} />
        </>
      )}
    </section>
  );
}
