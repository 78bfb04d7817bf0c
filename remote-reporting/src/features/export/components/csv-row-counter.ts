const QUOTE = 0x22;
const LINE_FEED = 0x0a;

export interface CsvRowCounter {
  /** Feeds the next chunk of the file as it arrives. */
  push(chunk: Uint8Array): void;
  /** Data rows seen so far (lines ended outside quotes, minus the header line). */
  rows(): number;
}

/**
 * Counts the records of a CSV while it streams in, so the export popup can say
 * "1,200 of 3,000 rows". A line feed inside a quoted field (a transcript with
 * line breaks) is part of the field, not the end of a row; an escaped quote
 * ("") toggles twice and so leaves the state as it was. Works on bytes: both
 * characters are ASCII, and UTF-8 never uses those byte values inside a
 * multi-byte character.
 */
export function createCsvRowCounter(): CsvRowCounter {
  let inQuotes = false;
  let lines = 0;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LINE_FEED && !inQuotes) lines += 1;
      }
    },
    rows: () => Math.max(0, lines - 1),
  };
}
