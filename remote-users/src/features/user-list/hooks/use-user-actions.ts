/**
 * Creating, updating and deleting users: the request, its success or failure
 * toast, and revalidating every cached page of the list so counts and pages
 * agree with the server afterwards. `pending` counts requests in flight, so
 * the screen can hold its controls while one runs.
 */
import { API_PATHS, userPath, type CreateUserBody, type PublicUser, type UpdateUserBody } from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';
import { enterViewAs } from '@callboard/shared-auth/auth-actions';
import { updateSessionUser } from '@callboard/shared-auth/session';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useStore } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import { fieldErrorsFrom, type UserFormErrors } from '../../user-dialogs/components/user-form';
import { isUserListKey } from '../api/user-list';

export const USERS_MESSAGES = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  saveFailed: 'Failed to save user',
  deleteFailed: 'Failed to delete user',
} as const;

export type SaveResult = { ok: true; user: PublicUser } | { ok: false; fieldErrors: UserFormErrors };

/**
 * The server's message, else the caller's "Failed to …". Only a message the
 * server wrote counts; a network failure's own text ("Failed to fetch") does not.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const message = (error.body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

interface UserAnswer {
  data: PublicUser;
}

export function useUserActions() {
  const apiFetch = useApiFetch();
  const store = useStore();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(0);

  const track = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setPending((count) => count + 1);
    try {
      return await work();
    } finally {
      setPending((count) => count - 1);
    }
  }, []);

  // Not awaited by callers: the dialog closes at once and the list catches up in the background.
  const refreshList = useCallback(() => mutate(isUserListKey), [mutate]);

  const save = useCallback(
    (send: () => Promise<UserAnswer>, successMessage: string): Promise<SaveResult> =>
      track(async () => {
        try {
          const { data } = await send();
          toast.success(successMessage);
          void refreshList();
          return { ok: true, user: data } as const;
        } catch (error) {
          toast.error(serverMessage(error) ?? USERS_MESSAGES.saveFailed);
          return { ok: false, fieldErrors: fieldErrorsFrom(error) } as const;
        }
      }),
    [track, refreshList],
  );

  const create = useCallback(
    (body: CreateUserBody) => save(() => apiFetch<UserAnswer>(API_PATHS.users, { method: 'POST', body }), USERS_MESSAGES.created),
    [apiFetch, save],
  );

  const update = useCallback(
    async (id: string, body: UpdateUserBody) => {
      const result = await save(() => apiFetch<UserAnswer>(userPath(id), { method: 'PUT', body }), USERS_MESSAGES.updated);
      // Someone who renamed themselves sees the new name in the header at once.
      if (result.ok) updateSessionUser(store, result.user);
      return result;
    },
    [apiFetch, save, store],
  );

  /** Resolves true when the user is gone; the list is revalidated either way (a 404 means someone else deleted it). */
  const remove = useCallback(
    (id: string): Promise<boolean> =>
      track(async () => {
        try {
          await apiFetch(userPath(id), { method: 'DELETE' });
          toast.success(USERS_MESSAGES.deleted);
          return true;
        } catch (error) {
          toast.error(serverMessage(error) ?? USERS_MESSAGES.deleteFailed);
          return false;
        } finally {
          void refreshList();
        }
      }),
    [apiFetch, track, refreshList],
  );

  /**
   * View as partner: the session becomes the partner's read-only view (shared-auth enterViewAs), which the
   * shell shows under its view-as banner with Exit. Resolves whether it did.
   */
  const viewAs = useCallback(
    (id: string): Promise<boolean> =>
      track(async () => {
        const result = await enterViewAs(store, id);
        if (result.ok) toast.success(result.message);
        else toast.error(result.message);
        return result.ok;
      }),
    [store, track],
  );

  return useMemo(() => ({ pending: pending > 0, create, update, remove, viewAs }), [pending, create, update, remove, viewAs]);
}
