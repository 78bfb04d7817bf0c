/**
 * What the rule form offers to choose from, each read only while the form (or the list naming the sources) is
 * shown: the sources by name from the pickers' endpoint, the saved views, and the webhook and Slack endpoints.
 */
import { API_PATHS, filterOptionsPath, PICKER_LIST_LIMIT, type ApiSuccess, type FilterDimension, type FilterOption, type SavedView } from '@callboard/contract';
import type { AlertRule } from '@callboard/contract/alerts';
import { DELIVERY_ENDPOINTS_PATH, type EndpointKind } from '@callboard/contract/delivery';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { SourceNames } from '../alert-text';
import type { SourceParam } from '../rule-form';

/** Each source param's picker list (GET /api/filters/{dimension}). */
export const SOURCE_DIMENSIONS: Record<SourceParam, FilterDimension> = { campaign: 'campaigns', publisher: 'publishers', target: 'targets', buyer: 'buyers' };

/**
 * The counts beside each source are its calls over this range: a rule is made for the sources that have been
 * busy lately, and the list puts them first.
 */
export const SOURCE_COUNTS_PRESET = 'last_30_days';

type Options<D extends FilterDimension = FilterDimension> = ApiSuccess<Partial<Record<D, FilterOption[]>>>;

/** One source's options whose name holds `search` (all of them for ''), busiest first. */
export function useSourceOptions(param: SourceParam, search: string) {
  const dimension = SOURCE_DIMENSIONS[param];
  const swr = useSWR<Options, Error>([filterOptionsPath(dimension), { datePreset: SOURCE_COUNTS_PRESET, search: search.trim() || undefined, limit: PICKER_LIST_LIMIT }]);
  return { options: swr.data?.data[dimension] ?? [], isLoading: swr.isLoading, error: swr.error };
}

function useNamesOf(param: SourceParam, ids: readonly string[]) {
  const dimension = SOURCE_DIMENSIONS[param];
  const key = ids.length === 0 ? null : ([filterOptionsPath(dimension), { datePreset: SOURCE_COUNTS_PRESET, ids: [...ids].sort().join(',') }] as const);
  return useSWR<Options, Error>(key).data?.data[dimension];
}

/** The names of the sources the rules (or one rule being edited) name, asked for once per source, by id. */
export function useSourceNames(ids: Record<SourceParam, readonly string[]>): SourceNames {
  const campaign = useNamesOf('campaign', ids.campaign);
  const publisher = useNamesOf('publisher', ids.publisher);
  const target = useNamesOf('target', ids.target);
  const buyer = useNamesOf('buyer', ids.buyer);
  return useMemo(() => {
    const byId = (options: FilterOption[] | undefined) => new Map((options ?? []).map((option) => [option.value, option.label]));
    return { campaign: byId(campaign), publisher: byId(publisher), target: byId(target), buyer: byId(buyer) };
  }, [campaign, publisher, target, buyer]);
}

/** Every source id the rules name, by param, each once. */
export function sourceIdsOf(rules: readonly AlertRule[]): Record<SourceParam, string[]> {
  const ids: Record<SourceParam, Set<string>> = { campaign: new Set(), publisher: new Set(), target: new Set(), buyer: new Set() };
  for (const rule of rules) {
    if (rule.scope.kind !== 'sources') continue;
    for (const param of Object.keys(ids) as SourceParam[]) for (const id of rule.scope[param] ?? []) ids[param].add(String(id));
  }
  return { campaign: [...ids.campaign], publisher: [...ids.publisher], target: [...ids.target], buyer: [...ids.buyer] };
}

/** Mine and the team's shared views (GET /api/views): a rule may watch any view its author can see. */
export function useSavedViews(enabled: boolean) {
  return useSWR<ApiSuccess<SavedView[]>, Error>(enabled ? API_PATHS.views : null);
}

/** An endpoint as the rule form names it: admins are answered with whole endpoints, reviewers with these fields. */
export interface EndpointChoice {
  id: string;
  name: string;
  kind: EndpointKind;
  paused: boolean;
}

type EndpointAnswer = { id: string; name: string; kind: EndpointKind; paused?: boolean; pausedAt?: string | null };

/** The webhook and Slack endpoints a rule may tell (GET /api/delivery-endpoints), by name. */
export function useEndpointChoices(enabled: boolean) {
  const swr = useSWR<ApiSuccess<EndpointAnswer[]>, Error>(enabled ? DELIVERY_ENDPOINTS_PATH : null);
  const choices = useMemo<EndpointChoice[]>(
    () => (swr.data?.data ?? []).map(({ id, name, kind, paused, pausedAt }) => ({ id, name, kind, paused: paused ?? (pausedAt !== null && pausedAt !== undefined) })),
    [swr.data],
  );
  return { choices, isLoading: swr.isLoading, error: swr.error };
}
