import { filterOptionsPath, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { QueryValue } from '@callboard/shared-auth/api-fetch';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useEffect, useState } from 'react';
import { pickerErrorMessage, readPickerOptions } from './picker-options';

export interface PickerOptionsState {
  options: FilterOption[];
  loading: boolean;
  /** What to tell the user when the last load failed; null otherwise. */
  error: string | null;
  /** Loads the list again with the same query (the Refresh and Retry buttons). */
  reload: () => void;
}

/**
 * One picker's option list, loaded while the dialog is mounted: once on open,
 * again whenever the query changes (the debounced search) and on `reload`.
 *
 * A plain effect rather than SWR on purpose: the list must be fresh each time
 * the dialog opens (SWR would serve a cached answer for its deduping interval)
 * and it is needed nowhere else. Each new load aborts the one before, so a
 * slow answer for "ab" can never overwrite the answer for "abc".
 */
export function usePickerOptions(kind: FilterDimension, query: Readonly<Record<string, QueryValue>>): PickerOptionsState {
  const apiFetch = useApiFetch();
  const [loads, setLoads] = useState(0);
  const [state, setState] = useState<Omit<PickerOptionsState, 'reload'>>({ options: [], loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    apiFetch<unknown>(filterOptionsPath(kind), { query, signal: controller.signal })
      .then((body) => {
        if (!controller.signal.aborted) setState({ options: readPickerOptions(body, kind), loading: false, error: null });
      })
      .catch((error: unknown) => {
        // An aborted load was replaced by a newer one (or the dialog closed): nothing to report.
        if (!controller.signal.aborted) setState({ options: [], loading: false, error: pickerErrorMessage(error) });
      });
    return () => controller.abort();
  }, [apiFetch, kind, query, loads]);

  const reload = useCallback(() => setLoads((n) => n + 1), []);
  return { ...state, reload };
}
