/**
 * The live log: the pages of the log plus, while Auto Refresh is on,
 * a poll of the newest page. New calls go straight on top while the reader is
 * at the top; once they have scrolled away the rows stay still and the calls
 * wait behind a "N new calls" marker, so nothing moves under their cursor.
 * When more calls arrived than a poll holds, the stretch between the poll and
 * the rows is read down by cursor (read-down.ts) before the calls go in, so
 * none is skipped.
 */
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LOG_PAGE_SIZE, type LogPage } from '../api/calls-api';
import { pollNews } from './merge-calls';
import { readDownTo } from './read-down';
import { useCallPages, type CallPages } from './use-call-pages';
import { useNewestPagePoll } from './use-newest-page-poll';

export interface LiveLog extends CallPages {
  /** Calls waiting behind the marker (0: no marker). */
  newCount: number;
  /** More calls may be waiting than one poll shows ("50+ new calls"). */
  newCountIsFloor: boolean;
  /** Takes the waiting calls in (the caller scrolls to the top). */
  showNewCalls(): void;
  /** Calls a poll brought in, so the rows can say they just arrived. */
  arrivedIds: ReadonlySet<string>;
}

export function useLiveLog(filters: FilterQuery, atTop: boolean): LiveLog {
  const apiFetch = useApiFetch();
  const pages = useCallPages(filters);
  const poll = useNewestPagePoll(filters);
  const { rows, adopt, restart, adopted, since, isLoadingFirst } = pages;
  // The poll whose gap is being read down, so a render meanwhile does not read it twice.
  const filling = useRef<LogPage | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A poll is news only when it is newer than the list and not taken in yet.
  const candidate = poll && poll !== adopted && poll.receivedAt > since ? poll : undefined;
  const news = useMemo(() => {
    if (!candidate) return null;
    return pollNews(candidate.data, new Set(rows.map((row) => row.id)), LOG_PAGE_SIZE);
  }, [candidate, rows]);

  const [arrivedIds, setArrivedIds] = useState<ReadonlySet<string>>(() => new Set());
  const takeIn = useCallback(() => {
    if (!candidate || !news || filling.current === candidate) return;
    const top = rows[0];
    if (!news.gap || !top) {
      adopt(candidate);
      if (news.unseen.length > 0) setArrivedIds(new Set(news.unseen.map((call) => call.id)));
      return;
    }
    filling.current = candidate;
    readDownTo(apiFetch, filters, top, candidate).then(
      (stretch) => {
        if (!mounted.current || filling.current !== candidate) return;
        filling.current = null;
        // Too many to read down through (or a failure, below): start over from the newest page.
        if (stretch === null) {
          restart();
          return;
        }
        const [, ...below] = stretch;
        adopt(candidate, below);
        const shown = new Set(rows.map((row) => row.id));
        setArrivedIds(new Set(stretch.flatMap((page) => page.data.map((call) => call.id)).filter((id) => !shown.has(id))));
      },
      () => {
        if (!mounted.current || filling.current !== candidate) return;
        filling.current = null;
        restart();
      },
    );
  }, [candidate, news, rows, adopt, restart, apiFetch, filters]);

  useEffect(() => {
    if (!news || isLoadingFirst) return;
    // Nothing new (only fresher copies of shown calls) changes no row's place: take it in wherever the reader is.
    if (atTop || news.unseen.length === 0) takeIn();
  }, [news, atTop, isLoadingFirst, takeIn]);

  const waiting = !atTop && news ? news.unseen.length : 0;
  return { ...pages, newCount: waiting, newCountIsFloor: waiting > 0 && news?.gap === true, showNewCalls: takeIn, arrivedIds };
}
