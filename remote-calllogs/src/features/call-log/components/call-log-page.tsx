import { filterParamsAtom, toQueryString } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue } from 'jotai';
import { CallLog } from './call-log';

/**
 * The Call Logs page for the top bar's filters. A filter change starts a new
 * log (keyed by the query): page 1 replaces the list, and the selection, the
 * focus row and any waiting calls belonged to the old filters.
 */
export function CallLogPage() {
  const filters = useAtomValue(filterParamsAtom);
  return <CallLog key={toQueryString(filters)} filters={filters} />;
}
