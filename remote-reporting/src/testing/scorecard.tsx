/**
 * Renders the Scorecard tab inside the app's host (renderInHost: the real
 * providers, a router at /reporting/scorecard, a signed-in session) with
 * `fetch` answered by a script that sorts like the API, so tests assert what
 * a person sees and which requests left.
 */
import { REJECTED_UNKNOWN } from '@callboard/contract';
import {
  SCORECARD_DEFAULT_MIN_CALLS,
  type ScorecardData,
  type ScorecardGroupBy,
  type ScorecardRow,
  type ScorecardSortColumn,
} from '@callboard/contract/scorecard';
import type { FakeResponseInit } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import type { ReactElement } from 'react';

export function scoreRow(key: string, label: string, figures: Partial<ScorecardRow> = {}): ScorecardRow {
  return {
    key,
    label,
    calls: 0,
    connected: 0,
    sales: 0,
    salesRate: 0,
    counts: { [REJECTED_UNKNOWN]: 0 },
    voicemailPct: 0,
    hungupPct: 0,
    rejectedUnknownPct: 0,
    redNoConnectPct: 0,
    flags: [],
    repeatCalls: 0,
    repeatPct: 0,
    revenue: '0.00',
    payout: '0.00',
    profit: '0.00',
    previous: { calls: 0, salesRate: 0, profit: '0.00' },
    disputes: 0,
    disputesDecided: 0,
    disputeRate: 0,
    acceptanceRate: null,
    credited: '0.00',
    clawedBack: '0.00',
    aiAgreement: null,
    ...figures,
  };
}

export const SCORE_ROWS: Record<ScorecardGroupBy, ScorecardRow[]> = {
  publisher: [
    scoreRow('1', 'Acme Media', {
      calls: 600, connected: 570, sales: 30, salesRate: 5, voicemailPct: 25, hungupPct: 2, redNoConnectPct: 5, flags: ['flagVoicemail', 'flagRedNoConnect'],
      repeatCalls: 12, repeatPct: 2, revenue: '7000.00', payout: '2000.00', profit: '5000.00', previous: { calls: 500, salesRate: 6, profit: '5000.00' },
      disputes: 6, disputesDecided: 4, disputeRate: 1, acceptanceRate: 75, credited: '120.00', clawedBack: '45.50', aiAgreement: 50,
    }),
    scoreRow('2', 'Beacon Leads', {
      calls: 400, connected: 400, sales: 15, salesRate: 3.75, voicemailPct: 10, revenue: '4000.00', payout: '1500.50', profit: '2499.50',
      previous: { calls: 450, salesRate: 3, profit: '2600.00' },
    }),
    scoreRow('3', '=cmd|calc', { calls: 250, connected: 240, sales: 5, salesRate: 2, revenue: '1500.00', payout: '1600.00', profit: '-100.00' }),
  ],
  campaign: [scoreRow('10', 'Medicare Q1', { calls: 900, sales: 40, salesRate: 4.44, revenue: '10000.00', payout: '3000.00', profit: '7000.00' })],
  buyer: [scoreRow('20', 'North Buyer', { calls: 1250 }), scoreRow('0', '(no buyer)', { calls: 10 })],
  target: [scoreRow('30', 'Target One', { calls: 1250 })],
};

const ok = <T,>(data: T) => ({ success: true, data });

/** Sorted as the API sorts: by the column either way, money by its amount, ties by label then key. */
function sorted(rows: ScorecardRow[], sortBy: ScorecardSortColumn, sortDir: string): ScorecardRow[] {
  const value = (row: ScorecardRow) => (sortBy === 'label' ? row.label : Number(row[sortBy]));
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const primary = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
    return (sortDir === 'asc' ? primary : -primary) || a.label.localeCompare(b.label) || Number(a.key) - Number(b.key);
  });
}

export type Responder = (url: URL) => FakeResponseInit | Response | Promise<FakeResponseInit | Response> | undefined;

export const scorecardApi: Responder = (url) => {
  if (url.pathname !== '/api/scorecard') return undefined;
  const groupBy = (url.searchParams.get('groupBy') ?? 'publisher') as ScorecardGroupBy;
  // Flags only from minCalls calls, as api/src/domain/scorecard/scorecard-rows.ts decides them.
  const minCalls = Number(url.searchParams.get('minCalls') ?? SCORECARD_DEFAULT_MIN_CALLS);
  const rows = SCORE_ROWS[groupBy].map((row) => (row.calls >= minCalls ? row : { ...row, flags: [] }));
  const data: ScorecardData = { groupBy, rows: sorted(rows, (url.searchParams.get('sortBy') ?? 'calls') as ScorecardSortColumn, url.searchParams.get('sortDir') ?? 'desc') };
  return { body: ok(data) };
};

export interface Rendered extends Omit<RenderedInHost, 'requests'> {
  requests: () => FakeRequest[];
}

export function renderScorecard(
  ui: ReactElement,
  { filters, api, keepStorage }: { filters?: Partial<FilterState>; api?: Responder; keepStorage?: boolean } = {},
): Rendered {
  const rendered = renderInHost(ui, {
    keepStorage,
    path: '/reporting/scorecard',
    session: { role: 'user', name: 'Uma User' },
    setup: (store) => {
      if (filters) store.set(updateFiltersAtom, filters);
    },
    api: async ({ url }) => {
      const parsed = new URL(url, 'http://localhost');
      return (await api?.(parsed)) ?? (await scorecardApi(parsed));
    },
  });
  return { ...rendered, requests: () => rendered.requests() };
}
