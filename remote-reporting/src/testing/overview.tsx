/**
 * Renders the overview the way the app does (one jotai store, SWR, the router,
 * toasts) with a fresh store and SWR cache per test, a signed-in session and
 * `fetch` answered by a script, so tests assert what a person sees and which
 * requests left.
 */
import { DISPOSITIONS, type CallDetail, type CallRecord, type RecordsMeta, type StatsData, type StatsFigures } from '@callboard/contract';
import { isLoadingAtom, saveSession } from '@callboard/shared-auth/session';
import { fakeResponse, installFetchMock, makeToken, makeUser, type FakeResponseInit, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { MemoryRouter, Route, Routes, useLocation } from '@callboard/shared-router';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { SWRConfig } from 'swr';
import { OverviewPage } from '../features/overview/components/overview-page';

export type Store = ReturnType<typeof createStore>;

// ---- Data ----

let sequence = 0;

/** A call record as GET /api/calls/records returns it; every field can be overridden. */
export function makeRecord(overrides: Partial<CallRecord> = {}): CallRecord {
  sequence += 1;
  const id = overrides.id ?? String(1000 + sequence);
  return {
    id,
    callTimestamp: '2026-01-15T19:30:05.000Z',
    callerId: `+1555000${String(sequence).padStart(4, '0')}`,
    campaignName: 'Solar Leads',
    publisherName: 'Acme Media',
    systemName: 'Acme Media (system)',
    target_name: 'Target One',
    buyerName: 'Buyer One',
    durationSec: 125,
    connected: true,
    status: 'Sales',
    sub_disposition: 'Closed',
    reason: 'Customer agreed to the offer on the first call',
    summary: 'Short summary',
    transcript: 'Agent: Hello.\nCaller: Hi, I am calling about solar panels.',
    recordingUrl: 'https://recordings.example.com/r1.wav',
    systemCallId: `SC-${id}`,
    systemPublisherId: 'PUB-1',
    systemBuyerId: 'BUY-1',
    revenue: 40,
    payout: 20,
    statusOverridden: false,
    qc: { disposition: 'Sales', sub_disposition: 'Closed', reason: 'Bot reason', summary: 'Bot summary' },
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return { ...makeRecord(overrides), audit: [], ...overrides };
}

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
    range: { preset: 'today', from: '2026-01-15T05:00:00.000Z', to: '2026-01-16T05:00:00.000Z' },
    previous: { ...previous, range: { from: '2026-01-14T05:00:00.000Z', to: '2026-01-15T05:00:00.000Z' } },
  };
  return { success: true, data };
}

export function dispositionsBody() {
  return { success: true, data: { dispositions: DISPOSITIONS.map((d, i) => ({ value: d, label: d, count: i + 1 })) } };
}

// ---- Rendering ----

export type Answer = FakeResponseInit | Response;

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
}

export interface RenderedOverview extends RenderResult {
  store: Store;
  user: UserEvent;
  fetchMock: FetchMock;
  /** Where the router is now. */
  location: { pathname: string; search: string };
  /** The requests made to `path` so far, parsed. */
  requests: (path: string) => URL[];
}

function defaultAnswer(url: URL): Answer {
  if (url.pathname === '/api/stats') return { body: statsBody() };
  if (url.pathname === '/api/calls/records') return { body: recordsBody([]) };
  if (url.pathname === '/api/filters/dispositions') return { body: dispositionsBody() };
  const detail = /^\/api\/calls\/records\/(.+)$/.exec(url.pathname);
  if (detail) return { body: { success: true, data: makeDetail({ id: decodeURIComponent(detail[1] as string) }) } };
  return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
}

function isResponse(answer: Answer): answer is Response {
  return typeof (answer as Response).ok === 'boolean';
}

function LocationProbe({ into }: { into: { pathname: string; search: string } }) {
  const location = useLocation();
  into.pathname = location.pathname;
  into.search = location.search;
  return null;
}

export function renderOverview(options: RenderOverviewOptions = {}): RenderedOverview {
  const { path = '/reporting', respond, filters, setup, ui, fakeTimers = false, keepStorage = false } = options;
  // Filters, UI state and column choices persist in localStorage; toasts live in react-hot-toast's module state.
  if (!keepStorage) localStorage.clear();
  toast.remove();

  const store = createStore();
  saveSession(store, { token: makeToken(3600), user: makeUser() });
  store.set(isLoadingAtom, false);
  if (filters) store.set(updateFiltersAtom, filters);
  setup?.(store);

  const fetchMock = installFetchMock(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = (await respond?.(url, init)) ?? defaultAnswer(url);
    return isResponse(answer) ? answer : fakeResponse(answer);
  });

  const location = { pathname: path, search: '' };
  const page = ui ?? <OverviewPage />;
  const view = render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {/* As the shell mounts the area (reporting/*) and as app.tsx routes inside it. */}
            <Route
              path="/reporting/*"
              element={
                <Routes>
                  <Route index element={page} />
                  <Route path="calls/:callId" element={page} />
                </Routes>
              }
            />
          </Routes>
          <LocationProbe into={location} />
        </MemoryRouter>
        <Toaster />
      </SWRConfig>
    </Provider>,
  );

  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const requests = (target: string) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === target);
  return { ...view, store, user, fetchMock, location, requests };
}
