/**
 * The pages of the log for one set of filters (the page keys the log by its
 * filters, so a filter change starts a new one): page 1 replaces the list,
 * later pages append (so scrolling down keeps what was read), and a poll of the newest
 * page can be taken in on top. Each page after the first is asked for by the
 * cursor of the page above it (contract/src/records-cursor.ts), so calls
 * arriving meanwhile never shift the next page: none is shown twice or skipped.
 *
 * Why not swr/infinite: inside the shell `swr` is the host's copy, but
 * `swr/infinite` would be this remote's own, with its own config context and
 * cache — it would not see the shell's SWRConfig. A small state machine over
 * the API client is explicit and has no such split.
 */
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchLogPage, LOG_PAGE_SIZE, type LogPage } from '../api/calls-api';
import { mergeBatches, type CallBatch } from './merge-calls';
import { readDownTo } from './read-down';
import type { CallRecord } from '@callboard/contract';

type Request = 'first' | 'more' | 'reload';

/**
 * A reload asks for each page again from its own cursor, this many rows
 * deep: twice the page, so calls delivered late into a page's stretch (older
 * than its top, newer than its bottom) push nothing of the stretch out of reach.
 */
const RELOAD_PAGE_ROWS = 2 * LOG_PAGE_SIZE;
/** Pages a reload asks for at once: a long log is read again a few requests at a time, not all at once. */
const RELOAD_REQUESTS_AT_ONCE = 4;

/** The polls taken into the log since it was (re)loaded. */
interface Adopted {
  /** The last one, as it came. */
  poll: LogPage;
  /**
   * Every call of every poll taken in, in its freshest copy: a later poll may
   * no longer hold a call an earlier one brought (more calls arrived since),
   * and that call must stay on screen.
   */
  batch: CallBatch;
}

interface PagesState {
  pages: LogPage[];
  adopted: Adopted | null;
  /** What is being fetched, if anything. */
  request: Request | null;
  /** The last request's failure, until the next one starts. */
  error: unknown;
  /** What failed: a failed "more" leaves the rows in place. */
  failed: Request | null;
  /** When the last replacing request started: anything received before it is older than the list. */
  since: number;
}

const initialState = (): PagesState => ({ pages: [], adopted: null, request: 'first', error: null, failed: null, since: Date.now() });

export interface CallPages {
  rows: CallRecord[];
  /** Calls in range on the server, from the freshest answer. */
  total: number | null;
  /** The freshest answer found nothing because every word of the transcript search is too common to index. */
  qTooCommon: boolean;
  hasMore: boolean;
  /** Page 1 has not arrived yet. */
  isLoadingFirst: boolean;
  isLoadingMore: boolean;
  isReloading: boolean;
  error: unknown;
  /** The failed request was for the next page (the rows stay). */
  failedMore: boolean;
  loadMore: () => void;
  /** Fetches every page shown again (after a change), keeping the rows until the answers are in. */
  reload: () => Promise<void>;
  /** Starts over from page 1, which then replaces the list. */
  restart: () => void;
  /** Takes a poll of the newest page into the log, with the pages read below it to reach the rows shown (`fill`). */
  adopt: (page: LogPage, fill?: readonly LogPage[]) => void;
  /** The poll taken in last, if any since the list was (re)loaded. */
  adopted: LogPage | null;
  /** When the list was last (re)loaded: a poll received before then is older than the rows. */
  since: number;
  /** Tries the failed request again. */
  retry: () => void;
}

