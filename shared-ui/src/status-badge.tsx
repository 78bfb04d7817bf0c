import { canonicalDisposition, isDisposition, type Disposition } from '@callboard/contract';
import { DASH } from './format';
import './status-badge.css';

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
