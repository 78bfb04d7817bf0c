import { DIMENSION_OF_PARAM, DIMENSIONS, parseIdList, type CallFilterParams } from '@callboard/contract';
import { ALERT_SOURCE_PARAMS, type AlertScope, type AlertSourceIds } from '@callboard/contract/alerts';
import { VIEW_FILTER_PARAMS, parseViewQuery, type ViewQueryParams } from '@callboard/contract/view-query';
import type { SavedView } from '@callboard/contract';
import { parseCallFilter, type CallFilter } from '../calls/call-filter';

/**
 * A rule's scope is kept as a calls query string in the API's own param names, without dates (migration 0035):
 * evaluation reads it as any calls filter is read (parseCallFilter), and every message, transition and preview firing
 * links to Reporting with it and the window's time range (the contract's alertReportingLink), so the link opens
 * exactly the calls the rule was judged on.
 */

/** The params of a view that are its time range: a rule's window takes their place. */
const DATE_PARAMS = new Set(['datePreset', 'startDate', 'endDate']);

/** The query string of some sources: `campaign=1,2&publisher=3`, in the dimensions' order. */
export function sourcesQuery(ids: AlertSourceIds): string {
  const query = new URLSearchParams();
  for (const param of ALERT_SOURCE_PARAMS) {
    const list = ids[param];
    if (list && list.length > 0) query.set(param, [...new Set(list)].join(','));
  }
  return query.toString();
}

/** A saved view's filters without its time range (and without a records view's order and page): what a rule copies. */
export function viewScopeQuery(view: Pick<SavedView, 'area' | 'query'>): { query: string; valid: boolean } {
  const { params, errors } = parseViewQuery(view.area, new URLSearchParams(view.query));
  const query = new URLSearchParams();
  for (const name of VIEW_FILTER_PARAMS) {
    if (DATE_PARAMS.has(name)) continue;
    const value = params[name as keyof ViewQueryParams];
    if (value === undefined) continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return { query: query.toString(), valid: errors.filter((e) => !DATE_PARAMS.has(e.field)).length === 0 };
}

/**
 * The calls filter a scope query names, as the calls API reads it (its time range is a placeholder: the rule's
 * window replaces it). Outside a partner's request, so the network's whole calls.
 */
export function scopeFilter(scopeQuery: string, now: Date = new Date()): CallFilter {
  const params = Object.fromEntries(new URLSearchParams(scopeQuery)) as CallFilterParams;
  return parseCallFilter({ ...params, datePreset: 'today' }, now);
}

/** The sources a stored `sources` scope names, for the API's answer. */
export function sourcesOf(scopeQuery: string): AlertSourceIds {
  const query = new URLSearchParams(scopeQuery);
  const ids: AlertSourceIds = {};
  for (const param of ALERT_SOURCE_PARAMS) {
    const list = parseIdList(param, query.get(param) ?? undefined);
    if (Array.isArray(list) && list.length > 0) ids[param] = list;
  }
  return ids;
}

/** A stored scope as the API answers it. */
export function scopeOf(kind: AlertScope['kind'], scopeQuery: string, view: { id: string | null; name: string | null }): AlertScope {
  if (kind === 'network') return { kind };
  if (kind === 'sources') return { kind, ...sourcesOf(scopeQuery) };
  return { kind, viewId: view.id, viewName: view.name ?? '', query: scopeQuery };
}

/** The tables a `sources` scope's ids are looked up in, by param. */
export const SOURCE_TABLES = Object.fromEntries(ALERT_SOURCE_PARAMS.map((param) => [param, DIMENSIONS[DIMENSION_OF_PARAM[param]].table])) as Record<
  (typeof ALERT_SOURCE_PARAMS)[number],
  string
>;
