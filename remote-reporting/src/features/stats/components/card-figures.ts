import { STATS_CARDS, type StatsCard, type StatsFigures } from '@callboard/contract';

export type Trend = 'up' | 'down' | 'flat';

/** What one stats card shows, for the current period and the previous one of equal length. */
export interface CardFigures {
  card: StatsCard;
  count: number;
  /** Share of Total Processed in percent, so cards of different sizes compare; 100 for Total Processed itself when there are calls. */
  share: number;
  previousCount: number;
  previousShare: number;
  /**
   * The share against the previous period's share. Total Processed is always
   * 100 % of itself, so its arrow compares the counts instead.
   */
  trend: Trend;
  /** The API raised this card's warning flag. */
  flagged: boolean;
}

interface Figure {
  count: number;
  share: number;
}

function figureOf(card: StatsCard, figures: StatsFigures): Figure {
  const { source } = card;
  switch (source.kind) {
    case 'total':
      return { count: figures.totalCalls, share: figures.totalCalls > 0 ? 100 : 0 };
    case 'rejectedUnknown':
      return { count: figures.flags.rejectedUnknownCount, share: figures.flags.rejectedUnknownPct };
    case 'redNoConnect':
      return { count: figures.flags.redNoConnectCount, share: figures.flags.redNoConnectPct };
    case 'disposition': {
      const row = figures.dispositions.find((d) => d.disposition === source.disposition);
      return { count: row?.count ?? 0, share: row?.percentage ?? 0 };
    }
  }
}

function compare(current: number, previous: number): Trend {
  if (current > previous) return 'up';
  if (current < previous) return 'down';
  return 'flat';
}

/** The 17 stats cards, in STATS_CARDS order, from GET /api/stats's data. */
export function cardFigures(current: StatsFigures, previous: StatsFigures | undefined): CardFigures[] {
  return STATS_CARDS.map((card) => {
    const now = figureOf(card, current);
    const before = previous ? figureOf(card, previous) : { count: 0, share: 0 };
    const trend = card.source.kind === 'total' ? compare(now.count, before.count) : compare(now.share, before.share);
    return {
      card,
      count: now.count,
      share: now.share,
      previousCount: before.count,
      previousShare: before.share,
      trend,
      flagged: card.flag ? current.flags[card.flag] === true : false,
    };
  });
}
