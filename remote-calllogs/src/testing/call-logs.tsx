/**
 * Renders the Call Logs area inside the app's host (renderInHost: the real
 * providers, a router under /callLogs as the shell mounts the area, the
 * toaster, an admin signed in) with `fetch` answered by a small in-memory calls
 * API, and an IntersectionObserver that tests drive by hand (jsdom has none).
 */
import { verdictAfter, type CallAuditEntry, type CallerCall, type CallMatches, type CallRecord, type ChangeAction, type DispositionBody, type PublicUser } from '@callboard/contract';
import type { Dispute, DisputeDecisionBody } from '@callboard/contract/disputes';
import { formatRecordsCursor, parseRecordsCursor, type RecordsCursorKey } from '@callboard/contract/records-cursor';
import { callsChangedAtom, liveStatusAtom } from '@callboard/shared-auth/live-status';
import { makeCallRecord } from '@callboard/shared-auth/testing/call-records';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { ShortcutsHelp } from '@callboard/shared-ui/shortcuts-help';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { act, configure } from '@testing-library/react';
import App from '../app';
import { newestFirst } from '../features/call-log/hooks/merge-calls';

export type { Store } from '@callboard/shared-auth/session';

// A page of the log goes through the fake fetch, the virtualiser and a render of up to a few hundred rows: on a
// machine shared by many test workers that can take past testing-library's 1 s default for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

// ---- IntersectionObserver, by hand ----

class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  readonly elements = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
}

/** Tells the observers of the element with this test id that it entered or left the viewport. */
export function setInView(testId: 'log-top' | 'log-end', isIntersecting: boolean) {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.live]) {
      for (const target of observer.elements) {
        if (target.getAttribute('data-testid') !== testId) continue;
        const entry = { isIntersecting, target, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry;
        observer.callback([entry], observer as unknown as IntersectionObserver);
      }
    }
  });
}

beforeEach(() => {
  FakeIntersectionObserver.live.clear();
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  setViewportHeight(TALL_VIEWPORT);
});

// ---- The viewport ----

/** Tall enough that the log draws every row a test loads (its rows are virtualised: virtual-log-table.tsx). */
const TALL_VIEWPORT = 100_000;

/**
 * The window's height, which the log's virtualiser reads. jsdom lays nothing
 * out and does not scroll: window.scrollTo, which the virtualiser calls to
 * bring a row into view, moves scrollY here and, as a browser does, tells the
 * page it scrolled a moment later (scrolledTo waits for that).
 */
export function setViewportHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  // How far the page can scroll, which the virtualiser reads before scrolling: as far as any test needs.
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 1_000_000_000 });
  window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? window.scrollY);
    if (top === window.scrollY) return;
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: Math.max(0, top) });
    setTimeout(() => window.dispatchEvent(new Event('scroll')), 0);
  }) as typeof window.scrollTo;
}

