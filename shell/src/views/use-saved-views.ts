/**
 * The saved views (GET /api/views), the person's default views
 * (GET /api/views/defaults) and the changes to them: each request, its toast (a
 * fixed word on success, the server's message on failure), and a revalidation
 * of both lists so every open menu, and the areas that open a default on a bare
 * address (useDefaultView in shared-ui/src/use-filters-in-url.ts), agree with the server.
 */
import {
  API_PATHS,
  viewDefaultPath,
  viewPath,
  type ApiSuccess,
  type FieldError,
  type SavedView,
  type SavedViewBody,
  type ViewArea,
  type ViewDefaults,
} from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useMemo } from 'react';
import toast from 'react-hot-toast';
import useSWR, { useSWRConfig } from 'swr';

export const VIEW_TOASTS = {
  saved: 'View saved',
  renamed: 'View renamed',
  deleted: 'View deleted',
  defaultSet: 'Default view set',
  defaultUnset: 'Default view unset',
  defaultFailed: 'Failed to change the default view',
  saveFailed: 'Failed to save the view',
  deleteFailed: 'Failed to delete the view',
} as const;

export interface SavedViewsState {
  views: SavedView[];
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

/** Mine and the team's shared views, as the server orders them; read only while `active` (the menu is open). */
export function useSavedViews(active: boolean): SavedViewsState {
  const apiFetch = useApiFetch();
  const swr = useSWR(active ? API_PATHS.views : null, (path: string) => apiFetch<ApiSuccess<SavedView[]>>(path));
  const { data, mutate } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  const views = useMemo(() => (Array.isArray(data?.data) ? data.data : []), [data]);
  const retry = useCallback(() => void mutate(), [mutate]);
  // Not SWR's isLoading, which is false for the render in which the key first appears: no answer yet is loading.
  return { views, isLoading: active && data === undefined && error === undefined, error, retry };
}

/** The id of the person's default view of `area`, or null; read only while `active`, from the cache the areas share. */
export function useDefaultViewId(area: ViewArea, active: boolean): string | null {
  const apiFetch = useApiFetch();
  const { data } = useSWR(active ? API_PATHS.viewDefaults : null, (path: string) => apiFetch<ApiSuccess<ViewDefaults>>(path));
  return data?.data[area]?.id ?? null;
}

/** The outcome of a save or rename: the view, or the field problems the server named (if any). */
export type ViewResult = { ok: true; view: SavedView } | { ok: false; errors: FieldError[] };

function failure(error: unknown, fallback: string): FieldError[] {
  // A message the server wrote; a network failure's own text ("Failed to fetch") reads worse than ours.
  toast.error(isApiError(error) && error.status !== undefined ? error.message : fallback);
  return isApiError(error) ? (error.errors ?? []) : [];
}

export function useViewActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  // Both lists: a rename, a delete or an unshare changes what the defaults hold too.
  const refresh = useCallback(() => {
    void mutate(API_PATHS.views);
    void mutate(API_PATHS.viewDefaults);
  }, [mutate]);

  const send = useCallback(
    async (request: () => Promise<ApiSuccess<SavedView>>, success: string): Promise<ViewResult> => {
      try {
        const { data } = await request();
        toast.success(success);
        return { ok: true, view: data };
      } catch (error) {
        return { ok: false, errors: failure(error, VIEW_TOASTS.saveFailed) };
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  const save = useCallback(
    (body: SavedViewBody) => send(() => apiFetch<ApiSuccess<SavedView>>(API_PATHS.views, { method: 'POST', body }), VIEW_TOASTS.saved),
    [apiFetch, send],
  );

  const rename = useCallback(
    (id: string, name: string) => send(() => apiFetch<ApiSuccess<SavedView>>(viewPath(id), { method: 'PUT', body: { name } }), VIEW_TOASTS.renamed),
    [apiFetch, send],
  );

  /** Resolves true when the view is gone; the list is revalidated either way (a 404 means it already was). */
  const remove = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await apiFetch(viewPath(id), { method: 'DELETE' });
        toast.success(VIEW_TOASTS.deleted);
        return true;
      } catch (error) {
        failure(error, VIEW_TOASTS.deleteFailed);
        return false;
      } finally {
        refresh();
      }
    },
    [apiFetch, refresh],
  );

  /** Makes `viewId` the view a bare address of `area` opens, or none with null. */
  const setDefault = useCallback(
    async (area: ViewArea, viewId: string | null): Promise<void> => {
      try {
        await apiFetch(viewDefaultPath(area), { method: 'PUT', body: { viewId } });
        toast.success(viewId === null ? VIEW_TOASTS.defaultUnset : VIEW_TOASTS.defaultSet);
      } catch (error) {
        failure(error, VIEW_TOASTS.defaultFailed);
      } finally {
        refresh();
      }
    },
    [apiFetch, refresh],
  );

  return useMemo(() => ({ save, rename, remove, setDefault }), [save, rename, remove, setDefault]);
}
