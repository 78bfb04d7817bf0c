import { STATS_CARDS, type StatsCard } from '@callboard/contract';
import { cardFigures } from '@callboard/contract/card-figures';
import { comparisonText } from '@callboard/contract/date-range';
import { filtersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useStats } from '../api/stats';
import { cardNarrowing, isCardNarrowing } from '../hooks/drill-through';
import { StatsCardView } from './stats-card';
import './stats.css';

export const STATS_ERROR_TOAST = 'Failed to fetch stats';

/**
 * The Stats view: the 17 cards in order, spinners while loading, a toast when
 * the stats fail. A card narrows the view to its calls, and shows pressed
 * while that is the current narrowing.
 */
export function StatsGrid() {
  const { stats, error, isLoading } = useStats();
  const filters = useAtomValue(filtersAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const narrow = useCallback((card: StatsCard) => updateFilters(cardNarrowing(card)), [updateFilters]);
  const figures = useMemo(() => (stats ? cardFigures(stats, stats.previous) : undefined), [stats]);
  const comparison = stats ? comparisonText(stats.range, stats.previous.range) : '';

  useEffect(() => {
    // One toast per failure spell: a poll failing again replaces it instead of stacking another.
    if (error) toast.error(STATS_ERROR_TOAST, { id: 'stats-error' });
  }, [error]);

  return (
    <section className="stats" aria-labelledby="stats-heading" aria-busy={isLoading || undefined}>
      <div className="stats__header">
        <h2 id="stats-heading" className="stats__title">
          Statistics
        </h2>
        {isLoading ? (
          <span className="stats__loading cb-muted cb-text-sm" role="status">
            Loading stats...
          </span>
        ) : null}
      </div>
      <div className="stats__grid">
        {STATS_CARDS.map((card, index) => (
          <StatsCardView
            key={card.key}
            card={card}
            figures={figures?.[index]}
            comparison={comparison}
            loading={isLoading}
            pressed={isCardNarrowing(card, filters)}
            onNarrow={narrow}
          />
        ))}
      </div>
    </section>
  );
}
