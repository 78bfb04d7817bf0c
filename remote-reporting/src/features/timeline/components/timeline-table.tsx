import type { SeriesData } from '@callboard/contract';
import { formatCount } from '@callboard/shared-ui/format';
import { BUCKET_NOUNS, bucketRangeText, SERIES_KEYS, seriesLabel } from './series-keys';

export interface TimelineTableProps {
  series: SeriesData;
  /** A count was chosen: narrow to bucket `index` and series `key`, as a click on its bar segment does. */
  onSegment: (index: number, key: string) => void;
}

/**
 * The chart's numbers as a table, one row per bucket: the accessible and
 * keyboard path to them. Each non-zero count is a button that narrows the
 * view as a click on its bar segment does.
 */
export function TimelineTable({ series, onSegment }: TimelineTableProps) {
  const noun = BUCKET_NOUNS[series.bucket];
  return (
    <div className="timeline-table">
      <table>
        <caption>Calls per {noun} by disposition, New York time</caption>
        <thead>
          <tr>
            <th scope="col">{noun[0]?.toUpperCase() + noun.slice(1)}</th>
            {SERIES_KEYS.map((key) => (
              <th key={key} scope="col">
                {seriesLabel(key)}
              </th>
            ))}
            <th scope="col">Total</th>
            <th scope="col">Previous period</th>
          </tr>
        </thead>
        <tbody>
          {series.buckets.map((bucket, index) => (
            <tr key={bucket.from}>
              <th scope="row">{bucketRangeText(bucket, series.bucket)}</th>
              {SERIES_KEYS.map((key) => {
                const count = bucket.counts[key] ?? 0;
                return (
                  <td key={key} className="cb-num">
                    {count > 0 ? (
                      <button type="button" className="timeline-table__count" onClick={() => onSegment(index, key)}>
                        {formatCount(count)}
                      </button>
                    ) : (
                      formatCount(count)
                    )}
                  </td>
                );
              })}
              <td className="cb-num">{formatCount(bucket.total)}</td>
              <td className="cb-num">{formatCount(series.previous.buckets[index]?.total ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
