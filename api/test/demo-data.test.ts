import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DISPOSITIONS, type CallRecord } from '@callboard/contract';
import { seedDemoCalls } from '../src/demo/seed-demo-calls';
import { DEMO_PARTNER_HISTORY_WEEKS, demoHistoryFrom, prepareDemoPartners } from '../src/demo/demo-partners';
import { PasswordHasher } from '../src/domain/auth/password-hasher';
import { RecordingLinks } from '../src/domain/recordings/recording-links';
import { bearer, buildTestApp, login, signUp, TEST_PASSWORD_COST, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
const end = new Date();
const options = { calls: 3000, days: 60, seed: 7, end };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app);
});
afterAll(() => t.close());

describe('seeding', () => {
  test('stores every call once, reports progress, and a second run updates the same calls', async () => {
    const progress: number[] = [];
    const first = await seedDemoCalls(t.db, { ...options, onProgress: (done, total) => progress.push(done / total) });
    expect(first).toMatchObject({ calls: 3000, inserted: 3000, updated: 0 });
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);

    const again = await seedDemoCalls(t.db, options);
    expect(again).toMatchObject({ calls: 3000, inserted: 0, updated: 3000 });
    const [row] = await t.db.query<{ calls: number; campaigns: number; targets: number }>(
      'SELECT (SELECT count(*)::int FROM calls) AS calls, (SELECT count(*)::int FROM campaigns) AS campaigns, (SELECT count(*)::int FROM targets) AS targets',
    );
    expect(row?.calls).toBe(3000);
    expect(row?.campaigns).toBe(40);
    expect(row?.targets).toBeGreaterThan(90);
  });

  test('the stats of last_30_days and the period before agree with counting the rows', async () => {
    const response = await t.app.inject({ url: '/api/stats?datePreset=last_30_days', headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;

    const count = async (from: string, to: string) => {
      const rows = await t.db.query<{ status: string; connected: boolean; n: number }>(
        'SELECT status, connected, count(*)::int AS n FROM calls WHERE call_ts >= $1 AND call_ts < $2 GROUP BY 1, 2',
        [from, to],
      );
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      const byStatus = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
      const unknown = rows.filter((r) => !(DISPOSITIONS as readonly string[]).includes(r.status)).reduce((sum, r) => sum + r.n, 0);
      const notConnected = rows.filter((r) => !r.connected).reduce((sum, r) => sum + r.n, 0);
      return { total, byStatus, unknown, notConnected };
    };

    const current = await count(stats.range.from, stats.range.to);
    expect(current.total).toBeGreaterThan(1000);
    expect(stats.totalCalls).toBe(current.total);
    for (const { disposition, count: n } of stats.dispositions) expect([disposition, n]).toEqual([disposition, current.byStatus(disposition)]);
    expect(stats.flags.rejectedUnknownCount).toBe(current.unknown);
    expect(stats.flags.redNoConnectCount).toBe(current.notConnected);
    expect(current.unknown).toBeGreaterThan(0);
    expect(current.notConnected).toBeGreaterThan(0);

    const previous = await count(stats.previous.range.from, stats.previous.range.to);
    expect(stats.previous.totalCalls).toBe(previous.total);
    expect(previous.total).toBeGreaterThan(1000);
  });
});

describe('the demo partners', () => {
  const PASSWORD = 'abcd-efgh-jkmn-pqrs';
  const passwords = new PasswordHasher(TEST_PASSWORD_COST);

  test('a publisher and a buyer partner over the busiest sources, history from some weeks ago, caller ids masked; seeded once', async () => {
    const first = await prepareDemoPartners(t.db, passwords, PASSWORD);
    expect(first.added).toBe(2);
    expect(first.signIns).toEqual([
      { email: 'partner-publisher@callboard.demo', kind: 'publisher', password: PASSWORD },
      { email: 'partner-buyer@callboard.demo', kind: 'buyer', password: PASSWORD },
    ]);
    expect((await prepareDemoPartners(t.db, passwords, PASSWORD)).added).toBe(0);
    // Without the kept password nothing is added, and no password is shown.
    expect((await prepareDemoPartners(t.db, passwords, undefined)).signIns.map((s) => s.password)).toEqual([undefined, undefined]);

    const publisher = await login(t.app, 'partner-publisher@callboard.demo', PASSWORD);
    expect(publisher.user.role).toBe('partner');
    const scope = (await t.app.inject({ url: `/api/users/${publisher.user.id}`, headers: bearer(admin.token) })).json().data.partnerScope;
    expect(scope).toMatchObject({ kind: 'publisher', historyFrom: demoHistoryFrom(new Date(), DEMO_PARTNER_HISTORY_WEEKS), callerId: 'masked', counterparty: false });
    expect(scope.ids).toHaveLength(2);

    // The partner reads its own calls only: fewer than the network's, each from its sources.
    const own = (await t.app.inject({ url: '/api/stats?datePreset=last_30_days', headers: bearer(publisher.token) })).json().data;
    const all = (await t.app.inject({ url: '/api/stats?datePreset=last_30_days', headers: bearer(admin.token) })).json().data;
    expect(own.totalCalls).toBeGreaterThan(0);
    expect(own.totalCalls).toBeLessThan(all.totalCalls);
    const buyer = await login(t.app, 'partner-buyer@callboard.demo', PASSWORD);
    expect((await t.app.inject({ url: `/api/users/${buyer.user.id}`, headers: bearer(admin.token) })).json().data.partnerScope).toMatchObject({ kind: 'buyer', ids: [expect.any(Number)] });
  });
});

/**
 * The searches docs/user-guide.md's "Transcript search" shows, as written there: every
 * backticked example of that paragraph before its "The stats" sentence.
 */
function readmeSearchExamples(): string[] {
  const readme = readFileSync(path.join(__dirname, '../../docs/user-guide.md'), 'utf8');
  const start = readme.indexOf('**Transcript search.**');
  const end = readme.indexOf('The stats', start);
  expect([start, end].every((at) => at > 0)).toBe(true);
  return [...readme.slice(start, end).matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' '));
}

