/**
 * Importing a CSV from the app (issue 37 item 4), on both engines: the upload recognises each platform's file and
 * proposes its mapping; a changed mapping changes the preview; the run (on a working job runner) stores what
 * `npm run import` stores from the same file, keeps the rejected rows with their reasons, tells the admin, moves
 * its progress batch by batch, and never imports a row twice, whether started twice, run by two at once, or taken
 * up again after stopping midway; a file too large, or not CSV, gets a 4xx that says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  IMPORTS_PATH,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importMappingPath,
  importPath,
  importRejectsPath,
  importRunPath,
  type ImportDetail,
  type ImportMappingEntry,
} from '@callboard/contract/imports';
import type { Notification } from '@callboard/contract/notifications';
import Papa from 'papaparse';
import { runImport } from '../src/cli/import';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
import { orphanedRuns, pruneImports, runStoredImport } from '../src/import/import-run';
import { bearer, buildTestApp, signUp, type TestApp } from './support/test-app';
import { createTestDatabase, testEngine, writeMigratedDataDir } from './support/test-database';

const FIXTURE = path.join(__dirname, '../src/import/fixtures/ringba-sample.csv');
const fixtureText = readFileSync(FIXTURE, 'utf8');

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp({ jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 3_000 } });
  const signedIn = await signUp(t.app, 'Import Admin');
  [admin, adminId] = [signedIn.token, signedIn.user.id];
}, 60_000);
afterAll(() => t?.close());

async function upload(body: string | Buffer, options: { name?: string; type?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${IMPORTS_PATH}?name=${encodeURIComponent(options.name ?? 'calls.csv')}`,
    headers: { ...bearer(admin), 'content-type': options.type ?? 'text/csv', ...options.headers },
    payload: body,
  });
}

async function uploaded(body: string): Promise<ImportDetail> {
  const response = await upload(body);
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const detail = async (id: string): Promise<ImportDetail> => (await t.app.inject({ method: 'GET', url: importPath(id), headers: bearer(admin) })).json().data;

/** The proposed mapping as field → header. */
const fieldsOf = (d: ImportDetail) => Object.fromEntries(d.mapping.map((e) => [e.field, d.columns[e.column]?.header]));

