import type { CallerCall } from '@callboard/contract';
import { Link, useLocation } from '@callboard/shared-router';
import { formatCallTime } from './format';
import { StatusBadge } from './status-badge';
import './caller-calls.css';

export interface CallerCallsProps {
  calls: CallerCall[];
  /** The call the list is about: each listed call is said to be before or after it. */
  callTimestamp: string;
}

/**
 * The caller's other calls to the same campaign within the repeat window
 * either side of a call (CallDetail.callerCalls), oldest first, each a link
 * opening that call. Both areas show a call at `calls/{id}`, so the link is
 * the sibling path, keeping the filters in the query.
 */
export function CallerCalls({ calls, callTimestamp }: CallerCallsProps) {
  const { search } = useLocation();
  if (calls.length === 0) return <p className="cb-caller-calls__none">No other calls from this caller to this campaign in the repeat window.</p>;
  const at = Date.parse(callTimestamp);
  return (
    <ol className="cb-caller-calls">
      {calls.map((call) => (
        <li key={call.id} className="cb-caller-calls__item">
          <Link to={{ pathname: `../${encodeURIComponent(call.id)}`, search }} relative="path" className="cb-caller-calls__link">
            <time dateTime={call.callTimestamp}>{formatCallTime(call.callTimestamp)}</time>
          </Link>
          <span className="cb-caller-calls__when">{Date.parse(call.callTimestamp) <= at ? 'before' : 'after'}</span>
          <StatusBadge status={call.status} />
        </li>
      ))}
    </ol>
  );
}
