import { DIMENSION_PARAM, partnerSeesDimension, type FilterDimension, type PartnerScope } from '@callboard/contract';
import type { PickerRestriction } from '../calls/filter-options';

/**
 * What a partner's picker for a dimension may offer (issue 34 item 2, "the pickers: only their own
 * publishers/buyers; counterparty pickers and counts are not offered"):
 * - `closed` for the other side's dimension when the scope does not give it: the list answers empty (the
 *   answer keeps its shape, so a screen reads it as any other empty picker);
 * - its own dimension (a publisher partner's publishers): exactly its scope's ids;
 * - any other (campaigns; a buyer partner's targets; the other side when given): only the values its own
 *   calls in the range have, never the network's whole list.
 * Undefined for the network's own people: every value.
 */
export function partnerPicker(scope: PartnerScope | undefined, dimension: FilterDimension): PickerRestriction | 'closed' | undefined {
  if (!scope) return undefined;
  const param = DIMENSION_PARAM[dimension];
  if (!partnerSeesDimension(scope, param)) return 'closed';
  if (param === scope.kind) return { ids: scope.ids };
  return { withCalls: true };
}