export function useCallPages(filters: FilterQuery): CallPages {
  const apiFetch = useApiFetch();
  const [state, setState] = useState<PagesState>(initialState);
  // Read by the callbacks, so they can stay stable and still see the latest state.
  const stateRef = useRef(state);
  stateRef.current = state;
  // Every request that replaces the list bumps this; answers of an older generation are dropped.
  const generation = useRef(0);
  const mounted = useRef(true);
  // The filters a log is made for never change (the page remounts the log instead).
  const filtersRef = useRef(filters);

  const replace = useCallback(
    async (request: 'first' | 'reload', shown: readonly LogPage[]) => {
      const mine = ++generation.current;
      const since = Date.now();
      setState((s) => ({ ...s, request, error: null, failed: null, since }));
      try {
        const pages = request === 'first' || shown.length === 0 ? [await fetchLogPage(apiFetch, filtersRef.current, { cursor: null })] : await readAgain(apiFetch, filtersRef.current, shown);
        if (!mounted.current || mine !== generation.current) return;
        setState({ pages, adopted: null, request: null, error: null, failed: null, since });
      } catch (error) {
        if (!mounted.current || mine !== generation.current) return;
        setState((s) => ({ ...s, request: null, error, failed: request }));
      }
    },
    [apiFetch],
  );

  useEffect(() => {
    mounted.current = true;
    void replace('first', []);
    return () => {
      mounted.current = false;
    };
  }, [replace]);

  const hasMore = hasNextPage(state.pages);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.request !== null || !hasNextPage(current.pages)) return;
    const mine = generation.current;
    const cursor = current.pages[current.pages.length - 1]?.meta.nextCursor;
    if (!cursor) return;
    setState((s) => ({ ...s, request: 'more', error: null, failed: null }));
    fetchLogPage(apiFetch, filtersRef.current, { cursor }).then(
      (answer) => {
        if (!mounted.current || mine !== generation.current) return;
        setState((s) => ({ ...s, pages: [...s.pages, answer], request: null }));
      },
      (error: unknown) => {
        if (!mounted.current || mine !== generation.current) return;
        setState((s) => ({ ...s, request: null, error, failed: 'more' }));
      },
    );
  }, [apiFetch]);

  const reload = useCallback(() => replace('reload', stateRef.current.pages), [replace]);
  const restart = useCallback(() => void replace('first', []), [replace]);

  const adopt = useCallback((poll: LogPage, fill: readonly LogPage[] = []) => {
    setState((s) => {
      // The pages read down from the poll are as fresh as the poll: they count as part of it.
      const taken = { receivedAt: poll.receivedAt, calls: [...poll.data, ...fill.flatMap((page) => page.data)] };
      const batches = s.adopted ? [s.adopted.batch, taken] : [taken];
      return { ...s, adopted: { poll, batch: { receivedAt: poll.receivedAt, calls: mergeBatches(batches) } } };
    });
  }, []);

  const retry = useCallback(() => {
    const current = stateRef.current;
    if (current.failed === 'more') loadMore();
    else if (current.failed === 'reload') void replace('reload', current.pages);
    else void replace('first', []);
  }, [loadMore, replace]);

  const rows = useMemo(
    () => mergeBatches(state.adopted ? [...state.pages.map(toBatch), state.adopted.batch] : state.pages.map(toBatch)),
    [state.pages, state.adopted],
  );
  // The freshest answer knows best how many calls the range holds now.
  const answers = state.adopted ? [...state.pages, state.adopted.poll] : state.pages;
  const freshest = answers.reduce<LogPage | null>((newest, p) => (!newest || p.receivedAt > newest.receivedAt ? p : newest), null);
  const total = freshest?.meta.total ?? null;

  return {
    rows,
    total,
    qTooCommon: freshest?.meta.qTooCommon === true,
    hasMore,
    isLoadingFirst: state.pages.length === 0 && state.request === 'first',
    isLoadingMore: state.request === 'more',
    isReloading: state.request === 'reload' || (state.request === 'first' && state.pages.length > 0),
    error: state.error,
    failedMore: state.failed === 'more',
    loadMore,
    reload,
    restart,
    adopt,
    adopted: state.adopted?.poll ?? null,
    since: state.since,
    retry,
  };
}

function toBatch(page: LogPage): CallBatch {
  return { receivedAt: page.receivedAt, calls: page.data };
}

function hasNextPage(pages: readonly LogPage[]): boolean {
  const last = pages[pages.length - 1];
  return last !== undefined && last.meta.nextCursor !== null;
}

/**
 * Every page shown, asked for again. The first is read down from the newest
 * call to where it ended (readDownTo), which also takes in every arrival the
 * polls brought above it; the others from their own cursors, a few at a time,
 * RELOAD_PAGE_ROWS deep. The last one read again reaches further down than
 * before, and paging on goes from its cursor, so nothing between is skipped.
 * Too many arrivals to read down through: the log starts over.
 */
async function readAgain(apiFetch: BoundApiFetch, filters: FilterQuery, shown: readonly LogPage[]): Promise<LogPage[]> {
  const firstPage = () => fetchLogPage(apiFetch, filters, { cursor: null });
  const end = shown[0]?.data.at(-1);
  const top = end ? await readDownTo(apiFetch, filters, end) : [await firstPage()];
  if (top === null) return [await firstPage()];
  const pages = [...top];
  const rest = shown.slice(1);
  for (let i = 0; i < rest.length; i += RELOAD_REQUESTS_AT_ONCE) {
    const group = rest.slice(i, i + RELOAD_REQUESTS_AT_ONCE);
    pages.push(...(await Promise.all(group.map((page) => fetchLogPage(apiFetch, filters, { cursor: page.cursor }, RELOAD_PAGE_ROWS)))));
  }
  return pages;
}
