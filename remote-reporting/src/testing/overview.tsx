/**
 * Renders the overview inside the app's host (renderInHost: the real
 * providers, a router under /reporting as the shell mounts the area, the
 * toaster, a signed-in session) with `fetch` answered by a script, so tests
 * assert what a person sees and which requests left.
 */
import {
  DISPOSITIONS,
  REJECTED_UNKNOWN,
  type CallRecord,
  type PublicUser,
  type RecordsMeta,
  type SeriesBucket,
  type SeriesData,
  type StatsData,
  type StatsFigures,
} from '@callboard/contract';
import type { Store } from '@callboard/shared-auth/session';
import { makeCallDetail, makeCallRecord } from '@callboard/shared-auth/testing/call-records';
import { renderInHost, type FakeAnswer, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { Route, Routes } from '@callboard/shared-router';
import type { ReactElement } from 'react';
import { OverviewPage } from '../features/overview/components/overview-page';

export type { Store } from '@callboard/shared-auth/session';

// ---- Data ----

/** A call record as GET /api/calls/records returns it; every field can be overridden. */
export const makeRecord = makeCallRecord;
export const makeDetail = makeCallDetail;

export function recordsBody(rows: CallRecord[], meta: Partial<RecordsMeta> = {}) {
  const limit = meta.limit ?? 25;
  const total = meta.total ?? rows.length;
  return { success: true, data: rows, meta: { total, page: meta.page ?? 1, pages: meta.pages ?? Math.ceil(total / limit), limit } };
}

/** Figures with the given disposition counts; shares are computed as the API does (two decimals). */
export function makeFigures(counts: Partial<Record<string, number>> = {}, extra: { total?: number; notConnected?: number; flags?: Partial<StatsFigures['flags']> } = {}): StatsFigures {
  const known = DISPOSITIONS.reduce((sum, d) => sum + (counts[d] ?? 0), 0);
  const totalCalls = extra.total ?? known;
  const pct = (n: number) => (totalCalls === 0 ? 0 : Math.round((n / totalCalls) * 10_000) / 100);
  const rejected = totalCalls - known;
  const notConnected = extra.notConnected ?? 0;
  return {
    totalCalls,
    dispositions: DISPOSITIONS.map((disposition) => ({ disposition, count: counts[disposition] ?? 0, percentage: pct(counts[disposition] ?? 0) })),
    flags: {
      rejectedUnknownCount: rejected,
      rejectedUnknownPct: pct(rejected),
      redNoConnectCount: notConnected,
      redNoConnectPct: pct(notConnected),
      flagVoicemail: false,
      flagTargetHU: false,
      flagRejectedUnknown: false,
      flagRedNoConnect: false,
      ...extra.flags,
    },
  };
}

export function statsBody(current: StatsFigures = makeFigures(), previous: StatsFigures = makeFigures()) {
  const data: StatsData = {
    ...current,
    // Today at 07:30 (EST): compared with yesterday until 07:30, as the API cuts a period in progress.
    range: { preset: 'today', from: '2026-01-15T05:00:00.000Z', to: '2026-01-16T05:00:00.000Z' },
    previous: { ...previous, range: { from: '2026-01-14T05:00:00.000Z', to: '2026-01-14T12:30:00.000Z' } },
  };
  return { success: true, data };
}

const HOUR_MS = 3_600_000;
/** Hours from 2026-01-15 00:00 in New York (UTC-5 then), as the API writes bucket bounds. */
const SERIES_START_MS = Date.parse('2026-01-15T05:00:00Z');

function newYorkIso(ms: number): string {
  // January: New York is UTC-5 all month.
  return `${new Date(ms - 5 * HOUR_MS).toISOString().slice(0, 19)}-05:00`;
}

/**
 * A GET /api/stats/series body of hourly buckets from 2026-01-15 00:00 New
 * York time: one bucket per entry of `counts` (keys: dispositions or
 * REJECTED_UNKNOWN; absent ones are 0), the previous day's totals from `previousTotals`.
 */
export function seriesBody(counts: Partial<Record<string, number>>[], previousTotals: number[] = [], bucket: SeriesBucket = 'hour') {
  const keys = [...DISPOSITIONS, REJECTED_UNKNOWN];
  const at = (index: number, offsetHours = 0) => newYorkIso(SERIES_START_MS + (index + offsetHours) * HOUR_MS);
  const data: SeriesData = {
    bucket,
    buckets: counts.map((given, index) => {
      const full = Object.fromEntries(keys.map((key) => [key, given[key] ?? 0]));
      return { from: at(index), to: at(index + 1), total: keys.reduce((sum, key) => sum + (full[key] ?? 0), 0), counts: full };
    }),
    previous: { buckets: counts.map((_, index) => ({ from: at(index, -24), to: at(index + 1, -24), total: previousTotals[index] ?? 0 })) },
  };
  return { success: true, data };
}

export function dispositionsBody() {
  return { success: true, data: { dispositions: DISPOSITIONS.map((d, i) => ({ value: d, label: d, count: i + 1 })) } };
}

// ---- Rendering ----

export type Answer = FakeAnswer;

export interface RenderOverviewOptions {
  /** Where the router starts; /reporting by default. */
  path?: string;
  /** Answers a request; return undefined to fall back to the default answer for its path. */
  respond?: (url: URL, init?: RequestInit) => Answer | undefined | Promise<Answer | undefined>;
  /** Filter state to start from, applied through the same write atom the app uses. */
  filters?: Partial<FilterState>;
  /** Anything else to set up in the store before the first render. */
  setup?: (store: Store) => void;
  /** What to render instead of the whole page (still inside the router at /reporting). */
  ui?: ReactElement;
  /** Fake timers: user-event must advance them itself. */
  fakeTimers?: boolean;
  /** Keep localStorage from an earlier render (a reload). */
  keepStorage?: boolean;
  /** Who is signed in (makeUser with these overrides); the host's default account otherwise. */
  account?: Partial<PublicUser>;
}

export interface RenderedOverview extends Omit<RenderedInHost, 'requests'> {
  /** The requests made to `path` so far, parsed. */
  requests: (path: string) => URL[];
}

function defaultAnswer(url: URL): Answer {
  if (url.pathname === '/api/stats') return { body: statsBody() };
  if (url.pathname === '/api/stats/series') return { body: seriesBody([{}]) };
  if (url.pathname === '/api/calls/records') return { body: recordsBody([]) };
  if (url.pathname === '/api/filters/dispositions') return { body: dispositionsBody() };
  const detail = /^\/api\/calls\/records\/(.+)$/.exec(url.pathname);
  if (detail) return { body: { success: true, data: makeDetail({ id: decodeURIComponent(detail[1] as string) }) } };
  return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
}

export function renderOverview(options: RenderOverviewOptions = {}): RenderedOverview {
  const { path = '/reporting', respond, filters, setup, ui, fakeTimers = false, keepStorage = false, account } = options;
  const page = ui ?? <OverviewPage />;
  const rendered = renderInHost(
    // As app.tsx routes inside the area.
    <Routes>
      <Route index element={page} />
      <Route path="calls/:callId" element={page} />
    </Routes>,
    {
      path,
      route: '/reporting/*',
      fakeTimers,
      keepStorage,
      ...(account ? { session: account } : {}),
      setup: (store) => {
        if (filters) store.set(updateFiltersAtom, filters);
        setup?.(store);
      },
      api: async (request, init) => {
        const url = new URL(request.url, 'http://localhost');
        return (await respond?.(url, init)) ?? defaultAnswer(url);
      },
    },
  );
  const requests = (target: string) => rendered.requests(target).map((request) => new URL(request.url, 'http://localhost'));
  return { ...rendered, requests };
}
