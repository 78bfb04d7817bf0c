/** The QC dispositions, in the order the product lists them. */
export const DISPOSITIONS = [
  'Sales',
  'Not Interested',
  'Not Qualified',
  'DNC',
  'Voicemail',
  'Tech Issues',
  'DWSPI',
  'Unresponsive',
  'Hungup',
  'Callback',
  'IVR',
  'subsidy/incentivised',
  'Language Barrier',
  'Misdialed',
] as const;

export type Disposition = (typeof DISPOSITIONS)[number];

const BY_LOWER = new Map<string, Disposition>(DISPOSITIONS.map((d) => [d.toLowerCase(), d]));

export function isDisposition(value: string): value is Disposition {
  return (DISPOSITIONS as readonly string[]).includes(value);
}

/**
 * The canonical spelling of a disposition written in any case ("sales" →
 * "Sales"), or the trimmed text as it came when it is none of the 14: such a
 * call counts as Rejected / Unknown.
 */
export function canonicalDisposition(value: string): string {
  const trimmed = value.trim();
  return BY_LOWER.get(trimmed.toLowerCase()) ?? trimmed;
}

/**
 * The name of the calls whose status is empty or none of the 14: a key of a
 * series bucket's counts, and, as a `status` filter value, it selects them.
 */
export const REJECTED_UNKNOWN = 'Rejected / Unknown';

/** The Statistics view's cards, in order. `flag` names the API flag that raises the card's warning. */
export interface StatsCard {
  key: string;
  label: string;
  /** Which count the card shows. */
  source: { kind: 'total' } | { kind: 'disposition'; disposition: Disposition } | { kind: 'rejectedUnknown' } | { kind: 'redNoConnect' };
  flag?: 'flagVoicemail' | 'flagTargetHU' | 'flagRejectedUnknown' | 'flagRedNoConnect';
}

const card = (label: string, disposition: Disposition, flag?: StatsCard['flag']): StatsCard => ({
  key: disposition,
  label,
  source: { kind: 'disposition', disposition },
  ...(flag ? { flag } : {}),
});

export const STATS_CARDS: StatsCard[] = [
  { key: 'total', label: 'Total Processed', source: { kind: 'total' } },
  card('Sales', 'Sales'),
  card('Not Interested', 'Not Interested'),
  card('Not Qualified', 'Not Qualified'),
  card('DNC', 'DNC'),
  card('Voicemail', 'Voicemail', 'flagVoicemail'),
  card('Tech Issues', 'Tech Issues'),
  card('DWSPI', 'DWSPI'),
  card('Unresponsive', 'Unresponsive'),
  card('Hungup', 'Hungup', 'flagTargetHU'),
  card('Callback', 'Callback'),
  card('IVR', 'IVR'),
  card('Subsidy', 'subsidy/incentivised'),
  card('Language Barrier', 'Language Barrier'),
  card('Misdialed', 'Misdialed'),
  { key: 'rejectedUnknown', label: REJECTED_UNKNOWN, source: { kind: 'rejectedUnknown' }, flag: 'flagRejectedUnknown' },
  { key: 'redNoConnect', label: 'Red No Connects', source: { kind: 'redNoConnect' }, flag: 'flagRedNoConnect' },
];
