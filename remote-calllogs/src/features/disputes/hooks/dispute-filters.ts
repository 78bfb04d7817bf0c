/**
 * The Disputes tab's filters, kept in its address like every filter (so a queue can be linked and stepped
 * through with Back): the dispute's status, the reason, the buyer, the publisher and a date preset over the
 * disputed call's time, the page, and which dispute is open beside the list. Read and written here as plain
 * functions of the query string; the top bar's filters belong to the log and are not the queue's.
 */
import { DATE_PRESETS, type DatePreset } from '@callboard/contract';
import { DISPUTE_REASONS, DISPUTE_STATUSES, DISPUTES_DEFAULT_LIMIT, type DisputeReason, type DisputeStatus } from '@callboard/contract/disputes';
import type { DisputesQuery } from '@callboard/shared-ui/disputes';

/** 'all' lists every status; the decided ones together are 'decided'. */
export type StatusChoice = DisputeStatus | 'all' | 'decided';
export const STATUS_CHOICES: readonly StatusChoice[] = ['open', 'decided', ...DISPUTE_STATUSES.filter((s) => s !== 'open'), 'all'];
/** The decided statuses, in the API's comma-joined form. */
const DECIDED = 'accepted,partial,rejected';

/** Presets without `custom`: a queue's range is a preset or none ("any time": the list is not cut by time). */
export const QUEUE_PRESETS = DATE_PRESETS.filter((preset) => preset !== 'custom');

export interface DisputeFilters {
  status: StatusChoice;
  reason: DisputeReason | '';
  /** A buyer's or publisher's id, or '' for all. */
  buyer: string;
  publisher: string;
  datePreset: DatePreset | '';
  page: number;
  /** The dispute open beside the list, or null. */
  open: string | null;
}

const ID = /^[1-9]\d{0,9}$/;

/**
 * The filters an address names; what it leaves out (or holds wrongly) takes its default. The network's people
 * start on the open disputes (the queue to work); a buyer partner on every dispute of its own; a publisher
 * partner on the decided ones (the calls whose payout may have been clawed back).
 */
export function readDisputeFilters(search: URLSearchParams, defaultStatus: StatusChoice): DisputeFilters {
  const status = search.get('status');
  const reason = search.get('reason');
  const preset = search.get('datePreset');
  const page = Number(search.get('page'));
  const id = (name: string) => {
    const value = search.get(name) ?? '';
    return ID.test(value) ? value : '';
  };
  return {
    status: (STATUS_CHOICES as readonly string[]).includes(status ?? '') ? (status as StatusChoice) : defaultStatus,
    reason: (DISPUTE_REASONS as readonly string[]).includes(reason ?? '') ? (reason as DisputeReason) : '',
    buyer: id('buyer'),
    publisher: id('publisher'),
    datePreset: (QUEUE_PRESETS as readonly string[]).includes(preset ?? '') ? (preset as DatePreset) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    open: search.get('open') || null,
  };
}

/** The address's query for these filters: only what differs from the defaults. */
export function disputeFiltersSearch(filters: DisputeFilters, defaultStatus: StatusChoice): string {
  const search = new URLSearchParams();
  if (filters.status !== defaultStatus) search.set('status', filters.status);
  if (filters.reason !== '') search.set('reason', filters.reason);
  if (filters.buyer !== '') search.set('buyer', filters.buyer);
  if (filters.publisher !== '') search.set('publisher', filters.publisher);
  if (filters.datePreset !== '') search.set('datePreset', filters.datePreset);
  if (filters.page > 1) search.set('page', String(filters.page));
  if (filters.open !== null) search.set('open', filters.open);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The API's query (GET /api/disputes and its export) for these filters, without the page for the export. */
export function disputesQuery(filters: DisputeFilters, paging = true): DisputesQuery {
  const query: DisputesQuery = {};
  if (filters.status === 'decided') query.status = DECIDED;
  else if (filters.status !== 'all') query.status = filters.status;
  if (filters.reason !== '') query.reason = filters.reason;
  if (filters.buyer !== '') query.buyer = filters.buyer;
  if (filters.publisher !== '') query.publisher = filters.publisher;
  if (filters.datePreset !== '') query.datePreset = filters.datePreset;
  if (paging) {
    query.page = filters.page;
    query.limit = DISPUTES_DEFAULT_LIMIT;
  }
  return query;
}