async function finished(id: string): Promise<ImportDetail> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = await detail(id);
    if (now.status === 'done' || now.status === 'failed') return now;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${now.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The stored calls whose id starts with `prefix`, every column an import writes, as text. */
async function storedCalls(db: Database, prefix: string) {
  return db.query(
    `SELECT c.system_call_id, c.call_ts::text AS call_ts, c.caller_id, ca.name AS campaign, p.name AS publisher, tg.name AS target, b.name AS buyer,
            c.system_name, c.system_publisher_id, c.system_buyer_id, c.duration_sec, c.connected, c.recording_url, c.transcript,
            c.revenue_cents, c.payout_cents, c.status, c.qc_disposition, c.qc_sub_disposition, c.qc_reason, c.qc_summary,
            (SELECT r.system_call_id FROM calls r WHERE r.id = c.repeat_of) AS repeat_of
     FROM calls c JOIN campaigns ca ON ca.id = c.campaign_id JOIN publishers p ON p.id = c.publisher_id
     LEFT JOIN targets tg ON tg.id = c.target_id LEFT JOIN buyers b ON b.id = c.buyer_id
     WHERE c.system_call_id LIKE $1 ORDER BY c.system_call_id`,
    [`${prefix}%`],
  );
}

describe('the upload recognises the platform and proposes the mapping', () => {
  test("a Ringba export: its titles, the first 20 rows as they will be stored, each row's problems", async () => {
    const d = await uploaded(fixtureText.replaceAll('RGB-', 'UPR-'));
    expect(d).toMatchObject({ fileName: 'calls.csv', platform: 'ringba', recognisedColumns: 12, status: 'uploaded', totalRows: 15, missingFields: [] });
    expect(d.byteSize).toBe(Buffer.byteLength(fixtureText));
    expect(fieldsOf(d)).toEqual({
      systemCallId: 'Inbound Call ID', callTimestamp: 'Call Date', callerId: 'Caller ID', campaignName: 'Campaign', publisherName: 'Publisher',
      targetName: 'Target', buyerName: 'Buyer', systemPublisherId: 'System Publisher ID', systemBuyerId: 'System Buyer ID', durationSec: 'Call Length In Seconds',
      connectedDurationSec: 'Connected Call Length In Seconds', connected: 'Has Connected', recordingUrl: 'Recording URL', revenue: 'Revenue', payout: 'Payout',
      'qc.disposition': 'QC Disposition', 'qc.sub_disposition': 'Sub Disposition', 'qc.reason': 'Reason', 'qc.summary': 'Summary', transcript: 'Transcript',
    });
    // Headers no name fills are left unmapped.
    expect(d.columns.filter((c) => c.fields.length === 0).map((c) => c.header)).toEqual(['Number', 'Is Duplicate']);
    expect(d.preview).toHaveLength(15);
    const first = d.preview![0]!;
    expect(first).toEqual({
      line: 2,
      problems: [],
      values: expect.objectContaining({
        systemCallId: 'UPR-1001', callTimestamp: '2026-03-02T14:14:07.000Z', campaignName: 'Medicare Advantage', systemName: 'Apex Leads',
        durationSec: 412, connected: true, revenue: '45.00', payout: '18.00', 'qc.disposition': 'Sales',
      }),
    });
    // The rows npm run import rejects, with the same reasons, by line.
    const problems = d.preview!.filter((row) => row.problems.length > 0).map((row) => [row.line, row.problems.map((p) => `${p.column ?? p.field}: ${p.message}`)]);
    expect(problems).toEqual([
      [10, [expect.stringMatching(/^Call Date: "yesterday afternoon" is not a date-time/)]],
      [11, ['Campaign: campaignName is required']],
      [12, ['Recording URL: recordingUrl must be an http or https URL']],
      [13, ['Payout: payout must be an amount in dollars from 0 to 1000000, with at most 2 decimals']],
      [14, ['row: the row has 23 values but the header has 22 columns (an unquoted comma or line break?)']],
      [15, [expect.stringMatching(/^Call Date: "2026-03-08 02:30:00" does not exist in America\/New_York/)]],
    ]);
    // A refused row still shows what its values became.
    expect(d.preview!.find((row) => row.line === 11)?.values).toMatchObject({ systemCallId: 'UPR-1007', publisherName: 'Apex Leads' });
  });

  test("Retreaver's, TrackDrive's and Callboard's own files", async () => {
    const retreaver = await uploaded(
      'uuid,start_time,caller,campaign_name,affiliate_name,afid,target_name,total_duration,connected,revenue,payout,recording_url\n' +
        'RTV-1,2026-05-04T10:00:00-04:00,+13055550111,Auto Insurance,Lead Co,A17,Acme Auto,125,true,35.5,12,https://rec.example.com/1.mp3\n',
    );
    expect(retreaver).toMatchObject({ platform: 'retreaver', recognisedColumns: 12, missingFields: [] });
    // Retreaver's target is its buyer: one column fills both.
    expect(retreaver.preview![0]).toMatchObject({ problems: [], values: { targetName: 'Acme Auto', buyerName: 'Acme Auto', revenue: '35.50', durationSec: 125, callTimestamp: '2026-05-04T14:00:00.000Z' } });

    const trackdrive = await uploaded(
      'trackdrive_call_uuid,created_at,caller_id,offer,traffic_source,buyer,duration,revenue,payout,status\n' +
        'TD-1,2026-05-04 10:00:00 -0400,+13055550112,Final Expense,Blue Media,FE Buyer,0:02:05,$20.00,$8.00,completed\n',
    );
    expect(trackdrive).toMatchObject({ platform: 'trackdrive', recognisedColumns: 9 });
    expect(trackdrive.columns.find((c) => c.header === 'status')?.fields).toEqual([]);
    expect(trackdrive.preview![0]).toMatchObject({ problems: [], values: { campaignName: 'Final Expense', publisherName: 'Blue Media', durationSec: 125, callTimestamp: '2026-05-04T14:00:00.000Z' } });

    const ours = await uploaded('systemCallId,callTimestamp,campaignName,publisherName,qc.disposition\nCB-1,2026-05-04T14:00:00Z,ACA,Apex,sales\n');
    expect(ours).toMatchObject({ platform: 'generic', recognisedColumns: 5 });
    expect(ours.preview![0]!.values).toMatchObject({ systemCallId: 'CB-1', 'qc.disposition': 'Sales' });
  });

  test('a file with one known header: only it is mapped, and the import waits for its required columns', async () => {
    const d = await uploaded('id,when,campaign name?,who\nX-1,2026-05-04T14:00:00Z,C,P\n');
    // One name that is Ringba's and Callboard's alike: a tie goes to Callboard's own names.
    expect(d).toMatchObject({ platform: 'generic', recognisedColumns: 1, mapping: [{ field: 'campaignName', column: 2, transform: 'text' }] });
    expect(d.missingFields).toEqual(['systemCallId', 'callTimestamp', 'publisherName']);
    const run = await t.app.inject({ method: 'POST', url: importRunPath(d.id), headers: bearer(admin) });
    expect(run.statusCode).toBe(400);
    expect(run.json().message).toBe('Choose the column that holds the call id, the call time, the publisher before importing');
  });
});

describe('the mapping', () => {
  test('an edit changes the preview; a wrong one is refused under its field; once started it no longer changes', async () => {
    const d = await uploaded(fixtureText.replaceAll('RGB-', 'MAP-'));
    const numberColumn = d.columns.find((c) => c.header === 'Number')!.index;
    // The caller id from the dialled number instead, no revenue, the time read as Unix time (which Call Date is not).
    const mapping: ImportMappingEntry[] = d.mapping
      .filter((e) => e.field !== 'revenue')
      .map((e) => (e.field === 'callerId' ? { ...e, column: numberColumn } : e.field === 'callTimestamp' ? { ...e, transform: 'epoch' } : e));
    const changed = await t.app.inject({ method: 'PUT', url: importMappingPath(d.id), headers: bearer(admin), payload: { mapping } });
    expect(changed.statusCode).toBe(200);
    const after: ImportDetail = changed.json().data;
    expect(after.columns.find((c) => c.header === 'Number')?.fields).toEqual(['callerId']);
    expect(after.columns.find((c) => c.header === 'Revenue')?.fields).toEqual([]);
    expect(after.preview![0]!.problems).toEqual([{ field: 'callTimestamp', column: 'Call Date', message: expect.stringContaining('is not Unix time') }]);
    expect(after.preview![0]!.values).toMatchObject({ callerId: '+18885550100', campaignName: 'Medicare Advantage' });
    expect(after.preview![0]!.values).not.toHaveProperty('revenue');
    expect(await detail(d.id)).toMatchObject({ mapping });

    const wrong = await t.app.inject({
      method: 'PUT',
      url: importMappingPath(d.id),
      headers: bearer(admin),
      payload: { mapping: [...mapping, { field: 'revenue', column: 99, transform: 'money' }, { field: 'payout', column: 1, transform: 'date' }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'revenue', message: "The revenue's column must be one of the file's 22 columns (0 to 21)" },
      { field: 'payout', message: 'The payout is read from one column only' },
    ]);

    const restored = d.mapping;
    expect((await t.app.inject({ method: 'PUT', url: importMappingPath(d.id), headers: bearer(admin), payload: { mapping: restored } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: importRunPath(d.id), headers: bearer(admin) })).statusCode).toBe(202);
    const locked = await t.app.inject({ method: 'PUT', url: importMappingPath(d.id), headers: bearer(admin), payload: { mapping: restored } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(IMPORT_MESSAGES.mappingLocked);
    await finished(d.id);
  });
});

describe('the run', () => {
  test('stores what npm run import stores from the same file, keeps the rejects with their reasons and tells the admin', async () => {
    // Callers of their own, so that repeat callers are decided among this file's calls alone, in both databases.
    const text = fixtureText.replaceAll('RGB-', 'EQ-').replaceAll(',+1', ',+2').replaceAll(',Anonymous,', ',Withheld,');
    const d = await uploaded(text);
    const started = await t.app.inject({ method: 'POST', url: importRunPath(d.id), headers: bearer(admin) });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', preview: null });
    // Started once: a second start is refused.
    const again = await t.app.inject({ method: 'POST', url: importRunPath(d.id), headers: bearer(admin) });
    expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 409, message: IMPORT_MESSAGES.alreadyRun });

    const done = await finished(d.id);
    expect(done).toMatchObject({ status: 'done', progress: { rowsRead: 15, inserted: 9, updated: 0, rejected: 6 }, error: null });
    expect(done.finishedAt).not.toBeNull();
    expect((await t.db.query('SELECT count(*)::int AS n FROM import_chunks WHERE import_id = $1', [d.id]))[0]).toEqual({ n: 0 });

    // The same file through the command's code path, into a database of its own.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-import-app-'));
    const other = testEngine() === 'postgres' ? await createTestDatabase() : undefined;
    let cliDb: Database | undefined;
    try {
      if (!other) await writeMigratedDataDir(dataDir);
      writeFileSync(path.join(dataDir, 'calls.csv'), text);
      const env = other ? { DATABASE_URL: other.url } : { DATA_DIR: dataDir };
      const status = await runImport(['calls.csv'], { env: { ...env, INIT_CWD: dataDir }, cwd: dataDir, out: () => undefined, err: () => undefined });
      expect(status).toBe(1);
      cliDb = other?.db ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }));
      const fromApp = await storedCalls(t.db, 'EQ-');
      expect(fromApp).toHaveLength(9);
      expect(fromApp).toEqual(await storedCalls(cliDb, 'EQ-'));
    } finally {
      if (!other) await cliDb?.close();
      await other?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    // Each stored call is in the change log once, as the admin's delivery.
    const logged = await t.db.query<{ kind: string; actor: string; n: number }>(
      `SELECT ch.kind, ch.actor, count(*)::int AS n FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id LIKE 'EQ-%' GROUP BY ch.kind, ch.actor`,
    );
    expect(logged).toEqual([{ kind: 'created', actor: `user:${adminId}`, n: 9 }]);

    // The rejected rows: the line, the reason, then the row as the file had it.
    const rejects = await t.app.inject({ method: 'GET', url: importRejectsPath(d.id), headers: bearer(admin) });
    expect(rejects.statusCode).toBe(200);
    expect(rejects.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(rejects.headers['content-disposition']).toBe('attachment; filename="calls-rejected.csv"');
    const parsed = Papa.parse<string[]>(rejects.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Line', 'Rejection reason', ...(Papa.parse<string[]>(text).data[0] as string[])]);
    expect(parsed.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      ['10', expect.stringMatching(/^Call Date: "yesterday afternoon" is not a date-time/), 'EQ-1006'],
      ['11', 'Campaign: campaignName is required', 'EQ-1007'],
      ['12', 'Recording URL: recordingUrl must be an http or https URL', 'EQ-1008'],
      ['13', 'Payout: payout must be an amount in dollars from 0 to 1000000, with at most 2 decimals', 'EQ-1009'],
      ['14', 'row: the row has 23 values but the header has 22 columns (an unquoted comma or line break?)', 'EQ-1010'],
      ['15', expect.stringMatching(/^Call Date: "2026-03-08 02:30:00" does not exist/), 'EQ-1011'],
    ]);
    expect(parsed[2]).toHaveLength(2 + 22);
    // The row with a value too many keeps it: the file's row as it was.
    expect(parsed[5]).toHaveLength(2 + 23);

    const notifications: Notification[] = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(admin) })).json().data.notifications;
    expect(notifications.find((n) => n.link === `/users/import/${d.id}`)).toMatchObject({
      kind: 'import.finished',
      title: 'Import finished: calls.csv',
      body: '9 new, 0 updated, 6 rejected of 15 rows.',
    });

    const listed = (await t.app.inject({ method: 'GET', url: IMPORTS_PATH, headers: bearer(admin) })).json().data;
    expect(listed.find((i: { id: string }) => i.id === d.id)).toMatchObject({ status: 'done', progress: { inserted: 9, rejected: 6 } });
  }, 120_000);

  test('the rejects file hands no formula to a spreadsheet: the file\'s headers and cells that read as one are quoted', async () => {
    const text = 'systemCallId,callTimestamp,campaignName,publisherName,=Note\nFX-1,=1+1,ACA,Apex,"=HYPERLINK(""http://x.example"",""open"")"\n';
    const d = await uploaded(text);
    expect((await t.app.inject({ method: 'POST', url: importRunPath(d.id), headers: bearer(admin) })).statusCode).toBe(202);
    expect(await finished(d.id)).toMatchObject({ status: 'done', progress: { rowsRead: 1, inserted: 0, rejected: 1 } });
    const rejects = await t.app.inject({ method: 'GET', url: importRejectsPath(d.id), headers: bearer(admin) });
    const parsed = Papa.parse<string[]>(rejects.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Line', 'Rejection reason', 'systemCallId', 'callTimestamp', 'campaignName', 'publisherName', "'=Note"]);
    expect(parsed[1]).toEqual(['2', expect.stringMatching(/^callTimestamp: /), 'FX-1', "'=1+1", 'ACA', 'Apex', '\'=HYPERLINK("http://x.example","open")']);
  });

  test('the progress moves batch by batch, as GET reads it', async () => {
    const d = await uploaded(fixtureText.replaceAll('RGB-', 'PRG-'));
    await t.db.query("UPDATE imports SET status = 'queued' WHERE id = $1", [d.id]);
    const seen: Array<[number, number, number, string]> = [];
    // Run as the job's handler does, in batches of 4; after each batch commits GET reads the progress, and the
    // next batch waits its turn until it has.
    let reads = Promise.resolve();
    const outcome = await runStoredImport(
      {
        db: t.db,
        repeatWindowDays: 7,
        batchSize: 4,
        writeTurns: (write) => reads.then(write),
        announce: () => {
          reads = reads.then(async () => {
            const { progress, status } = await detail(d.id);
            seen.push([progress.rowsRead, progress.inserted, progress.rejected, status]);
          });
        },
      },
      d.id,
    );
    await reads;
    expect(outcome).toBe('done');
    // Rows 1-4 stored; 5 stored and 6-8 refused; 9-11 refused and 12 stored; 13-15 stored.
    expect(seen).toEqual([
      [4, 4, 0, 'running'],
      [8, 5, 3, 'running'],
      [12, 6, 6, 'running'],
      [15, 9, 6, 'running'],
    ]);
    expect(await detail(d.id)).toMatchObject({ status: 'done', totalRows: 15, progress: { rowsRead: 15, inserted: 9, rejected: 6 } });
  });

  test('never twice: two runs at once, or a run stopped midway and taken up again', async () => {
    const text = fixtureText.replaceAll('RGB-', 'TWO-');
    const both = await uploaded(text);
    await t.db.query("UPDATE imports SET status = 'queued' WHERE id = $1", [both.id]);
    const outcomes = await Promise.all([runStoredImport({ db: t.db, repeatWindowDays: 7, batchSize: 3 }, both.id), runStoredImport({ db: t.db, repeatWindowDays: 7, batchSize: 3 }, both.id)]);
    expect(outcomes.sort()).toEqual(['done', 'not-taken']);
    expect(await detail(both.id)).toMatchObject({ progress: { rowsRead: 15, inserted: 9, updated: 0, rejected: 6 } });

    const resumed = await uploaded(fixtureText.replaceAll('RGB-', 'RES-'));
    await t.db.query("UPDATE imports SET status = 'queued' WHERE id = $1", [resumed.id]);
    const stop = new AbortController();
    const first = runStoredImport({ db: t.db, repeatWindowDays: 7, batchSize: 4, signal: stop.signal, announce: () => stop.abort(new Error('closing')) }, resumed.id);
    await expect(first).rejects.toThrow('closing');
    const midway = await detail(resumed.id);
    expect(midway).toMatchObject({ status: 'running', progress: { rowsRead: 4, inserted: 4, rejected: 0 } });
    // Its lease was given up as it stopped: the next run takes it at once and goes on past the rows stored.
    expect(await runStoredImport({ db: t.db, repeatWindowDays: 7, batchSize: 4 }, resumed.id)).toBe('done');
    expect(await detail(resumed.id)).toMatchObject({ status: 'done', progress: { rowsRead: 15, inserted: 9, updated: 0, rejected: 6 } });
    const logged = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id LIKE 'RES-%'");
    expect(logged[0]!.n).toBe(9);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM import_rejects WHERE import_id = $1', [resumed.id]))[0]!.n).toBe(6);
    // A finished import is not run again.
    expect(await runStoredImport({ db: t.db, repeatWindowDays: 7 }, resumed.id)).toBe('not-taken');
  });
});

