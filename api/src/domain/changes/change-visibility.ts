import { maskCallerId, partnerSeesDimension, type DimensionParam, type PartnerScope } from '@callboard/contract';
import type { CallChange, ChangedField, FieldChange } from '@callboard/contract/changes';
import { partnerSeesColumn } from '../partners/field-visibility';

/**
 * What a partner reads of a change (contract/src/changes.ts): the fields its scope gives, as visibleRecord
 * (domain/partners/field-visibility.ts) gives them on a call, and nothing that names someone else.
 */

/** The fields that name a publisher, buyer or target (as visibleRecord hides them: systemName is the publisher's). */
const DIMENSION_OF: Partial<Record<ChangedField, DimensionParam>> = {
  publisherName: 'publisher',
  systemName: 'publisher',
  systemPublisherId: 'publisher',
  buyerName: 'buyer',
  systemBuyerId: 'buyer',
  targetName: 'target',
};

/** The partner's own side: a call moved to it from another of these would name that other one as `before`. */
const OWN_SIDE: Record<PartnerScope['kind'], readonly DimensionParam[]> = { publisher: ['publisher'], buyer: ['buyer', 'target'] };

/** Whether a partner of this scope reads a field of a change at all: what it may read of a call's record (partnerSeesColumn). */
function seesField(scope: PartnerScope, field: ChangedField): boolean {
  switch (field) {
    case 'revenue':
    case 'payout':
    case 'transcript':
    case 'recordingUrl':
    case 'callerId':
      return partnerSeesColumn(scope, field);
    default: {
      // The other side's names only with the counterparty, as on a call.
      const dimension = DIMENSION_OF[field];
      return dimension === undefined || partnerSeesDimension(scope, dimension);
    }
  }
}

const masked = (value: FieldChange[number]) => (typeof value === 'string' ? maskCallerId(value) : value);

/**
 * A change as a partner of this scope reads it: no actor (the network's people and keys are its own); the
 * fields it does not see left out, the caller id masked when so set; the `before` of its own side's names null,
 * since a call moved from another publisher (or buyer) would name it; `repeatOf` as `visibleRepeat` says. Null
 * when every field the change made is one the partner does not see: nothing it may read changed. Without a
 * scope the change is returned as it is.
 */
export function visibleChange(scope: PartnerScope | undefined, change: CallChange, visibleRepeat: (callId: string) => boolean): CallChange | null {
  if (!scope) return change;
  const changed: CallChange['changed'] = {};
  const fields = Object.keys(change.changed) as ChangedField[];
  for (const field of fields) {
    if (!seesField(scope, field)) continue;
    let [before, after] = change.changed[field]!;
    if (field === 'callerId' && scope.callerId === 'masked') [before, after] = [masked(before), masked(after)];
    const dimension = DIMENSION_OF[field];
    if (dimension !== undefined && OWN_SIDE[scope.kind].includes(dimension)) before = null;
    if (field === 'repeatOf') [before, after] = [before, after].map((id) => (typeof id === 'string' && !visibleRepeat(id) ? null : id)) as FieldChange;
    changed[field] = [before, after];
  }
  if (fields.length > 0 && Object.keys(changed).length === 0) return null;
  return { ...change, actor: null, changed };
}

/** The repeat ids a page's changes name (before and after), for the caller to ask which the partner may see. */
export function repeatIdsOf(changes: readonly CallChange[]): string[] {
  const ids = new Set<string>();
  for (const change of changes) for (const id of change.changed.repeatOf ?? []) if (typeof id === 'string') ids.add(id);
  return [...ids];
}
