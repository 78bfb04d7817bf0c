import type { CostStats, MoneyField } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { DASH, formatCount, formatMoney, formatPercent } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useId, type ReactNode } from 'react';
import { useCostStats } from '../api/cost-api';

type Tone = 'positive' | 'negative' | undefined;

interface Figure {
  label: string;
  value: (stats: CostStats) => string;
  /** A short line under the value saying what the number is made of. */
  note: (stats: CostStats) => ReactNode;
  tone?: (stats: CostStats) => Tone;
  /** The money cards lead the row and carry an accent. */
  primary?: boolean;
  /** The money figures the card is made of: a partner sees it only with all of them (screen-access.ts). */
  money?: readonly MoneyField[];
}

const signTone = (value: number): Tone => (value > 0 ? 'positive' : value < 0 ? 'negative' : undefined);

/** The order people read a P&L in: what came in, what went out, what is left, then the volumes. */
const FIGURES: readonly Figure[] = [
  { label: 'Revenue', primary: true, money: ['revenue'], value: (s) => formatMoney(s.revenue, s.currency), note: () => 'from buyers' },
  { label: 'Payout', primary: true, money: ['payout'], value: (s) => formatMoney(s.payout, s.currency), note: () => 'to publishers' },
  {
    label: 'Profit',
    primary: true,
    money: ['profit'],
    value: (s) => formatMoney(s.profit, s.currency),
    note: () => 'revenue − payout',
    tone: (s) => signTone(s.profit),
  },
  { label: 'Margin', money: ['profit', 'revenue'], value: (s) => formatPercent(s.margin, 2), note: () => 'profit ÷ revenue', tone: (s) => signTone(s.margin) },
  { label: 'Cost per Sale', money: ['payout'], value: (s) => formatMoney(s.costPerSale, s.currency), note: () => 'payout ÷ sales' },
  { label: 'Calls', value: (s) => formatCount(s.calls), note: () => 'in range' },
  {
    label: 'Sales',
    value: (s) => formatCount(s.sales),
    // The API sends no conversion for the whole range; it is cheap and useful to show here.
    note: (s) => (s.calls > 0 ? `${formatPercent((s.sales / s.calls) * 100, 1)} of calls` : 'no calls'),
  },
];

/**
 * Revenue, payout, profit, margin and cost per sale (plus calls and sales) for
 * the current filters, as far as the person may see the money (a publisher partner: its payout). Each card
 * keeps its place while loading, so the page does not jump when the figures arrive.
 */
export function CostSummary() {
  const { seesMoney } = useScreenAccess();
  const figures = FIGURES.filter((figure) => (figure.money ?? []).every(seesMoney));
  const { data, error, isLoading, mutate } = useCostStats();
  const stats = data?.data;
  const loading = isLoading && !stats;

  return (
    <section className="costs-summary" aria-label="Cost summary" aria-busy={loading || undefined}>
      {error ? <LoadError title="Failed to load cost figures." error={error} onRetry={() => void mutate()} /> : null}
      {loading ? (
        <p className="cb-sr-only" role="status">
          Loading costs...
        </p>
      ) : null}
      <div className="costs-summary__grid">
        {figures.map((figure) => (
          <SummaryCard key={figure.label} figure={figure} stats={stats} loading={loading} />
        ))}
      </div>
    </section>
  );
}

function SummaryCard({ figure, stats, loading }: { figure: Figure; stats: CostStats | undefined; loading: boolean }) {
  const labelId = useId();
  const tone = stats && figure.tone ? figure.tone(stats) : undefined;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={['cb-card', 'costs-card', figure.primary && 'costs-card--primary'].filter(Boolean).join(' ')}
    >
      <span id={labelId} className="costs-card__label">
        {figure.label}
      </span>
      {loading ? (
        <span className="costs-card__value costs-card__value--loading">
          <Spinner size="sm" decorative />
        </span>
      ) : (
        // The title keeps a value readable when a narrow card cuts it with an ellipsis.
        <span className={['costs-card__value', 'cb-num', tone && `costs-card__value--${tone}`].filter(Boolean).join(' ')} title={stats ? figure.value(stats) : undefined}>
          {stats ? figure.value(stats) : DASH}
        </span>
      )}
      <span className="costs-card__note">{stats ? figure.note(stats) : '\u00a0'}</span>
    </div>
  );
}
