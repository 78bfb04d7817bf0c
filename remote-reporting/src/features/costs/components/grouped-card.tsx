import type { BreakdownGroup } from '@callboard/contract';
import { LoadError } from '@callboard/shared-ui/load-error';
import { useId, type ReactNode } from 'react';
import { GroupByControl } from './group-by-control';

/**
 * What a grouped card shows while its grouping changes. With keepPreviousData (the shell's SWR setting)
 * the old grouping's rows stay on screen until the new answer arrives: they are drawn under their own
 * grouping, and as loading.
 */
export function shownGrouping<G extends string, R>(groupBy: G, answer: { data: { groupBy: G; rows: R[] } } | undefined, isLoading: boolean) {
  const shownGroup = answer?.data.groupBy ?? groupBy;
  return { shownGroup, rows: answer?.data.rows ?? [], loading: isLoading || (answer !== undefined && shownGroup !== groupBy) };
}

export interface GroupedCardProps {
  /** The card's block class: the card is `cb-card <block>`, its error `<block>__error`. */
  block: string;
  title: string;
  groupBy: BreakdownGroup;
  onGroupBy: (group: BreakdownGroup) => void;
  /** What sits at the header's end (refreshing, export), in a row of `actionsClassName`. */
  actions: ReactNode;
  actionsClassName?: string;
  error: unknown;
  /** The load error's title ("Failed to load the breakdown."). */
  errorTitle: string;
  onRetry: () => void;
  /** The table, shown unless the load failed. */
  children: ReactNode;
}

/**
 * A card of rows grouped by one dimension, as the cost breakdown and the
 * scorecard draw it: the title and the group-by control, the card's own
 * actions, and the table, or in its place the load error with a retry.
 */
export function GroupedCard({ block, title, groupBy, onGroupBy, actions, actionsClassName = 'cb-row', error, errorTitle, onRetry, children }: GroupedCardProps) {
  const titleId = useId();
  return (
    <section className={`cb-card ${block}`} aria-labelledby={titleId}>
      <header className="cb-card__header">
        <div className="cb-row cb-row--lg cb-row--wrap">
          <h2 id={titleId} className="cb-card__title">
            {title}
          </h2>
          <GroupByControl value={groupBy} onChange={onGroupBy} />
        </div>
        <div className={actionsClassName}>{actions}</div>
      </header>
      {error ? (
        <div className={`${block}__error`}>
          <LoadError title={errorTitle} error={error} onRetry={onRetry} />
        </div>
      ) : (
        children
      )}
    </section>
  );
}