describe('transcript search on the demo data', () => {
  test("each of the user guide's example searches finds calls in the demo data", async () => {
    const examples = readmeSearchExamples();
    expect(examples.length).toBeGreaterThanOrEqual(5);
    // The demo calls the seeding test stored; seeded here when this test runs alone.
    const [stored] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls');
    if (stored?.n === 0) await seedDemoCalls(t.db, options);
    for (const q of examples) {
      const response = await t.app.inject({ url: `/api/calls/records?datePreset=last_6_months&limit=1&q=${encodeURIComponent(q)}`, headers: bearer(admin.token) });
      expect([q, response.statusCode, response.json<{ meta: { total: number } }>().meta.total > 0]).toEqual([q, 200, true]);
    }
  });
});

describe('recordings', () => {
  const links = () => new RecordingLinks(t.jwtSecret);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  /** A link as the API signs it now, or as it signed it `agoMs` earlier. */
  const signed = (path: string, agoMs = 0) => links().link(path, Date.now() - agoMs) as string;
  const SIGNED_LINK = /^\/recordings\/demo-[1-4]\.wav\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

  test('the records and a call’s details carry signed links to recordings on this server', async () => {
    const page = await t.app.inject({ url: '/api/calls/records?datePreset=last_30_days&limit=200', headers: bearer(admin.token) });
    expect(page.statusCode).toBe(200);
    const withRecording = (page.json().data as CallRecord[]).filter((r) => r.recordingUrl !== null);
    expect(withRecording.length).toBeGreaterThan(0);
    for (const record of withRecording) expect(record.recordingUrl).toMatch(SIGNED_LINK);

    const first = withRecording[0] as CallRecord;
    const [stored] = await t.db.query<{ url: string }>('SELECT recording_url AS url FROM calls WHERE id = $1', [first.id]);
    expect(first.recordingUrl?.split('?')[0]).toBe(stored?.url);
    const detail = await t.app.inject({ url: `/api/calls/records/${first.id}`, headers: bearer(admin.token) });
    expect(detail.json().data.recordingUrl).toMatch(SIGNED_LINK);
    // Signed within the same few minutes: the same link, so a call fetched again leaves its player alone.
    expect(detail.json().data.recordingUrl).toBe(first.recordingUrl);
    expect((await get(detail.json().data.recordingUrl)).statusCode).toBe(200);
  });

  test('every linked recording is served through its signed link, as an 8 kHz mono 16-bit WAV kept only until the link expires', async () => {
    const linked = await t.db.query<{ url: string }>('SELECT DISTINCT recording_url AS url FROM calls WHERE recording_url IS NOT NULL ORDER BY 1');
    expect(linked.map((r) => r.url)).toEqual([1, 2, 3, 4].map((k) => `/recordings/demo-${k}.wav`));
    for (const { url } of linked) {
      const response = await get(signed(url));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(14 * 60);
      expect(maxAge).toBeLessThanOrEqual(20 * 60);
      expect(response.headers['accept-ranges']).toBe('bytes');
      const wav = response.rawPayload;
      expect(Number(response.headers['content-length'])).toBe(wav.length);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
      expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 1, 8000, 16]);
      expect(wav.toString('ascii', 36, 40)).toBe('data');
      expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
      const seconds = (wav.length - 44) / 16_000;
      expect(seconds).toBeGreaterThanOrEqual(6);
      expect(seconds).toBeLessThanOrEqual(10);
    }
    const [one, two] = await Promise.all([get(signed('/recordings/demo-1.wav')), get(signed('/recordings/demo-2.wav'))]);
    expect(one.rawPayload.equals(two.rawPayload)).toBe(false);
    expect((await get(signed('/recordings/demo-1.wav'))).rawPayload.equals(one.rawPayload)).toBe(true);
  });

  test('refused without a valid, unexpired signature, before the file is looked up', async () => {
    const link = signed('/recordings/demo-3.wav');
    const [path, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const expires = params.get('expires') as string;
    const signature = params.get('signature') as string;
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    const refusals: Array<[string, number, string]> = [
      [path, 401, 'UNAUTHENTICATED'],
      ['/recordings/demo-9.wav', 401, 'UNAUTHENTICATED'],
      [`${path}?expires=${expires}`, 401, 'UNAUTHENTICATED'],
      [`${path}?signature=${signature}`, 401, 'UNAUTHENTICATED'],
      [`${path}?expires=${expires}&signature=${tampered}`, 403, 'FORBIDDEN'],
      [`${path}?expires=${Number(expires) + 300}&signature=${signature}`, 403, 'FORBIDDEN'],
      [`/recordings/demo-4.wav?expires=${expires}&signature=${signature}`, 403, 'FORBIDDEN'],
      [signed('/recordings/demo-3.wav', 21 * 60_000), 403, 'FORBIDDEN'],
    ];
    for (const [url, status, code] of refusals) {
      const response = await get(url, { range: 'bytes=0-43' });
      expect([url, response.statusCode, response.json().code]).toEqual([url, status, code]);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    expect((await get(signed('/recordings/demo-3.wav', 21 * 60_000))).json().message).toBe('This recording link has expired: open the call again for a new one');
    // A bearer token is no substitute: the <audio> element never has one, so the link is what counts.
    expect((await get(path, bearer(admin.token))).statusCode).toBe(401);
    // The same link from another deployment (another JWT secret) is not valid here.
    const foreign = new RecordingLinks('another-deployment-secret').link(path) as string;
    expect((await get(foreign)).statusCode).toBe(403);
  });

  test('answers Range requests the way an audio element seeks', async () => {
    const link = signed('/recordings/demo-3.wav');
    const whole = (await get(link)).rawPayload;
    const size = whole.length;

    const head = await get(link, { range: 'bytes=0-43' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-43/${size}`);
    expect(head.headers['content-type']).toBe('audio/wav');
    expect(head.rawPayload.equals(whole.subarray(0, 44))).toBe(true);

    const open = await get(link, { range: 'bytes=1000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(open.rawPayload.equals(whole.subarray(1000))).toBe(true);

    const tail = await get(link, { range: 'bytes=-100' });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.subarray(size - 100))).toBe(true);

    const past = await get(link, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });

    // Several ranges, or a stale If-Range, get the whole file (RFC 9110 lets a server ignore Range).
    const multi = await get(link, { range: 'bytes=0-1,5-9' });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(size);
    const stale = await get(link, { range: 'bytes=0-9', 'if-range': '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    const current = await get(link, { range: 'bytes=0-9', 'if-range': head.headers.etag as string });
    expect(current.statusCode).toBe(206);
    expect((await get(link, { 'if-none-match': head.headers.etag as string })).statusCode).toBe(304);
  });

  test('a signed link to a file that does not exist is a 404 in the API error format', async () => {
    for (const path of ['/recordings/demo-5.wav', '/recordings/demo-0.wav', '/recordings/demo-01.wav', '/recordings/demo-1.mp3', '/recordings/other.wav']) {
      const response = await get(signed(path));
      expect([path, response.statusCode]).toEqual([path, 404]);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