describe('the sweep', () => {
  test('finds the runs no instance holds, and deletes uploads never started and imports long finished', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, async () => (await uploaded(fixtureText)).id));
    const [waiting, justQueued, lapsed, held, stale, old] = ids as [string, string, string, string, string, string];
    const set = (id: string, assignments: string) => t.db.query(`UPDATE imports SET ${assignments} WHERE id = $1`, [id]);
    await set(waiting, "status = 'queued', queued_at = now() - interval '2 minutes'");
    await set(justQueued, "status = 'queued', queued_at = now()");
    await set(lapsed, "status = 'running', lease_token = gen_random_uuid(), lease_until = now() - interval '1 second'");
    await set(held, "status = 'running', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute'");
    await set(stale, "created_at = now() - interval '25 hours'");
    await set(old, "status = 'done', finished_at = now() - interval '31 days'");
    const orphaned = await orphanedRuns(t.db);
    expect(orphaned.filter((id) => ids.includes(id)).sort()).toEqual([waiting, lapsed].sort());

    expect(await pruneImports(t.db)).toBeGreaterThanOrEqual(2);
    const left = (await t.db.query<{ id: string }>('SELECT id FROM imports WHERE id = ANY($1::uuid[])', [ids])).map((r) => r.id);
    expect(left.sort()).toEqual([waiting, justQueued, lapsed, held].sort());
    // Its file and rejected rows went with it.
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM import_chunks WHERE import_id = $1', [stale]))[0]!.n).toBe(0);
    await t.db.query('DELETE FROM imports WHERE id = ANY($1::uuid[])', [left]);
  });
});

