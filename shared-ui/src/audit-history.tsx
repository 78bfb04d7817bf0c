import type { CallAuditEntry, ChangeAction } from '@callboard/contract';
import { Badge, type BadgeTone } from './badge';
import { formatDateTime } from './format';
import { StatusBadge } from './status-badge';
import './audit-history.css';

type Disposition = CallAuditEntry['from'];

/** What each kind of change is called in the history, and its badge's tone. */
export const ACTION_LABELS: Record<ChangeAction, { label: string; tone: BadgeTone }> = {
  set: { label: 'Set', tone: 'info' },
  bulk: { label: 'Bulk update', tone: 'accent' },
  restore: { label: 'Restored AI verdict', tone: 'success' },
  undo: { label: 'Undo', tone: 'warning' },
  dispute: { label: 'Dispute', tone: 'danger' },
};

/** Who made a change, as the history names them. */
export function auditAuthor(entry: CallAuditEntry): string {
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

/**
 * Who changed the call's disposition, when, how (one call, a bulk update, a
 * restore of the AI's verdict, an undo) and from what to what; newest first,
 * as the API sends it. Read by Reporting's call detail and Call Logs' panel.
 */
export function AuditHistory({ entries }: { entries: readonly CallAuditEntry[] }) {
  if (entries.length === 0) {
    return <p className="cb-audit__empty">No changes yet: the status is the AI’s verdict.</p>;
  }
  return (
    <ol className="cb-audit" aria-label="Change history">
      {entries.map((entry) => {
        const action = ACTION_LABELS[entry.action];
        return (
          <li key={entry.id} className="cb-audit__entry">
            <div className="cb-audit__meta">
              <span className="cb-audit__who" title={entry.userEmail ?? undefined}>
                {auditAuthor(entry)}
              </span>
              <Badge tone={action.tone} size="sm" className="cb-audit__action">
                {action.label}
              </Badge>
              <time dateTime={entry.changedAt} className="cb-audit__when">
                {formatDateTime(entry.changedAt)}
              </time>
            </div>
            <div className="cb-audit__change">
              <span className="cb-sr-only">Changed from </span>
              <StatusBadge status={entry.from.status} />
              <span className="cb-audit__arrow" aria-hidden="true">
                →
              </span>
              <span className="cb-sr-only"> to </span>
              <StatusBadge status={entry.to.status} />
            </div>
            {otherChanges(entry.from, entry.to).map((line) => (
              <p key={line} className="cb-audit__detail">
                {line}
              </p>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
