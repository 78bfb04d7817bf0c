import type { CallsChanged, PartnerScope } from '@callboard/contract';
import { MAYBE_CHANGED } from './calls-change-feed';
import type { ChangeNotice } from './change-notice';
import type { SourceChange } from './source-changes';

/**
 * Whether a partner sees these calls: its own publishers (or buyers), from its history day on — the
 * same test the row policy on calls makes (migration 0025), on the New York day of the call.
 */
export function partnerSeesSource(scope: Pick<PartnerScope, 'kind' | 'ids' | 'historyFrom'>, source: SourceChange): boolean {
  const id = scope.kind === 'publisher' ? source.publisherId : source.buyerId;
  if (id === null || !scope.ids.includes(id)) return false;
  return scope.historyFrom === null || source.day >= scope.historyFrom;
}

/**
 * What one stream is told of a notice: the network's people the new changes' totals, unchanged; a partner only
 * the calls in its scope, counted and timed over those alone, and nothing at all when none of them is its.
 * A change carries no call's fields (no caller id, no money, no names), so field visibility has nothing
 * to remove here; the screen refetches through the scoped reads.
 */
export function changeSeenBy(notice: ChangeNotice, scope: PartnerScope | undefined): CallsChanged | null {
  if (!scope) return notice.totals;
  // Sources unknown: something may have changed; no counts, which might be others'.
  if (!notice.sources) return MAYBE_CHANGED;
  let inserted = 0;
  let updated = 0;
  let newest: string | null = null;
  for (const source of notice.sources) {
    if (!partnerSeesSource(scope, source)) continue;
    inserted += source.inserted;
    updated += source.updated;
    if (newest === null || Date.parse(source.newest) > Date.parse(newest)) newest = source.newest;
  }
  return inserted + updated > 0 ? { inserted, updated, newestCallTimestamp: newest } : null;
}
