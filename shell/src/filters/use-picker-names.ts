import { FILTER_DIMENSIONS, filterOptionsPath } from '@callboard/contract';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { filterQuery, filtersAtom, nameOptionsAtom } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { readPickerOptions } from './picker-options';

/**
 * Names for chosen ids that have none. A view opened from a link (or reached
 * with Back) knows its campaigns, publishers, targets and buyers by id only,
 * and chooses each labelled by its id; this asks the API for exactly those
 * ids (`GET /api/filters/{dimension}?ids=…`) so chips and pickers show their
 * names. Each list of unnamed ids is asked once per tab: an id that names
 * nothing (deleted since the link was made) keeps its id for a label, as does
 * one whose question failed, rather than asking again at every render.
 */
export function usePickerNames(): void {
  const filters = useAtomValue(filtersAtom);
  const nameOptions = useSetAtom(nameOptionsAtom);
  const apiFetch = useApiFetch();
  const asked = useRef(new Set<string>());

  useEffect(() => {
    const { datePreset, startDate, endDate } = filterQuery(filters);
    for (const kind of FILTER_DIMENSIONS) {
      const unnamed = filters[kind].filter((o) => o.label === o.value).map((o) => o.value);
      const key = `${kind}:${unnamed.join(',')}`;
      if (unnamed.length === 0 || asked.current.has(key)) continue;
      asked.current.add(key);
      apiFetch<unknown>(filterOptionsPath(kind), { query: { datePreset, startDate, endDate, ids: unnamed.join(',') } })
        .then((body) => nameOptions({ kind, options: readPickerOptions(body, kind) }))
        .catch(() => {
          // The chips keep the ids as labels; the filters themselves are unaffected.
        });
    }
  }, [apiFetch, filters, nameOptions]);
}

/** Mounted once by the signed-in layout, beside the pickers it names options for. */
export function PickerNames(): null {
  usePickerNames();
  return null;
}
