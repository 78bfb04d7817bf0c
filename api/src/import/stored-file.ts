/**
 * An uploaded CSV file kept in the database (import_chunks, migration 0040) until its import has run: whichever
 * instance the job runner gives the run to reads it from there, where a file in one instance's data folder would
 * be out of the others' reach. It is written in pieces of about IMPORT_CHUNK_BYTES, each one statement: no
 * transaction spans an upload, since on PGlite one would hold the only connection for as long as the client
 * takes to send.
 *
 * The pieces are text, decoded as UTF-8 as the importer reads them anyway (a character cut between two pieces is
 * put back together): PGlite writes text at about 45 ms a megabyte where bytea took 780 (its parameters go
 * through hex), which is the difference between a 50 MB upload in 3 s and one past the server's 30 s request limit.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Queryable } from '../db/database';

export const IMPORT_CHUNK_BYTES = 1024 * 1024;

/** More bytes than the limit: the caller deletes what was written and answers 413. */
export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the file is larger than ${limit} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** The file's first bytes say it is not text (a workbook, an archive, a picture): refused before anything is kept. */
export class NotCsvError extends Error {
  constructor(readonly kind: 'workbook' | 'binary') {
    super(kind === 'workbook' ? 'the file is a spreadsheet workbook' : 'the file is not text');
    this.name = 'NotCsvError';
  }
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);
/** .xlsx (a zip archive) and .xls (an OLE compound file): the two an export is most often mistaken for. */
const WORKBOOK_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
] as const;

/** Throws NotCsvError when the start of a file is a workbook, or binary (a NUL byte: no text encoding a CSV export uses has one). */
export function judgeFileStart(start: Uint8Array): void {
  if (WORKBOOK_MAGIC.some((magic) => startsWith(start, magic))) throw new NotCsvError('workbook');
  if (start.includes(0)) throw new NotCsvError('binary');
}

/**
 * Writes `body` as the file of import `importId`, judging its first piece (judgeFileStart) before writing it and
 * refusing a NUL anywhere (PostgreSQL's text cannot hold one; no CSV export has one). Throws FileTooLargeError past
 * `maxBytes` and NotCsvError as judged, leaving what was written for the caller to delete with the import.
 * Resolves to the number of bytes.
 */
export async function writeStoredFile(db: Queryable, importId: string, body: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<number> {
  const decoder = new StringDecoder('utf8');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  const write = async (piece: Buffer, last: boolean) => {
    if (seq === 0) judgeFileStart(piece.subarray(0, 4096));
    if (piece.includes(0)) throw new NotCsvError('binary');
    const text = decoder.write(piece) + (last ? decoder.end() : '');
    await db.query('INSERT INTO import_chunks (import_id, seq, data) VALUES ($1, $2, $3)', [importId, seq, text]);
    seq += 1;
  };
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += bytes.length;
    if (total > maxBytes) throw new FileTooLargeError(maxBytes);
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= IMPORT_CHUNK_BYTES) {
      await write(Buffer.concat(pending), false);
      pending = [];
      pendingBytes = 0;
    }
  }
  await write(Buffer.concat(pending), true);
  return total;
}

/** The stored file as a stream of text, read one piece at a time as the reader asks. */
export function readStoredFile(db: Queryable, importId: string): Readable {
  async function* pieces() {
    for (let seq = 0; ; seq += 1) {
      const [row] = await db.query<{ data: string }>('SELECT data FROM import_chunks WHERE import_id = $1 AND seq = $2', [importId, seq]);
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(pieces(), { objectMode: true });
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
/** Characters that leave a line blank as the importer judges one (every value empty once trimmed): spaces, quotes, separators, a byte order mark. */
const BLANK = new Set([0x20, 0x09, QUOTE, 0x2c, 0x3b, 0x7c, 0xfeff]);

/**
 * Counts a CSV file's data rows as the importer will read them: line breaks inside quotes do not end a row,
 * blank lines are not rows, and the header is not one. Exact for a well-formed file; it only sizes the progress
 * bar (the run counts for itself), so a malformed quote costs nothing worse than a bar that ends early.
 */
export class RowCounter {
  private inQuotes = false;
  private lineHasValue = false;
  private afterCr = false;
  private records = 0;
  private headerSeen = false;

  push(text: string): void {
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === LF && this.afterCr) {
        this.afterCr = false;
        continue;
      }
      this.afterCr = false;
      if (code === QUOTE) this.inQuotes = !this.inQuotes;
      if (!this.inQuotes && (code === LF || code === CR)) {
        this.endLine();
        this.afterCr = code === CR;
        continue;
      }
      if (!this.lineHasValue && !BLANK.has(code)) this.lineHasValue = true;
    }
  }

  /** Data rows in what was pushed. */
  end(): number {
    this.endLine();
    return this.records;
  }

  private endLine() {
    // The importer takes the first line as the header, blank or not.
    if (!this.headerSeen) this.headerSeen = true;
    else if (this.lineHasValue) this.records += 1;
    this.lineHasValue = false;
  }
}

/** Counts the stored file's data rows (RowCounter), reading it once. */
export async function countStoredRows(db: Queryable, importId: string): Promise<number> {
  const counter = new RowCounter();
  for await (const piece of readStoredFile(db, importId)) counter.push(piece as string);
  return counter.end();
}
