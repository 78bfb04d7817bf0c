/**
 * The live log: the pages of the log plus, while Auto Refresh is on,
 * a poll of the newest page. New calls go straight on top while the reader is
 * at the top; once they have scrolled away the rows stay still and the calls
 * wait behind a "N new calls" marker, so nothing moves under their cursor.
 */
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LOG_PAGE_SIZE } from '../api/calls-api';
import { pollNews } from './merge-calls';
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
  const pages = useCallPages(filters);
  const poll = useNewestPagePoll(filters);
  const { rows, adopt, restart, adopted, since, isLoadingFirst } = pages;

  // A poll is news only when it is newer than the list and not taken in yet.
  const candidate = poll && poll !== adopted && poll.receivedAt > since ? poll : undefined;
  const news = useMemo(() => {
    if (!candidate) return null;
    return pollNews(candidate.data, new Set(rows.map((row) => row.id)), LOG_PAGE_SIZE);
  }, [candidate, rows]);

  const [arrivedIds, setArrivedIds] = useState<ReadonlySet<string>>(() => new Set());
  const takeIn = useCallback(() => {
    if (!candidate || !news) return;
    if (news.gap) {
      restart();
      return;
    }
    adopt(candidate);
    if (news.unseen.length > 0) setArrivedIds(new Set(news.unseen.map((call) => call.id)));
  }, [candidate, news, adopt, restart]);

  useEffect(() => {
    if (!news || isLoadingFirst) return;
    // Nothing new (only fresher copies of shown calls) changes no row's place: take it in wherever the reader is.
    if (atTop || news.unseen.length === 0) takeIn();
  }, [news, atTop, isLoadingFirst, takeIn]);

  const waiting = !atTop && news ? news.unseen.length : 0;
  return { ...pages, newCount: waiting, newCountIsFloor: waiting > 0 && news?.gap === true, showNewCalls: takeIn, arrivedIds };
}
