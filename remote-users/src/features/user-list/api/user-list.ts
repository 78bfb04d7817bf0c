/**
 * The user list as the screen reads it: one SWR key per (page, search), so
 * every page and search is its own cache entry and a mutation can find them
 * all again by path.
 */
import { API_PATHS, USER_SCREEN_PAGE_SIZE, type UserListResponse } from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';
import toast from 'react-hot-toast';
import useSWR from 'swr';

export const LOAD_FAILED_MESSAGE = 'Failed to load users';

/** One toast however many times the list fails in a row (a Retry that fails again replaces it). */
const LOAD_FAILED_TOAST_ID = 'users-load-failed';

export type UserListKey = readonly [typeof API_PATHS.users, { page: number; limit: number; search?: string }];

/** `search` is sent only when non-empty (the caller trims it), so a blank search is the unfiltered list's key. */
export function userListKey(page: number, search: string): UserListKey {
  const query = search ? { page, limit: USER_SCREEN_PAGE_SIZE, search } : { page, limit: USER_SCREEN_PAGE_SIZE };
  return [API_PATHS.users, query];
}

/** Matches every cached page of the list, for revalidating after a change. */
export function isUserListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === API_PATHS.users;
}

export function totalPagesOf(list: UserListResponse | undefined): number {
  if (!list) return 0;
  return list.pageInfo?.totalPages ?? Math.ceil(list.total / USER_SCREEN_PAGE_SIZE);
}

/**
 * One page of users. keepPreviousData keeps the rows of the last page on
 * screen while the next one loads, so the table does not collapse to a
 * spinner at every page or search change.
 */
export function useUserList(page: number, search: string) {
  return useSWR<UserListResponse>(userListKey(page, search), {
    keepPreviousData: true,
    onError: (error: unknown) => {
      // A 401 has already signed the person out; the login screen says so better than a toast.
      if (isApiError(error) && error.status === 401) return;
      toast.error(LOAD_FAILED_MESSAGE, { id: LOAD_FAILED_TOAST_ID });
    },
  });
}

/**
 * The count of all users while a search narrows the list. Page 1 unsearched
 * is the key the screen opened with, so it is normally cached already and
 * costs no request. Null while not searching: the list's own total is it.
 */
export function useUnfilteredTotal(searching: boolean): number | undefined {
  // revalidateIfStale off: a cached count is good enough for a badge, and every save revalidates it anyway.
  const { data } = useSWR<UserListResponse>(searching ? userListKey(1, '') : null, { keepPreviousData: true, revalidateIfStale: false });
  return data?.total;
}
