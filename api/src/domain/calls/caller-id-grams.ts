/**
 * The caller-id search matches a substring, case-insensitively (ILIKE '%…%'). Phone numbers are
 * digits, and a trigram index is weak on them: there are only a thousand digit trigrams, so each
 * one is in about one call in a hundred, and a six-digit search intersected four such lists. An
 * index of every four-character piece of the lowered caller id (caller_id_grams() in migration
 * 0008) has ten times as many keys a tenth as long, and a search of four characters or more only
 * reads the calls holding all of its pieces.
 *
 * The length is fixed by that migration's function: changing it needs a new migration that
 * rebuilds the index.
 */
export const CALLER_ID_GRAM_LENGTH = 4;

/** Whether a search is long enough to be looked up by its four-character pieces. */
export function searchHasGrams(search: string): boolean {
  // PostgreSQL counts characters, not UTF-16 units.
  return [...search].length >= CALLER_ID_GRAM_LENGTH;
}
