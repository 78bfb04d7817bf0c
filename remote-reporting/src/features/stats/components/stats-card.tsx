import type { StatsCard } from '@callboard/contract';
import { formatCount, formatPercent } from '@callboard/shared-ui/format';
import { ArrowDownIcon, ArrowUpIcon, WarningIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import type { CardFigures, Trend } from './card-figures';

/** Why a card carries the warning flag, for its tooltip (the thresholds are set on the server, so every screen flags alike). */
export const FLAG_REASONS: Record<NonNullable<StatsCard['flag']>, string> = {
  flagVoicemail: 'Voicemail share is above its threshold',
  flagTargetHU: 'Target hang-up share is above its threshold',
  flagRejectedUnknown: 'Rejected / unknown share is above its threshold',
  flagRedNoConnect: 'No-connect share is above its threshold',
};

const TREND_WORDS: Record<Trend, string> = { up: 'up', down: 'down', flat: 'unchanged' };

function previousText(figures: CardFigures): string {
  const calls = `${formatCount(figures.previousCount)} call${figures.previousCount === 1 ? '' : 's'}`;
  return figures.card.source.kind === 'total' ? `Previous period: ${calls}` : `Previous period: ${formatPercent(figures.previousShare)} (${calls})`;
}

export interface StatsCardViewProps {
  card: StatsCard;
  /** Undefined while loading or when the stats could not be fetched. */
  figures: CardFigures | undefined;
  loading: boolean;
  /** This card's narrowing is the current one (features/stats/hooks/drill-through.ts). */
  pressed: boolean;
  /** The card was clicked: narrow the view to what it counts. */
  onNarrow: (card: StatsCard) => void;
}

/**
 * One stats card: label, count, the share badge with its arrow against the
 * previous period (the previous value in the tooltip), and the warning flag
 * when the API raised it. The label is a button that narrows the view to the
 * card's calls; it stretches over the whole card (CSS), so the card is the
 * click target while the flag and the share badge keep their tooltips.
 */
export function StatsCardView({ card, figures, loading, pressed, onNarrow }: StatsCardViewProps) {
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
          {figures ? <ShareBadge figures={figures} /> : null}
        </div>
      )}
    </article>
  );
}

function ShareBadge({ figures }: { figures: CardFigures }) {
  const tooltip = previousText(figures);
  const Arrow = figures.trend === 'up' ? ArrowUpIcon : figures.trend === 'down' ? ArrowDownIcon : null;
  return (
    <span
      className={`stats-card__share stats-card__share--${figures.trend}`}
      title={tooltip}
      aria-label={`${formatPercent(figures.share)} of total, ${TREND_WORDS[figures.trend]} from the previous period. ${tooltip}`}
      data-trend={figures.trend}
    >
      {Arrow ? <Arrow size={12} /> : <span className="stats-card__flat" aria-hidden="true">–</span>}
      <span className="cb-num">{formatPercent(figures.share)}</span>
    </span>
  );
}
