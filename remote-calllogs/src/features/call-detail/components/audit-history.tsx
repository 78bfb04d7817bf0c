import type { CallAuditEntry } from '@callboard/contract';
import { formatDateTime } from '@callboard/shared-ui/format';
import { StatusBadge } from '@callboard/shared-ui/status-badge';

type Disposition = CallAuditEntry['from'];

function who(entry: CallAuditEntry): string {
  if (entry.userName) return entry.userName;
  // No name was kept: a system job made the change, or an account deleted before the history kept names.
  return entry.userId ? 'A deleted user' : 'System';
}

/** "Sub disposition: A → B" for each detail that changed besides the status. */
function otherChanges(from: Disposition, to: Disposition): string[] {
  const lines: string[] = [];
  const show = (value: string | null) => (value && value.trim() !== '' ? `“${value}”` : 'none');
  if ((from.sub_disposition ?? '') !== (to.sub_disposition ?? '')) lines.push(`Sub disposition: ${show(from.sub_disposition)} → ${show(to.sub_disposition)}`);
  if ((from.reason ?? '') !== (to.reason ?? '')) lines.push(`Reason: ${show(from.reason)} → ${show(to.reason)}`);
  return lines;
}

/** Who changed the call's disposition, when, and from what to what; newest first, as the API sends it. */
export function AuditHistory({ entries }: { entries: readonly CallAuditEntry[] }) {
  if (entries.length === 0) {
    return <p className="calllog-detail__muted">No changes yet: the status is the bot’s verdict.</p>;
  }
  return (
    <ol className="calllog-audit" aria-label="Change history">
      {entries.map((entry) => (
        <li key={entry.id} className="calllog-audit__entry">
          <div className="calllog-audit__meta">
            <span className="calllog-audit__who" title={entry.userEmail ?? undefined}>
              {who(entry)}
            </span>
            <time dateTime={entry.changedAt} className="calllog-audit__when">
              {formatDateTime(entry.changedAt)}
            </time>
          </div>
          <div className="calllog-audit__change">
            <span className="cb-sr-only">Changed from </span>
            <StatusBadge status={entry.from.status} />
            <span className="calllog-audit__arrow" aria-hidden="true">
              →
            </span>
            <span className="cb-sr-only"> to </span>
            <StatusBadge status={entry.to.status} />
          </div>
          {otherChanges(entry.from, entry.to).map((line) => (
            <p key={line} className="calllog-audit__detail">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
