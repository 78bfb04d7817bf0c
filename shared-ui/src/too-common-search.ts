/**
 * What a screen says when a transcript search found nothing because every
 * word of it is too common to be indexed (the records answer's
 * `meta.qTooCommon`, contract/src/calls.ts): Reporting's records and Call
 * Logs say the same sentence, so it is written once here.
 */
export function tooCommonSearchText(q: string): string {
  return `Every word of “${q}” is too common to search for (like “the” or “and”): add a rarer word.`;
}
