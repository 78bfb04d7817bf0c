/**
 * What the timeline draws for each series key (the 14 dispositions and
 * Rejected / Unknown): its order, its label and its colour, and how a
 * bucket's time reads. Shared by the chart, its legend and its table.
 */
import { DISPOSITIONS, REJECTED_UNKNOWN, STATS_CARDS, type SeriesBucket } from '@callboard/contract';
import { formatInNewYork } from '@callboard/contract/new-york-time';
import { statusSlug } from '@callboard/shared-ui/status-badge';

/** The keys of a bucket's counts, bottom of the stack first: the cards' order. */
export const SERIES_KEYS: readonly string[] = [...DISPOSITIONS, REJECTED_UNKNOWN];

const CARD_LABELS = new Map<string, string>(
  STATS_CARDS.flatMap((card) =>
    card.source.kind === 'disposition' ? [[card.source.disposition, card.label]] : card.source.kind === 'rejectedUnknown' ? [[REJECTED_UNKNOWN, card.label]] : [],
  ),
);

/** A key as its stats card names it ("subsidy/incentivised" → "Subsidy"). */
export function seriesLabel(key: string): string {
  return CARD_LABELS.get(key) ?? key;
}

/**
 * The status badge's class for a key: it sets `--cb-status-hue`, so a
 * disposition has one colour wherever it is drawn (shared-ui/src/status-badge.css).
 * Rejected / Unknown takes the badge's default, as any status outside the 14 does.
 */
export function seriesColourClass(key: string): string {
  return `cb-status--${statusSlug(key)}`;
}

export interface BucketBounds {
  from: string;
  to: string;
}

/** A bucket's time range on the New York clock, for the tooltip and the table's rows. */
export function bucketRangeText(bucket: BucketBounds, size: SeriesBucket): string {
  const from = (format: string) => formatInNewYork(bucket.from, format) ?? bucket.from;
  switch (size) {
    case 'hour':
      return `${from('LLL d, yyyy, h:mm a')} – ${formatInNewYork(bucket.to, 'h:mm a') ?? bucket.to}`;
    case 'day':
      return from('ccc, LLL d, yyyy');
    case 'week': {
      // `to` is exclusive: the week's last day is the one before it.
      const last = formatInNewYork(new Date(Date.parse(bucket.to) - 1), 'LLL d, yyyy') ?? bucket.to;
      return `${from('LLL d')} – ${last}`;
    }
    case 'month':
      return from('LLLL yyyy');
  }
}

/** A bucket's short label under its bar. */
export function bucketTickText(bucket: BucketBounds, size: SeriesBucket): string {
  const format = size === 'hour' ? 'h a' : size === 'month' ? 'LLL yyyy' : 'LLL d';
  return formatInNewYork(bucket.from, format) ?? '';
}

/** What the caption and headings call a bucket. */
export const BUCKET_NOUNS: Record<SeriesBucket, string> = { hour: 'hour', day: 'day', week: 'week', month: 'month' };