/** Scrolls the window to `top` and waits until the page has been told. */
export async function scrolledTo(top: number) {
  await act(async () => {
    window.scrollTo(0, top);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

/** Waits for scrolls the page asked for itself (a row brought into view) to be told. */
export async function scrollsSettled() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

// ---- Calls ----

/** A call's place as the API's cursor writes it: its time in microseconds and its id. */
export function cursorOf(call: CallRecord): string {
  return formatRecordsCursor({ callMicros: String(Date.parse(call.callTimestamp) * 1000), id: call.id });
}

/** The place a cursor names, as a call at that place (for newestFirst). */
function placeOf(cursor: string): CallRecord {
  const key = parseRecordsCursor(cursor) as RecordsCursorKey;
  return makeCall(0, { id: key.id, callTimestamp: new Date(Number(key.callMicros) / 1000).toISOString() });
}

const BASE_TIME = Date.parse('2026-03-09T18:00:00.000Z');

/** A call whose time grows with its id, so a larger id is a newer call. */
export function makeCall(id: number, overrides: Partial<CallRecord> = {}): CallRecord {
  return makeCallRecord({
    id: String(id),
    callTimestamp: new Date(BASE_TIME + id * 60_000).toISOString(),
    callerId: `+1555000${String(id).padStart(4, '0')}`,
    campaignName: 'Medicare Inbound',
    publisherName: 'Acme Leads',
    systemName: 'Acme Leads',
    target_name: 'Target A',
    buyerName: 'Buyer One',
    durationSec: 125,
    connected: true,
    status: 'Sales',
    sub_disposition: null,
    reason: null,
    summary: null,
    transcript: null,
    recordingUrl: null,
    systemCallId: `SYS-${id}`,
    systemPublisherId: null,
    systemBuyerId: null,
    revenue: 42.5,
    payout: 12,
    statusOverridden: false,
    qc: { disposition: 'Sales', sub_disposition: null, reason: null, summary: null },
    ...overrides,
  });
}

/** Calls with ids from..to (inclusive). */
export function makeCalls(from: number, to: number, overrides: Partial<CallRecord> = {}): CallRecord[] {
  return Array.from({ length: to - from + 1 }, (_, i) => makeCall(from + i, overrides));
}

export interface FakeCallsApi {
  /** The calls the server holds now; push to make calls "arrive". */
  calls: CallRecord[];
  audits: Map<string, CallAuditEntry[]>;
  /** The words a transcript search matched, per call: sent with the detail when it is asked for with `q`. */
  matches: Map<string, CallMatches>;
  /** A call's caller's other calls, as its detail lists them (none unless set). */
  callerCalls: Map<string, CallerCall[]>;
  /** Bodies of PUT /api/calls/bulk-update, parsed. */
  bulkBodies: unknown[];
  /** Each one-call change asked for: PUT …/disposition (its body) and POST …/restore-verdict. */
  changeRequests: { id: string; kind: 'set' | 'restore'; body?: DispositionBody }[];
  /** The change ids POST …/changes/{id}/undo was asked for. */
  undoRequests: string[];
  /** Answers the next matching request with this failure instead. */
  failNext(path: 'records' | 'detail' | 'bulk' | 'change' | 'undo', status?: number, message?: string): void;
  /** Holds every records request until released (to look at loading states). */
  hold(): () => void;
  /** The disputes the server holds (GET /api/disputes, a call's disputes); decisions and withdrawals change them. */
  disputes: Dispute[];
  /** Bodies of POST /api/disputes/{id}/decision, with the dispute's id. */
  decisionBodies: { id: string; body: DisputeDecisionBody }[];
  respond(url: URL, init?: RequestInit): Promise<Response>;
}

type Verdict = CallAuditEntry['from'];
const verdictOf = (call: CallRecord): Verdict => ({ status: call.status, sub_disposition: call.sub_disposition, reason: call.reason });

/**
 * The calls endpoints over an in-memory list: records pages by offset in the
 * API's order (newest first), a call's detail with its audit, and the changes
 * — bulk update, one call's disposition, restoring the AI's verdict, undo —
 * which change the calls and their history, so refetches see them.
 */
export function fakeCallsApi(calls: CallRecord[] = []): FakeCallsApi {
  const failures = new Map<string, { status: number; message: string }>();
  let gate: Promise<void> | null = null;
  /** Every change set: the calls it changed, as they were before. */
  const changes = new Map<string, { id: string; before: CallRecord }[]>();
  let changeSeq = 0;
  let auditSeq = 100;

  /** Applies `next` to the calls, writing one audit row each, as one change set; null when nothing changed. */
  const change = (action: ChangeAction, next: { id: string; to: CallRecord }[]): string | null => {
    const changed = next.filter(({ id, to }) => {
      const call = api.calls.find((c) => c.id === id);
      return call && (JSON.stringify(verdictOf(call)) !== JSON.stringify(verdictOf(to)) || call.statusOverridden !== to.statusOverridden);
    });
    if (changed.length === 0) return null;
    const changeId = `c${++changeSeq}`;
    changes.set(changeId, changed.map(({ id }) => ({ id, before: api.calls.find((c) => c.id === id)! })));
    for (const { id, to } of changed) {
      const before = api.calls.find((c) => c.id === id)!;
      api.calls = api.calls.map((c) => (c.id === id ? to : c));
      const entry: CallAuditEntry = {
        id: String(++auditSeq),
        changedAt: new Date(Date.parse('2026-03-11T15:00:00.000Z') + auditSeq * 1000).toISOString(),
        userId: 'u-me',
        userName: 'Rita Reviewer',
        userEmail: 'rita@example.com',
        from: verdictOf(before),
        to: verdictOf(to),
        changeId,
        action,
      };
      api.audits.set(id, [entry, ...(api.audits.get(id) ?? [])]);
    }
    return changeId;
  };
  /** Each dispute decision's change set: the dispute as it was before it. */
  const disputeChanges = new Map<string, Dispute>();
  const disputeReply = (dispute: Dispute, changeId: string | null) => jsonResponse({ success: true, data: { dispute, changeId } });
  const respondDisputes = (url: URL, method: string, init?: RequestInit): Response | null => {
    const ofCall = /^\/api\/calls\/([^/]+)\/disputes$/.exec(url.pathname);
    if (ofCall && method === 'GET') {
      const disputes = api.disputes.filter((d) => d.callId === ofCall[1]);
      const open = disputes.some((d) => d.status === 'open');
      const eligibility = open
        ? { allowed: false, refusal: 'This call already has an open dispute', windowDays: 7, windowEndsAt: null }
        : { allowed: true, windowDays: 7, windowEndsAt: '2026-03-17T14:00:00.000Z' };
      return jsonResponse({ success: true, data: { disputes, eligibility } });
    }
    if (url.pathname === '/api/disputes' && method === 'GET') {
      const statuses = url.searchParams.get('status')?.split(',');
      const data = api.disputes.filter((d) => !statuses || statuses.includes(d.status));
      return jsonResponse({ success: true, data, meta: { total: data.length, page: 1, pages: 1, limit: 50 } });
    }
    const action = /^\/api\/disputes\/([^/]+)\/(decision|withdraw)$/.exec(url.pathname);
    if (!action || method !== 'POST') return null;
    const [, id, what] = action as unknown as [string, string, string];
    const dispute = api.disputes.find((d) => d.id === id);
    if (!dispute) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Dispute not found' }, 404);
    if (dispute.status !== 'open') return jsonResponse({ success: false, code: 'CONFLICT', message: 'This dispute is no longer open: it was decided or withdrawn meanwhile' }, 409);
    const replace = (next: Dispute) => (api.disputes = api.disputes.map((d) => (d.id === id ? next : d)));
    if (what === 'withdraw') {
      const next: Dispute = { ...dispute, status: 'withdrawn', withdrawnAt: '2026-03-12T10:00:00.000Z' };
      replace(next);
      return disputeReply(next, null);
    }
    const body = JSON.parse(init?.body as string) as DisputeDecisionBody;
    api.decisionBodies.push({ id, body });
    const changeId = `c${++changeSeq}`;
    disputeChanges.set(changeId, dispute);
    const status = body.decision === 'accept' ? 'accepted' : body.decision === 'partial' ? 'partial' : 'rejected';
    const credited = body.decision === 'accept' ? dispute.revenue : body.decision === 'partial' ? body.amount : 0;
    const clawedBack = body.clawBack === 'full' ? dispute.payout : body.clawBack === 'partial' ? body.clawBackAmount : 0;
    const next: Dispute = {
      ...dispute,
      status,
      decision: { decision: body.decision, note: body.note, decidedBy: { id: 'u-me', name: 'Rita Reviewer' }, decidedAt: '2026-03-12T10:00:00.000Z', credited, clawedBack, changeId },
    };
    replace(next);
    return disputeReply(next, changeId);
  };
  const detailOf = (call: CallRecord) => ({ ...call, audit: api.audits.get(call.id) ?? [], callerCalls: api.callerCalls.get(call.id) ?? [] });

  const api: FakeCallsApi = {
    calls: [...calls],
    audits: new Map(),
    matches: new Map(),
    callerCalls: new Map(),
    bulkBodies: [],
    changeRequests: [],
    undoRequests: [],
    disputes: [],
    decisionBodies: [],
    failNext(path, status = 500, message = 'Database unavailable') {
      failures.set(path, { status, message });
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    async respond(url, init) {
      const method = init?.method ?? 'GET';
      const fail = (path: string) => {
        const failure = failures.get(path);
        if (!failure) return null;
        failures.delete(path);
        return jsonResponse({ success: false, code: 'INTERNAL', message: failure.message }, failure.status);
      };
      const disputeAnswer = respondDisputes(url, method, init);
      if (disputeAnswer) return disputeAnswer;
      if (url.pathname === '/api/calls/records') {
        if (gate) await gate;
        const failed = fail('records');
        if (failed) return failed;
        const limit = Number(url.searchParams.get('limit') ?? 25);
        const sorted = [...api.calls].sort(newestFirst);
        const total = sorted.length;
        const cursor = url.searchParams.get('cursor');
        // By cursor: the calls after its place (the API's keyset, over these calls' millisecond times).
        const from = cursor === null ? 0 : sorted.findIndex((call) => newestFirst(placeOf(cursor), call) < 0);
        const page = Number(url.searchParams.get('page') ?? 1);
        const start = cursor === null ? (page - 1) * limit : from === -1 ? total : from;
        const data = sorted.slice(start, start + limit);
        const last = data[data.length - 1];
        const nextCursor = last && start + limit < total ? cursorOf(last) : null;
        const meta = cursor === null ? { total, page, pages: Math.ceil(total / limit), limit, nextCursor } : { total, limit, nextCursor };
        return jsonResponse({ success: true, data, meta });
      }
      const detail = /^\/api\/calls\/records\/(\d+)$/.exec(url.pathname);
      if (detail) {
        const failed = fail('detail');
        if (failed) return failed;
        const call = api.calls.find((c) => c.id === detail[1]);
        if (!call) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Call not found' }, 404);
        const matches = url.searchParams.has('q') ? api.matches.get(call.id) : undefined;
        return jsonResponse({ success: true, data: { ...detailOf(call), ...(matches ? { matches } : {}) } });
      }
      if (url.pathname === '/api/calls/bulk-update' && method === 'PUT') {
        const body = JSON.parse(init?.body as string) as { ids: string[]; set: { status: string } };
        api.bulkBodies.push(body);
        const failed = fail('bulk');
        if (failed) return failed;
        const next = api.calls.filter((c) => body.ids.includes(c.id) && c.status !== body.set.status).map((c) => ({ id: c.id, to: { ...c, status: body.set.status, statusOverridden: true } }));
        const changeId = change('bulk', next);
        return jsonResponse({ success: true, message: `${next.length} calls updated`, data: { updated: next.length, changeId } });
      }
      const one = /^\/api\/calls\/(\d+)\/(disposition|restore-verdict)$/.exec(url.pathname);
      if (one) {
        const [, id, what] = one as unknown as [string, string, string];
        const body = what === 'disposition' ? (JSON.parse(init?.body as string) as DispositionBody) : undefined;
        api.changeRequests.push({ id, kind: what === 'disposition' ? 'set' : 'restore', ...(body ? { body } : {}) });
        const failed = fail('change');
        if (failed) return failed;
        const call = api.calls.find((c) => c.id === id);
        if (!call) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Call not found' }, 404);
        const to: CallRecord = body
          ? { ...call, ...verdictAfter(call, body), statusOverridden: true }
          : { ...call, status: call.qc.disposition ?? '', sub_disposition: call.qc.sub_disposition, reason: call.qc.reason, statusOverridden: false };
        const changeId = change(body ? 'set' : 'restore', [{ id, to }]);
        return jsonResponse({ success: true, data: { ...detailOf(api.calls.find((c) => c.id === id)!), changeId } });
      }
      const undo = /^\/api\/calls\/changes\/([^/]+)\/undo$/.exec(url.pathname);
      if (undo && method === 'POST') {
        const changeId = undo[1]!;
        api.undoRequests.push(changeId);
        const failed = fail('undo');
        if (failed) return failed;
        // An undone decision: the dispute is open again (its call's money is the server's, not this fake's).
        const before = disputeChanges.get(changeId);
        if (before) {
          disputeChanges.delete(changeId);
          api.disputes = api.disputes.map((d) => (d.id === before.id ? before : d));
          return jsonResponse({ success: true, data: { changeId: `c${++changeSeq}`, restored: 1, skipped: 0 } });
        }
        const undone = change('undo', (changes.get(changeId) ?? []).map(({ id, before }) => ({ id, to: before })));
        const restored = changes.get(changeId)?.length ?? 0;
        return jsonResponse({ success: true, data: { changeId: undone, restored, skipped: 0 } });
      }
      return jsonResponse({ success: true, data: {} });
    },
  };
  return api;
}

// ---- Rendering ----

export interface RenderOptions {
  api?: FakeCallsApi;
  account?: Partial<PublicUser>;
  filters?: Partial<FilterState>;
  /** Turns Auto Refresh on with this interval (ms). */
  pollEveryMs?: number;
  /** The tab's live stream is open (liveStatusAtom); the test announces changes with `announceChange`. */
  live?: boolean;
  /** The path inside the area, e.g. "/calls/7". */
  path?: string;
  /** The query, e.g. "?page=2". */
  search?: string;
  /** Mounts the `?` shortcuts listener beside the area, as the hosts do (the shell's frame, StandaloneHost). */
  shortcutsHelp?: boolean;
}

export function renderCallLogs({ api = fakeCallsApi(), account, filters, pollEveryMs, live = false, path = '', search = '', shortcutsHelp = false }: RenderOptions = {}) {
  const screen = (
    <>
      <App />
      {shortcutsHelp ? <ShortcutsHelp /> : null}
    </>
  );
  const rendered = renderInHost(screen, {
    path: `/callLogs${path}${search}`,
    route: '/callLogs/*',
    session: { role: 'admin', ...account },
    setup: (store) => {
      if (filters) store.set(updateFiltersAtom, filters);
      if (live) store.set(liveStatusAtom, 'live');
      if (pollEveryMs !== undefined) {
        store.set(refreshIntervalAtom, pollEveryMs);
        store.set(autoRefreshAtom, true);
      }
    },
    api: (request, init) => api.respond(new URL(request.url, 'http://localhost'), init),
  });
  /** The records requests made so far, as URLs. */
  const recordsRequests = () => rendered.requests('/api/calls/records').map((request) => new URL(request.url, 'http://localhost'));
  /** What the live stream delivers after calls were ingested. */
  const announceChange = (inserted = 1) =>
    act(() => {
      const seq = (rendered.store.get(callsChangedAtom)?.seq ?? 0) + 1;
      rendered.store.set(callsChangedAtom, { seq, change: { inserted, updated: 0, newestCallTimestamp: null } });
    });
  return { ...rendered, api, recordsRequests, announceChange };
}
