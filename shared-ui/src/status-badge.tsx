import { canonicalDisposition, isDisposition, type CallRecord, type Disposition } from '@callboard/contract';
import { disputeBadgeOf } from '@callboard/contract/disputes';
import { Badge, type BadgeTone } from './badge';
import { DASH } from './format';
import './status-badge.css';
import './dispute-badge.css';

/** The CSS modifier of each disposition's badge (`cb-status--<slug>`): each has its own colour. */
export const STATUS_SLUGS: Record<Disposition, string> = {
  Sales: 'sales',
  'Not Interested': 'not-interested',
  'Not Qualified': 'not-qualified',
  DNC: 'dnc',
  Voicemail: 'voicemail',
  'Tech Issues': 'tech-issues',
  DWSPI: 'dwspi',
  Unresponsive: 'unresponsive',
  Hungup: 'hungup',
  Callback: 'callback',
  IVR: 'ivr',
  'subsidy/incentivised': 'subsidy',
  'Language Barrier': 'language-barrier',
  Misdialed: 'misdialed',
};

/** The slug of a status written in any case ("sales" → "sales"); "default" for anything not one of the 14. */
export function statusSlug(status: string): string {
  const canonical = canonicalDisposition(status);
  return isDisposition(canonical) ? STATUS_SLUGS[canonical] : 'default';
}

export interface StatusBadgeProps {
  status: string | null | undefined;
  className?: string;
}

/**
 * A call's disposition as a coloured badge, so a status reads at a glance:
 * one style per each of the 14 dispositions, a light default badge for any
 * other text, and the dash when there is none.
 */
export function StatusBadge({ status, className }: StatusBadgeProps) {
  const text = status?.trim() ?? '';
  if (text === '') {
    return (
      <span className={['cb-status-empty', className].filter(Boolean).join(' ')} aria-label="No status">
        {DASH}
      </span>
    );
  }
  const slug = statusSlug(text);
  return (
    <span className={['cb-status', `cb-status--${slug}`, className].filter(Boolean).join(' ')} title={text}>
      <span className="cb-status__dot" aria-hidden="true" />
      <span className="cb-status__text">{text}</span>
    </span>
  );
}

// The dispute badge sits beside the status badge in the records and the log, and lives in this module rather
// than one of its own: each `@callboard/shared-ui/…` module a remote imports costs bytes of its 10 KB
// remoteEntry.js (shared-ui/src/disputes.ts).
const TONES: Record<NonNullable<ReturnType<typeof disputeBadgeOf>>['tone'], BadgeTone> = {
  open: 'warning',
  credited: 'success',
  rejected: 'neutral',
};

const TITLES: Record<NonNullable<ReturnType<typeof disputeBadgeOf>>['tone'], string> = {
  open: 'The buyer disputes this call; the network has not decided yet',
  credited: 'The buyer was credited for this call after a dispute',
  rejected: 'The buyer disputed this call and the dispute was rejected',
};

/**
 * "Disputed" / "Credited" / "Dispute rejected" beside a call, from its dispute state (CallRecord.disputeState;
 * the words are the contract's disputeBadgeOf). Nothing for a call never disputed, so the badge stands out.
 */
export function DisputeBadge({ call }: { call: Pick<CallRecord, 'disputeState'> }) {
  const badge = disputeBadgeOf(call.disputeState);
  if (!badge) return null;
  return (
    <Badge tone={TONES[badge.tone]} size="sm" className="cb-dispute-badge" title={TITLES[badge.tone]} data-dispute-state={call.disputeState}>
      {badge.label}
    </Badge>
  );
}
