/**
 * The records of a CSV stream, header first, each with the line it starts on: papaparse over text decoded from
 * bytes (UTF-8 across chunk boundaries), the separator decided from the whole header line, and only a bounded
 * number of records held: the source is paused while `highWater` wait. The importer and the app's preview read
 * files through it.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';

/** The file has no usable header row. */
export class CsvHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvHeaderError';
  }
}

export interface CsvRecord {
  line: number;
  fields: string[];
  /** papaparse's complaint about this row (an unterminated or malformed quote). */
  problem: string | undefined;
}

function countLineBreaks(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) {
    if (field.includes('\n') || field.includes('\r')) count += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return count;
}

/** Text from a stream of text or bytes, decoding UTF-8 across chunk boundaries (papaparse's per-chunk toString() would split characters). */
async function* decodeChunks(source: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source) {
    if (typeof chunk === 'string') yield chunk;
    else if (chunk instanceof Uint8Array) yield decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else throw new TypeError('the CSV stream must deliver text or bytes');
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* prepend(head: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  try {
    if (head) yield head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
const HEADER_SCAN_LIMIT = 64 * 1024;

/**
 * The separator the header line uses most (outside quotes); comma when none.
 * Decided here from the whole first line: papaparse would guess from its
 * first chunk, which a stream may cut anywhere.
 */
export function guessDelimiter(firstLine: string): string {
  const bare = firstLine.replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = bare.split(d).length - 1;
    if (n > bestCount) [best, bestCount] = [d, n];
  }
  return best;
}

/**
 * The rows of a CSV stream, header first, each with the line it starts on.
 * papaparse pushes rows as the stream delivers data; the stream is paused
 * while `highWater` rows wait, and resumed when they are taken.
 */
export async function* csvRecords(source: Readable, highWater: number): AsyncGenerator<CsvRecord> {
  const text = decodeChunks(source)[Symbol.asyncIterator]();
  let head = '';
  try {
    while (!/[\r\n]/.test(head) && head.length < HEADER_SCAN_LIMIT) {
      const next = await text.next();
      if (next.done) break;
      head += next.value;
    }
  } catch (error) {
    source.destroy();
    throw error;
  }
  const delimiter = guessDelimiter(head.split(/\r\n|\r|\n/, 1)[0] ?? '');
  const parsed = Readable.from(prepend(head, text));

  let queue: CsvRecord[] = [];
  let finished = false;
  let failure: Error | undefined;
  let pausedHere = false;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  let line = 1;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };

  Papa.parse<string[]>(parsed, {
    header: false,
    skipEmptyLines: false,
    delimiter,
    step(results, handle) {
      parser = handle;
      const fields = results.data;
      const problem = results.errors.find((e) => e.type === 'Quotes')?.message;
      queue.push({ line, fields, problem });
      line += 1 + countLineBreaks(fields);
      if (queue.length >= highWater && !pausedHere) {
        pausedHere = true;
        parsed.pause();
      }
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(error) {
      failure = error;
      notify();
    },
  });

  try {
    for (;;) {
      if (queue.length > 0) {
        const ready = queue;
        queue = [];
        // Parsing goes on while these rows are stored; at most `highWater` more wait meanwhile.
        if (pausedHere) {
          pausedHere = false;
          parsed.resume();
        }
        yield* ready;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!finished) {
      parser?.abort();
      parsed.destroy();
      source.destroy();
    }
  }
}

export const isBlank = (fields: readonly string[]) => fields.every((f) => f.trim() === '');

/** The header row's titles, trimmed (a byte order mark dropped); throws CsvHeaderError when it is blank or not valid CSV. */
export function headerOf(record: CsvRecord | undefined): string[] {
  if (!record) throw new CsvHeaderError('The CSV file is empty: its first line should be the header row');
  const headers = record.fields.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  if (isBlank(headers)) throw new CsvHeaderError('The first line of the CSV file is blank: it should be the header row');
  if (record.problem) throw new CsvHeaderError(`The header row is not valid CSV: ${record.problem}`);
  return headers;
}
