/**
 * Renders the Costs view inside the app's host (renderInHost: the real
 * providers, a router at /reporting/costs, the toaster, a signed-in session)
 * with `fetch` answered by a script. Tests assert what a person sees and which
 * requests left.
 */
import type { Breakdown, BreakdownGroup, BreakdownRow, CostStats, FilterOption, Payment, PublicUser, Role } from '@callboard/contract';
import type { FakeResponseInit } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import type { ReactElement } from 'react';

export type { Store } from '@callboard/shared-auth/session';

// ---- Fixtures: small, readable numbers whose formatting is easy to assert ----

export const STATS: CostStats = {
  calls: 1250,
  sales: 50,
  revenue: 12500,
  payout: 4000.5,
  profit: 8499.5,
  margin: 68,
  costPerSale: 80.01,
  currency: 'USD',
};

export function row(key: string, label: string, figures: Partial<BreakdownRow> = {}): BreakdownRow {
  return { key, label, calls: 0, sales: 0, revenue: 0, payout: 0, profit: 0, conversionRate: 0, ...figures };
}

export const BREAKDOWN_ROWS: Record<BreakdownGroup, BreakdownRow[]> = {
  publisher: [
    row('1', 'Acme Media', { calls: 600, sales: 30, revenue: 7000, payout: 2000, profit: 5000, conversionRate: 5 }),
    row('2', 'Beacon Leads', { calls: 400, sales: 15, revenue: 4000, payout: 1500.5, profit: 2499.5, conversionRate: 3.75 }),
    row('3', 'Zenith Calls', { calls: 250, sales: 5, revenue: 1500, payout: 500, profit: 1000, conversionRate: 2 }),
  ],
  campaign: [
    row('10', 'Medicare Q1', { calls: 900, sales: 40, revenue: 10000, payout: 3000, profit: 7000, conversionRate: 4.44 }),
    row('11', 'Auto Insurance', { calls: 350, sales: 10, revenue: 2500, payout: 1000.5, profit: 1499.5, conversionRate: 2.86 }),
  ],
  buyer: [row('20', 'North Buyer', { calls: 1250, sales: 50, revenue: 12500, payout: 4000.5, profit: 8499.5, conversionRate: 4 })],
  target: [row('30', 'Target One', { calls: 1250, sales: 50, revenue: 12500, payout: 4000.5, profit: 8499.5, conversionRate: 4 })],
};

export const PUBLISHERS: FilterOption[] = [
  { value: '2', label: 'Beacon Leads', count: 400 },
  { value: '1', label: 'Acme Media', count: 600 },
  { value: '3', label: 'Zenith Calls', count: 250 },
];

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '7f1c1f5e-0000-4000-8000-000000000001',
    publisherId: '1',
    publisherName: 'Acme Media',
    amount: 1200.5,
    currency: 'USD',
    paidAt: '2026-01-31T19:30:00.000Z',
    method: 'wire',
    reference: 'WIRE-001',
    note: 'January payout',
    createdBy: 'Ada Lovelace',
    createdAt: '2026-01-31T19:31:00.000Z',
    ...overrides,
  };
}

export const PAYMENTS: Payment[] = [
  payment(),
  payment({
    id: '7f1c1f5e-0000-4000-8000-000000000002',
    publisherId: '2',
    publisherName: 'Beacon Leads',
    amount: 300,
    paidAt: '2026-01-15T15:00:00.000Z',
    method: 'ach',
    reference: null,
    note: null,
    createdBy: null,
  }),
];

export const ok = <T,>(data: T, message?: string) => ({ success: true, ...(message ? { message } : {}), data });

// ---- Requests ----

export interface Request {
  url: URL;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Responder = (request: Request) => FakeResponseInit | Response | Promise<FakeResponseInit | Response> | undefined;

/** The API as these tests know it: cost figures, the breakdown by its groupBy, payments, publishers. */
export const defaultApi: Responder = ({ url, method }) => {
  if (method === 'GET' && url.pathname === '/api/cost/stats') return { body: ok(STATS) };
  if (method === 'GET' && url.pathname === '/api/cost/breakdown') {
    const groupBy = (url.searchParams.get('groupBy') ?? 'publisher') as BreakdownGroup;
    const breakdown: Breakdown = { groupBy, rows: BREAKDOWN_ROWS[groupBy] };
    return { body: ok(breakdown) };
  }
  if (method === 'GET' && url.pathname === '/api/cost/payments') return { body: ok(PAYMENTS) };
  if (method === 'GET' && url.pathname === '/api/filters/publishers') return { body: ok({ publishers: PUBLISHERS }) };
  return undefined;
};

export interface RenderOptions {
  role?: Role;
  /** The whole signed-in account instead (a partner with its scope); `role` then goes unused. */
  account?: Partial<PublicUser>;
  /** Filters applied before the first render, through the app's own write atom. */
  filters?: Partial<FilterState>;
  /** Answers first; whatever it leaves undefined falls to `defaultApi`, then to a 404. */
  api?: Responder;
}

export interface Rendered extends Omit<RenderedInHost, 'requests'> {
  /** Every request so far, with its URL parsed and its JSON body read. */
  requests: () => FakeRequest[];
}

export function renderCosts(ui: ReactElement, { role = 'admin', account, filters, api }: RenderOptions = {}): Rendered {
  const rendered = renderInHost(ui, {
    path: '/reporting/costs',
    session: account ?? { role, name: role === 'admin' ? 'Ada Admin' : 'Uma User' },
    setup: (store) => {
      if (filters) store.set(updateFiltersAtom, filters);
    },
    api: async ({ url, method, body, headers }) => {
      const request: Request = { url: new URL(url, 'http://localhost'), method, body, headers };
      return (await api?.(request)) ?? (await defaultApi(request));
    },
  });
  return { ...rendered, requests: () => rendered.requests() };
}
