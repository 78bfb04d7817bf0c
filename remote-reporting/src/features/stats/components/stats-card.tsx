import type { StatsCard } from '@callboard/contract';
import type { CardFigures, Trend } from '@callboard/contract/card-figures';
import { formatCount, formatPercent } from '@callboard/shared-ui/format';
import { ArrowDownIcon, ArrowUpIcon, WarningIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';

/** Why a card carries the warning flag, for its tooltip (the thresholds are set on the server, so every screen flags alike). */
export const FLAG_REASONS: Record<NonNullable<StatsCard['flag']>, string> = {
  flagVoicemail: 'Voicemail share is above its threshold',
  flagTargetHU: 'Target hang-up share is above its threshold',
  flagRejectedUnknown: 'Rejected / unknown share is above its threshold',
  flagRedNoConnect: 'No-connect share is above its threshold',
};

const TREND_WORDS: Record<Trend, string> = { up: 'up', down: 'down', flat: 'unchanged' };

/**
 * What the arrow says, in one sentence for the tooltip and the accessible
 * name alike: what is compared (the count for Total Processed, the share for
 * the others), with what, which way and by how much.
 * "Share of calls up: 30% vs 10% yesterday until 07:30 (+20 pts)".
 */
export function comparisonSentence(figures: CardFigures, comparison: string): string {
  if (figures.compared === 'count') {
    return `Calls ${TREND_WORDS[figures.trend]}: ${formatCount(figures.count)} vs ${formatCount(figures.previousCount)} ${comparison} (${figures.change})`;
  }
  return `Share of calls ${TREND_WORDS[figures.trend]}: ${formatPercent(figures.share)} vs ${formatPercent(figures.previousShare)} ${comparison} (${figures.change})`;
}

export interface StatsCardViewProps {
  card: StatsCard;
  /** Undefined while loading or when the stats could not be fetched. */
  figures: CardFigures | undefined;
  /** What the arrows compare with, in words (comparisonText in @callboard/contract/date-range): "yesterday until 07:30". */
  comparison: string;
  loading: boolean;
  /** This card's narrowing is the current one (features/stats/hooks/drill-through.ts). */
  pressed: boolean;
  /** The card was clicked: narrow the view to what it counts. */
  onNarrow: (card: StatsCard) => void;
}

/**
 * One stats card: label, count, the share badge with its arrow against the
 * period it is compared with (what, with what and by how much in the tooltip), and the warning flag
 * when the API raised it. The label is a button that narrows the view to the
 * card's calls; it stretches over the whole card (CSS), so the card is the
 * click target while the flag and the share badge keep their tooltips.
 */
export function StatsCardView({ card, figures, comparison, loading, pressed, onNarrow }: StatsCardViewProps) {
  const flagged = !loading && figures?.flagged === true;
  return (
    <article
      className={['stats-card', flagged && 'stats-card--flagged', card.source.kind === 'total' && 'stats-card--total', pressed && 'stats-card--pressed']
        .filter(Boolean)
        .join(' ')}
      aria-label={card.label}
      aria-busy={loading || undefined}
    >
      <header className="stats-card__header">
        <h3 className="stats-card__label">
          <button type="button" className="stats-card__action" aria-pressed={pressed} title={`Show ${card.label} calls`} onClick={() => onNarrow(card)}>
            {card.label}
          </button>
        </h3>
        {flagged && card.flag ? (
          <span className="stats-card__flag" role="img" aria-label={FLAG_REASONS[card.flag]} title={FLAG_REASONS[card.flag]}>
            <WarningIcon size={14} />
          </span>
        ) : null}
      </header>
      {loading ? (
        <div className="stats-card__loading">
          <Spinner size="sm" label={`Loading ${card.label}`} />
        </div>
      ) : (
        <div className="stats-card__figures">
          <span className="stats-card__count cb-num" data-testid="stats-count">
            {figures ? formatCount(figures.count) : '—'}
          </span>
          {figures ? <ShareBadge figures={figures} comparison={comparison} /> : null}
        </div>
      )}
    </article>
  );
}

function ShareBadge({ figures, comparison }: { figures: CardFigures; comparison: string }) {
  const tooltip = comparisonSentence(figures, comparison);
  const Arrow = figures.trend === 'up' ? ArrowUpIcon : figures.trend === 'down' ? ArrowDownIcon : null;
  return (
    <span
      className={`stats-card__share stats-card__share--${figures.trend}`}
      title={tooltip}
      aria-label={`${formatPercent(figures.share)} of total. ${tooltip}`}
      data-trend={figures.trend}
    >
      {Arrow ? <Arrow size={12} /> : <span className="stats-card__flat" aria-hidden="true">–</span>}
      <span className="cb-num">{formatPercent(figures.share)}</span>
    </span>
  );
}