describe('a file the upload refuses, with a 4xx that says why', () => {
  test('too large, whether it says so or only shows it (a gzip body that unpacks past the limit)', async () => {
    const declared = await t.app.inject({
      method: 'POST',
      url: IMPORTS_PATH,
      headers: { ...bearer(admin), 'content-type': 'text/csv', 'content-length': String(IMPORT_MAX_BYTES + 1) },
      payload: 'Call ID,Call Date\n',
    });
    expect({ status: declared.statusCode, message: declared.json().message }).toEqual({ status: 413, message: IMPORT_MESSAGES.tooLarge });

    const line = 'BIG-1,2026-05-04T14:00:00Z,Campaign,Publisher,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n';
    const text = `Call ID,Call Date,Campaign,Publisher${',x'.repeat(17)}\n${line.repeat(Math.ceil((IMPORT_MAX_BYTES + 1) / line.length))}`;
    const bomb = await upload(gzipSync(text), { headers: { 'content-encoding': 'gzip' } });
    expect({ status: bomb.statusCode, message: bomb.json().message }).toEqual({ status: 413, message: IMPORT_MESSAGES.tooLarge });
    // Nothing of it is kept.
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM imports WHERE status = 'uploading'"))[0]!.n).toBe(0);
  }, 60_000);

  test('a compressed file within the limit is taken as the file it unpacks to', async () => {
    const text = fixtureText.replaceAll('RGB-', 'GZ-');
    const d = (await upload(gzipSync(text), { headers: { 'content-encoding': 'gzip' } })).json().data as ImportDetail;
    expect(d).toMatchObject({ platform: 'ringba', totalRows: 15, byteSize: Buffer.byteLength(text) });
  });

  test('not CSV: a workbook, binary, one column, empty, JSON or another type', async () => {
    const answers = async (response: Awaited<ReturnType<typeof upload>>) => ({ status: response.statusCode, message: response.json().message });
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    expect(await answers(await upload(xlsx, { name: 'calls.xlsx', type: 'application/vnd.ms-excel' }))).toEqual({ status: 422, message: IMPORT_MESSAGES.workbook });
    expect(await answers(await upload(Buffer.from('Call ID,Call Date\n\u0000\u0001\u0002', 'utf8')))).toEqual({ status: 422, message: IMPORT_MESSAGES.notCsv });
    expect(await answers(await upload('{"calls": []}\n', { type: 'text/plain' }))).toEqual({ status: 422, message: IMPORT_MESSAGES.oneColumn });
    expect(await answers(await upload(''))).toEqual({ status: 422, message: IMPORT_MESSAGES.empty });
    expect(await answers(await upload('\n\nCall ID,Call Date\n'))).toEqual({
      status: 422,
      message: `The first line of the CSV file is blank: it should be the header row. ${IMPORT_MESSAGES.notCsv}`,
    });
    expect(await answers(await upload('{"calls": []}', { type: 'application/json' }))).toEqual({
      status: 415,
      message: 'Send the CSV file itself as the body, with Content-Type text/csv',
    });
    expect(await answers(await upload(Buffer.from([1, 2, 3]), { type: 'image/png' }))).toEqual({
      status: 415,
      message: 'Send the CSV file itself as the body, with Content-Type text/csv',
    });
    expect(await answers(await upload('Call ID,Call Date\n', { headers: { 'content-encoding': 'gzip' } }))).toEqual({
      status: 400,
      message: 'The body says it is gzip-compressed but is not',
    });
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM imports WHERE status = 'uploading'"))[0]!.n).toBe(0);
  });

  test('an import that is not there, one that has not run, and people who are not admins', async () => {
    const missing = await t.app.inject({ method: 'GET', url: importPath('00000000-0000-4000-8000-000000000000'), headers: bearer(admin) });
    expect({ status: missing.statusCode, message: missing.json().message }).toEqual({ status: 404, message: IMPORT_MESSAGES.notFound });
    const d = await uploaded(fixtureText);
    const early = await t.app.inject({ method: 'GET', url: importRejectsPath(d.id), headers: bearer(admin) });
    expect({ status: early.statusCode, message: early.json().message }).toEqual({ status: 409, message: IMPORT_MESSAGES.notRunYet });
    const user = await signUp(t.app, 'Not An Admin');
    for (const [method, url] of [['GET', IMPORTS_PATH], ['GET', importPath(d.id)], ['POST', importRunPath(d.id)]] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(user.token) })).statusCode).toBe(403);
    }
  });
});
