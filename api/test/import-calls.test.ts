import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_USAGE, parseImportArgs, runImport } from '../src/cli/import';
import type { Database } from '../src/db/database';
import { MissingColumnsError } from '../src/import/column-mapping';
import { CsvHeaderError, importCallsCsv, type ImportProgress } from '../src/import/import-calls';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';

const FIXTURE = path.join(__dirname, '../src/import/fixtures/ringba-sample.csv');
const fixtureText = readFileSync(FIXTURE, 'utf8');

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const textStream = (text: string) => Readable.from([text]);
const countCalls = async (prefix: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls WHERE system_call_id LIKE $1', [`${prefix}%`]))[0]?.n;

interface StoredCall {
  system_call_id: string;
  ts: string;
  caller_id: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  system_name: string;
  duration_sec: number;
  connected: boolean;
  revenue_cents: number;
  payout_cents: number;
  status: string;
  qc_disposition: string | null;
  transcript: string | null;
}

async function storedCalls(prefix: string): Promise<Map<string, StoredCall>> {
  const rows = await db.query<StoredCall>(
    `SELECT c.system_call_id, to_char(c.call_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ts, c.caller_id,
            ca.name AS campaign, p.name AS publisher, t.name AS target, b.name AS buyer, c.system_name, c.duration_sec,
            c.connected, c.revenue_cents, c.payout_cents, c.status, c.qc_disposition, c.transcript
     FROM calls c JOIN campaigns ca ON ca.id = c.campaign_id JOIN publishers p ON p.id = c.publisher_id
     LEFT JOIN targets t ON t.id = c.target_id LEFT JOIN buyers b ON b.id = c.buyer_id
     WHERE c.system_call_id LIKE $1`,
    [`${prefix}%`],
  );
  return new Map(rows.map((r) => [r.system_call_id, r]));
}

describe('importing the Ringba sample', () => {
  test('stores the valid rows and reports the others by line', async () => {
    const progress: ImportProgress[] = [];
    const summary = await importCallsCsv(db, createReadStream(FIXTURE), { onProgress: (p) => progress.push(p) });

    expect(summary).toMatchObject({ rows: 15, valid: 9, inserted: 9, updated: 0, rejectedCount: 6, dryRun: false });
    expect(summary.columns.ignored).toEqual(['Number', 'Is Duplicate']);
    expect(progress.at(-1)).toMatchObject({ rows: 15, inserted: 9, rejected: 6 });

    // Line numbers count the three lines of RGB-1004's quoted transcript and the blank line 9.
    expect(summary.rejected.map((r) => [r.line, r.systemCallId, r.errors.map((e) => `${e.column ?? e.field}: ${e.message}`)])).toEqual([
      [10, 'RGB-1006', [expect.stringMatching(/^Call Date: "yesterday afternoon" is not a date-time/)]],
      [11, 'RGB-1007', ['Campaign: campaignName is required']],
      [12, 'RGB-1008', ['Recording URL: recordingUrl must be an http or https URL']],
      [13, 'RGB-1009', ['Payout: payout must be an amount in dollars from 0 to 1000000, with at most 2 decimals']],
      [14, 'RGB-1010', ['row: the row has 23 values but the header has 22 columns (an unquoted comma or line break?)']],
      [15, 'RGB-1011', ['Call Date: "2026-03-08 02:30:00" does not exist in America/New_York (the clocks skip it); give the time with its offset']],
    ]);

    const calls = await storedCalls('RGB-');
    expect([...calls.keys()].sort()).toEqual(['RGB-1001', 'RGB-1002', 'RGB-1003', 'RGB-1004', 'RGB-1005', 'RGB-1012', 'RGB-1013', 'RGB-1014', 'RGB-1015']);
    expect(calls.get('RGB-1001')).toMatchObject({
      ts: '2026-03-02T14:14:07Z', caller_id: '+13055550101', campaign: 'Medicare Advantage', publisher: 'Apex Leads',
      target: 'Humana MA Line', buyer: 'Humana', system_name: 'Apex Leads', duration_sec: 412, connected: true,
      revenue_cents: 4500, payout_cents: 1800, status: 'Sales', qc_disposition: 'Sales',
    });
    // New York times without an offset: EST before 8 March, EDT after; the repeated hour of 1 November is EST.
    expect(calls.get('RGB-1002')).toMatchObject({ ts: '2026-03-02T14:31:55Z', connected: false, duration_sec: 38, status: 'Voicemail' });
    expect(calls.get('RGB-1003')).toMatchObject({ ts: '2026-03-02T15:05:12Z', status: 'Not Interested' });
    expect(calls.get('RGB-1012')).toMatchObject({ ts: '2026-03-08T07:15:00Z', revenue_cents: 123450, payout_cents: 41000 });
    expect(calls.get('RGB-1014')).toMatchObject({ ts: '2026-11-01T06:30:00Z', target: null, buyer: null, connected: false });
    expect(calls.get('RGB-1004')?.transcript).toBe(
      "Agent: Welcome to the enrollment line.\nCaller: I lost my job coverage last month.\nAgent: Let's see what you qualify for.",
    );
    // No verdict yet: the status stays empty until the QC bot reports.
    expect(calls.get('RGB-1013')).toMatchObject({ connected: true, revenue_cents: 0, status: '', qc_disposition: null });
    expect(calls.get('RGB-1015')).toMatchObject({ caller_id: 'Anonymous', duration_sec: 0, revenue_cents: 0, payout_cents: 0 });
  });

  test('importing the file again updates its calls instead of duplicating them', async () => {
    const summary = await importCallsCsv(db, createReadStream(FIXTURE), { batchSize: 4 });
    expect(summary).toMatchObject({ rows: 15, inserted: 0, updated: 9, rejectedCount: 6 });
    expect(await countCalls('RGB-')).toBe(9);
    const totals = await db.query<{ calls: number; revenue: number }>(
      "SELECT sum(calls)::int AS calls, sum(revenue_cents)::int AS revenue FROM calls_daily WHERE day BETWEEN '2026-03-01' AND '2026-11-30'",
    );
    // The rollups moved with the updates rather than counting the calls twice.
    expect(totals[0]).toEqual({ calls: 9, revenue: 4500 + 3800 + 123450 });
  });

  test('a dry run checks every row and stores nothing', async () => {
    const progress: ImportProgress[] = [];
    const summary = await importCallsCsv(db, textStream(fixtureText.replaceAll('RGB-', 'DRY-')), { dryRun: true, batchSize: 3, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ rows: 15, valid: 9, inserted: 0, updated: 0, rejectedCount: 6, dryRun: true });
    expect(summary.rejected.map((r) => r.line)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(await countCalls('DRY-')).toBe(0);

    // Without a database at all, and keeping only the first rejections while counting them all.
    const capped = await importCallsCsv(null, textStream(fixtureText), { dryRun: true, keepRejected: 2 });
    expect(capped).toMatchObject({ rows: 15, valid: 9, rejectedCount: 6 });
    expect(capped.rejected.map((r) => r.line)).toEqual([10, 11]);
  });
});

describe('reading CSV', () => {
  const HEADER = 'Call ID,Call Start,Campaign Name,Publisher Name,Revenue';

  test('a call id repeated in the file updates the call, whatever the batch size', async () => {
    const csv = [HEADER, 'REP-A,2026-04-01T10:00:00Z,Rep,Pub,1', 'REP-A,2026-04-01T10:00:00Z,Rep,Pub,2', 'REP-B,2026-04-01T11:00:00Z,Rep,Pub,3', 'REP-A,2026-04-01T10:00:00Z,Rep,Pub,4'].join('\n');
    for (const [prefix, batchSize] of [['REP1', 1000], ['REP2', 2], ['REP3', 1]] as const) {
      const summary = await importCallsCsv(db, textStream(csv.replaceAll('REP-', `${prefix}-`)), { batchSize });
      expect(summary).toMatchObject({ rows: 4, inserted: 2, updated: 2, rejectedCount: 0 });
      const calls = await storedCalls(`${prefix}-`);
      expect(calls.get(`${prefix}-A`)?.revenue_cents).toBe(400);
    }
  });

  test('an abort stops the import after the batch being stored', async () => {
    const lines = [HEADER, ...Array.from({ length: 30 }, (_, i) => `ABORT-${i},2026-04-04T10:00:00Z,C,P,1`)];
    const controller = new AbortController();
    const reason = new Error('stop, please');
    const run = importCallsCsv(db, textStream(lines.join('\n')), { batchSize: 10, signal: controller.signal, onProgress: () => controller.abort(reason) });
    await expect(run).rejects.toBe(reason);
    expect(await countCalls('ABORT-')).toBe(10);
  });

  test('missing required columns stop the import before any row is read', async () => {
    const csv = 'Call ID,Caller ID,Target\nNOPE-1,+15550001111,T\n';
    await expect(importCallsCsv(db, textStream(csv))).rejects.toThrow(MissingColumnsError);
    await expect(importCallsCsv(db, textStream(csv))).rejects.toThrow(
      'The CSV file has no column for call time (one of "callDt", "Call Date", "Call Date Time", "dtStamp", "callTimestamp", "Call Start", "Call Start Time", "Timestamp", "start_time", "created_at"); campaign (one of "campaignName", "Campaign", "offer", "offer_name"); publisher (one of "publisherName", "Publisher", "affiliate_name", "traffic_source", "traffic_source_name")',
    );
    expect(await countCalls('NOPE-')).toBe(0);
  });

  test('an empty file is refused', async () => {
    await expect(importCallsCsv(db, textStream(''))).rejects.toThrow(CsvHeaderError);
    await expect(importCallsCsv(db, textStream('\nCall ID,Call Date,Campaign,Publisher\n'))).rejects.toThrow(
      'The first line of the CSV file is blank: it should be the header row',
    );
  });

  test('a header row without data rows imports nothing', async () => {
    expect(await importCallsCsv(db, textStream(`${HEADER}\n`))).toMatchObject({ rows: 0, inserted: 0, rejectedCount: 0 });
  });

  test('byte order mark, CRLF, semicolons and multi-byte characters split across chunks', async () => {
    const csv = `\uFEFFCall ID;Call Start;Campaign Name;Publisher Name;Transcript\r\nUTF-1;2026-04-02 09:00;Café Campaign;Señor Leads 📞;"line one\r\nline two"\r\nUTF-2;2026-04-02 09:05;Café Campaign;Señor Leads 📞;ok\r\n`;
    const bytes = Buffer.from(csv, 'utf8');
    // One to three bytes at a time: characters and CRLF pairs are cut in every possible place.
    const chunks: Buffer[] = [];
    for (let i = 0, size = 1; i < bytes.length; i += size, size = (size % 3) + 1) chunks.push(bytes.subarray(i, i + size));
    for (const source of [Readable.from(chunks), new Readable({ read() { this.push(chunks.shift() ?? null); } })]) {
      await db.query("DELETE FROM calls WHERE system_call_id LIKE 'UTF-%'");
      const summary = await importCallsCsv(db, source);
      expect(summary).toMatchObject({ rows: 2, inserted: 2, rejectedCount: 0 });
      const calls = await storedCalls('UTF-');
      expect(calls.get('UTF-1')).toMatchObject({ campaign: 'Café Campaign', publisher: 'Señor Leads 📞', transcript: 'line one\r\nline two', ts: '2026-04-02T13:00:00Z' });
      expect(calls.get('UTF-2')).toMatchObject({ ts: '2026-04-02T13:05:00Z' });
    }
  });

  test('an unterminated quote is reported on the line it starts', async () => {
    const csv = [HEADER, 'Q-1,2026-04-03T10:00:00Z,C,P,1', 'Q-2,2026-04-03T10:00:00Z,"C,P,1', 'Q-3,2026-04-03T10:00:00Z,C,P,1'].join('\n');
    const summary = await importCallsCsv(db, textStream(csv));
    expect(summary.inserted).toBe(1);
    expect(summary.rejected).toEqual([
      {
        line: 3,
        systemCallId: 'Q-2',
        errors: [{ field: 'row', column: null, message: 'the row is not valid CSV: Quoted field unterminated' }],
        // The rest of the file is the unterminated value: kept as read, for the rejected rows' file.
        fields: ['Q-2', '2026-04-03T10:00:00Z', 'C,P,1\nQ-3,2026-04-03T10:00:00Z,C,P,1'],
      },
    ]);
  });
});

describe('streaming a large file', () => {
  // Enough rows for twenty batches: what is tested is the batching and the back-pressure, not the speed
  // (the ingest rate is the bench's to measure).
  const ROWS = 5_000;
  const BATCH_SIZE = 250;
  const ROWS_PER_CHUNK = 50;
  const header = 'Inbound Call ID,Call Date,Caller ID,Campaign,Publisher,Target,Buyer,Duration,Has Connected,Revenue,Payout,QC Disposition,Transcript';
  const dispositions = ['Sales', 'Voicemail', 'Not Interested', 'DNC', 'Hungup'];

  function row(i: number): string {
    const minute = new Date(Date.UTC(2026, 4, 1) + i * 60_000).toISOString().replace(/\.000Z$/, 'Z');
    // Every 500th row has a two-line transcript, every 2000th (from 1234) an impossible payout.
    const transcript = i % 500 === 0 ? `"Agent: hello, this is call ${i}\nCaller: hi"` : `Short call ${i}`;
    const payout = i % 2000 === 1234 ? '-5' : `$${(i % 40) + 0.5}`;
    return `BIG-${i},${minute},+1555${String(i).padStart(7, '0')},Campaign ${i % 40},Publisher ${i % 200},Target ${i % 100},Buyer ${i % 60},${i % 900},${i % 7 ? 'Yes' : 'No'},${i % 5 === 0 ? '"$1,200.00"' : '0'},${payout},${dispositions[i % 5]},${transcript}`;
  }

  test(`${ROWS.toLocaleString('en-US')} rows from a Readable, in batches, without reading ahead of the database`, async () => {
    let produced = 0;
    let maxLead = 0;
    function* chunks() {
      yield `${header}\n`;
      for (let start = 0; start < ROWS; start += ROWS_PER_CHUNK) {
        const lines: string[] = [];
        for (let i = start; i < Math.min(start + ROWS_PER_CHUNK, ROWS); i += 1) lines.push(row(i));
        produced += lines.length;
        yield `${lines.join('\n')}\n`;
      }
    }
    const batches: ImportProgress[] = [];
    const summary = await importCallsCsv(db, Readable.from(chunks()), {
      batchSize: BATCH_SIZE,
      onProgress(p) {
        batches.push(p);
        maxLead = Math.max(maxLead, produced - p.rows);
      },
    });

    const bad = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 2000 === 1234);
    expect(summary).toMatchObject({ rows: ROWS, inserted: ROWS - bad.length, updated: 0, rejectedCount: bad.length });
    // Line of row i: the header, then one line per row plus one per earlier two-line transcript.
    expect(summary.rejected.map((r) => [r.line, r.systemCallId])).toEqual(bad.map((i) => [2 + i + Math.ceil(i / 500), `BIG-${i}`]));
    expect(await countCalls('BIG-')).toBe(ROWS - bad.length);
    expect(batches.length).toBeGreaterThanOrEqual(ROWS / BATCH_SIZE);
    // The source is pulled only as fast as batches are stored: a few batches ahead at most, never the whole file.
    expect(maxLead).toBeLessThan(5 * BATCH_SIZE);
  });
});

describe('npm run import', () => {
  const io = (env: Record<string, string | undefined>) => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { env, cwd: process.cwd(), out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
  };

  test('arguments', () => {
    expect(parseImportArgs(['calls.csv'])).toEqual({ file: 'calls.csv', dryRun: false, batchSize: 1000 });
    expect(parseImportArgs(['--dry-run', 'calls.csv', '--batch', '250'])).toEqual({ file: 'calls.csv', dryRun: true, batchSize: 250 });
    expect(parseImportArgs(['calls.csv', '--batch=5000'])).toEqual({ file: 'calls.csv', dryRun: false, batchSize: 5000 });
    expect(parseImportArgs(['--help'])).toBe('help');
    expect(() => parseImportArgs([])).toThrow('which file? Give the CSV file to import');
    expect(() => parseImportArgs(['a.csv', 'b.csv'])).toThrow('one file at a time (got "a.csv" and "b.csv")');
    expect(() => parseImportArgs(['a.csv', '--batch'])).toThrow('--batch needs a number');
    for (const bad of ['0', '-3', '1.5', 'lots', '10001']) {
      expect(() => parseImportArgs(['a.csv', '--batch', bad])).toThrow(`--batch must be a whole number from 1 to 10000 (got "${bad}")`);
    }
    expect(() => parseImportArgs(['a.csv', '--force'])).toThrow('unknown option --force');
  });

  test('exit 2 without touching the database when the file or the arguments are wrong', async () => {
    const missing = io({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await runImport(['no-such-file.csv'], missing.io)).toBe(2);
    expect(missing.err.join('')).toContain(`import: file not found: ${path.resolve('no-such-file.csv')}`);

    const folder = io({});
    expect(await runImport([__dirname], folder.io)).toBe(2);
    expect(folder.err.join('')).toContain('is a folder, not a CSV file');

    const badBatch = io({});
    expect(await runImport([FIXTURE, '--batch', 'x'], badBatch.io)).toBe(2);
    expect(badBatch.err.join('')).toContain(IMPORT_USAGE);

    const badEnv = io({ DATABASE_URL: 'mysql://x' });
    expect(await runImport([FIXTURE], badEnv.io)).toBe(2);
    expect(badEnv.err.join('')).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  test('imports into the configured database, prints the rejected rows and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-import-'));
    try {
      const env = testEngine() === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
      const csv = path.join(dataDir, 'calls.csv');
      writeFileSync(csv, fixtureText.replaceAll('RGB-', 'CLI-'));
      const run = io({ ...env, INIT_CWD: dataDir });
      expect(await runImport(['calls.csv', '--batch', '5'], run.io)).toBe(1);
      const out = run.out.join('');
      expect(out).toMatch(/^Imported calls\.csv into (PostgreSQL \([^)]*\/callboard_test_\w+\)|the embedded database \(.*\)) in /);
      expect(out).toContain('  rows      15\n  inserted  9\n  updated   0\n  rejected  6\n');
      expect(out).toContain("Columns read as Ringba's (12 of 22 headers are its names)\n");
      expect(out).toContain('Ignored columns: Number, Is Duplicate');
      expect(out).toContain('  line 11 (CLI-1007): Campaign: campaignName is required\n');
      expect(out).toContain('  line 14 (CLI-1010): row: the row has 23 values but the header has 22 columns');
      expect(run.err.join('')).toMatch(/ {2}15 rows: 9 inserted, 0 updated, 6 rejected \([\d,]+ rows\/s\)\n$/);
      if (testEngine() === 'postgres') expect(await countCalls('CLI-')).toBe(9);

      const headerless = path.join(dataDir, 'wrong.csv');
      writeFileSync(headerless, 'id,when\n1,2\n');
      const wrong = io({ ...env, INIT_CWD: dataDir });
      expect(await runImport(['wrong.csv'], wrong.io)).toBe(2);
      expect(wrong.err.join('')).toContain('The CSV file has no column for call id');
      expect(wrong.err.join('')).toContain('Nothing was imported.');

      const clean = path.join(dataDir, 'clean.csv');
      writeFileSync(clean, 'Call ID,Call Date,Campaign,Publisher\nCLEAN-1,2026-04-05T10:00:00Z,C,P\n');
      const ok = io({ ...env, INIT_CWD: dataDir });
      expect(await runImport([clean, '--dry-run'], ok.io)).toBe(0);
      expect(ok.out.join('')).toContain('(dry run, nothing stored)');
      expect(ok.out.join('')).toContain('  valid     1\n');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
