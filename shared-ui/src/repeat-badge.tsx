import type { CallRecord } from '@callboard/contract';
import { Badge } from './badge';
import './repeat-badge.css';

/**
 * "Repeat" beside a call whose caller id called the same campaign within the
 * repeat window before it (the API decides it as calls are stored: CallRecord.repeat).
 * Nothing for a first call, so the badge stands out where it appears.
 */
export function RepeatBadge({ call }: { call: Pick<CallRecord, 'repeat'> }) {
  if (!call.repeat) return null;
  return (
    <Badge tone="info" size="sm" className="cb-repeat-badge" title="The same caller called this campaign within the repeat window before">
      Repeat
    </Badge>
  );
}
