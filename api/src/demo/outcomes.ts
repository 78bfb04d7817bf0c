/**
 * Outcomes: the 14 dispositions, odd bot answers, and calls that never
 * connected; how often each happens for a publisher of a given quality, how
 * long such a call lasts, and which ones a buyer pays for.
 */
import { cumulativeOf, type Prng } from './prng';

export enum Outcome {
  Sales,
  NotInterested,
  NotQualified,
  Dnc,
  Voicemail,
  TechIssues,
  Dwspi,
  Unresponsive,
  Hungup,
  Callback,
  Ivr,
  Subsidy,
  LanguageBarrier,
  Misdialed,
  Odd,
  NoConnect,
}

export const DISPOSITION_OF: readonly string[] = [
  'Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup',
  'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed',
];

/** Percent of all calls for a typical publisher in business hours. */
const BASE_MIX = [13.5, 18.5, 10, 4, 13.5, 2, 3, 4, 8, 5, 6, 2, 2.5, 2.5, 1.5, 4];

/** What the QC bot sometimes answers that is none of the 14: counted as Rejected / Unknown. */
export const ODD_STATUSES = ['Transferred', 'Duplicate', 'Needs Review', 'N/A', 'Wrong Vertical', 'Agent Error'];

export function outcomeWeights(quality: number, offHours: boolean): Float64Array {
  const q = quality;
  const weights = BASE_MIX.map((w, index) => {
    const outcome = index as Outcome;
    let k = 1;
    switch (outcome) {
      case Outcome.Sales: k = 0.4 + 0.8 * q; break;
      case Outcome.NotQualified: k = 1.6 - 0.6 * q; break;
      case Outcome.Dnc: k = 2.2 - 1.4 * q; break;
      case Outcome.Hungup: k = 2 - 1.2 * q; break;
      case Outcome.Misdialed: k = 2 - q; break;
      case Outcome.Subsidy: k = 3 - 2.5 * q; break;
      case Outcome.Odd:
      case Outcome.NoConnect: k = 2.5 - 2 * q; break;
      default: break;
    }
    if (offHours) {
      if (outcome === Outcome.Voicemail) k *= 1.8;
      if (outcome === Outcome.Ivr || outcome === Outcome.Callback) k *= 1.3;
      if (outcome === Outcome.Sales) k *= 0.7;
    }
    return w * k;
  });
  return cumulativeOf(weights);
}

/** [shortest, longest] seconds of a connected call with this outcome. */
const DURATION: ReadonlyArray<readonly [number, number]> = [
  [240, 1800], [15, 300], [45, 480], [5, 60], [8, 40], [3, 120], [30, 420], [10, 75], [3, 60], [30, 240], [8, 45],
  [45, 480], [15, 120], [3, 30], [5, 300], [0, 0],
];

/** Outcomes a buyer pays for once the call passes the campaign's buffer; Sales always pass it. */
export const BILLABLE = new Set<Outcome>([Outcome.Sales, Outcome.NotInterested, Outcome.NotQualified, Outcome.Dwspi, Outcome.Callback, Outcome.Subsidy]);

export function durationOf(outcome: Outcome, rng: Prng): number {
  const [min, max] = DURATION[outcome] as readonly [number, number];
  if (max === 0) return 0;
  // Peaked in the middle of the range on a log scale, like real call lengths.
  const position = (rng.next() + rng.next()) / 2;
  return Math.round(min * (max / min) ** position);
}
