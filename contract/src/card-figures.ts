/**
 * The 17 stats cards' figures as the dashboard shows them (count, share, the arrow against the compared period
 * and the difference it shows) from GET /api/stats' data, in one home for both sides: Reporting's cards
 * (remote-reporting/src/features/stats/) and a scheduled report's email (api/src/domain/reports/report-email.ts),
 * whose figures must read as the dashboard's do. Its own entry (`@callboard/contract/card-figures`): the sign-in
 * page never loads it.
 */
import { STATS_CARDS, type StatsCard } from './dispositions';
import type { StatsFigures } from './calls';

export type Trend = 'up' | 'down' | 'flat';

/** What a card's arrow compares: Total Processed its count, every other card its share of the calls. */
export type Compared = 'count' | 'share';

/** What one stats card shows, for the current period and the one it is compared with (GET /api/stats' `previous`). */
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
  compared: Compared;
  trend: Trend;
  /** The difference the arrow shows: "+1.5 pts" between shares, "−12 %" between counts. */
  change: string;
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

const MINUS = '\u2212';
const signed = (value: number, digits: number) => {
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(Math.abs(value));
  if (text === '0') return '±0';
  return `${value < 0 ? MINUS : '+'}${text}`;
};

/** Between two shares, in percentage points, as precise as the API's shares (two decimals): "+1.5 pts". */
export function shareChange(now: number, before: number): string {
  return `${signed(Math.round((now - before) * 100) / 100, 2)} pts`;
}

/** Between two counts, relative to the earlier one: "−12 %", a decimal below 10 % ("+2.5 %"); "none before" from nothing. */
export function countChange(now: number, before: number): string {
  if (before === 0) return now === 0 ? '±0 %' : 'none before';
  const percent = ((now - before) / before) * 100;
  return `${signed(percent, Math.abs(percent) < 10 ? 1 : 0)} %`;
}

/** The 17 stats cards, in STATS_CARDS order, from GET /api/stats's data. */
export function cardFigures(current: StatsFigures, previous: StatsFigures | undefined): CardFigures[] {
  return STATS_CARDS.map((card) => {
    const now = figureOf(card, current);
    const before = previous ? figureOf(card, previous) : { count: 0, share: 0 };
    const compared: Compared = card.source.kind === 'total' ? 'count' : 'share';
    return {
      card,
      count: now.count,
      share: now.share,
      previousCount: before.count,
      previousShare: before.share,
      compared,
      trend: compared === 'count' ? compare(now.count, before.count) : compare(now.share, before.share),
      change: compared === 'count' ? countChange(now.count, before.count) : shareChange(now.share, before.share),
      flagged: card.flag ? current.flags[card.flag] === true : false,
    };
  });
}
