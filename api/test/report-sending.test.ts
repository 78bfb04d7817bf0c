/**
 * Scheduled reports, sent (issue 36 item 4): a real SMTP server receives each email, whose cards equal GET
 * /api/stats for the view's filter and the period, whose top movers equal brute force over the calls, and whose
 * CSV or XLSX attachment holds exactly the period's records; a partner recipient's email holds only its scope
 * and fields; empty periods are skipped; send now and re-send; one-click unsubscribe; a period sent once however
 * many ticks ask; the period across a clock change. Deliveries are sent by calling the delivery worker, as the
 * job runner would (the runner is not working in this app).
 */
import { API_PATHS, type StatsData } from '@callboard/contract';
import { NOTIFICATIONS_PATH, type NotificationList } from '@callboard/contract/notifications';
import { REPORT_SCHEDULES_PATH, reportDeliveriesPath, reportResendPath, reportSendNowPath, type ReportRun, type ReportSchedule } from '@callboard/contract/report-schedules';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { resolvePreset } from '../src/domain/calls/date-range';
import { ingestAll, INGEST_KEY, makeCall, nyDate, nyIso, onStableNewYorkDay, qs, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { attachmentsOf, bodyOf, headerOf, type MimeAttachment } from './support/mime-reader';
import { partnerScope, signUpPartner, type PartnerSignedIn } from './support/partner-accounts';
import { cardsOfStats, emailedCards, startMailServer, type MailServer, type ReceivedMail } from './support/report-mail';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { anotherPoolOn, testEngine } from './support/test-database';

const PUBLISHERS = ['Rep Pub A', 'Rep Pub B', 'Rep Pub C'] as const;
const CAMPAIGNS = ['Rep Camp 1', 'Rep Camp 2', 'Rep Camp 3'] as const;
const BUYERS = ['Rep Buyer X', 'Rep Buyer Y'] as const;
const DISPOSITIONS = ['Sales', 'Voicemail', 'Not Interested', 'Hungup', 'DNC', 'Gibberish'] as const;
/** The view's columns: what the attachment holds, in this order. */
const COLUMNS = ['callTimestamp', 'systemCallId', 'publisherName', 'callerId', 'status', 'revenue', 'payout'];
const HEADERS = ['Time Stamp', 'System Call ID', 'Publisher', 'CID', 'Status', 'Revenue', 'Payout'];

interface FixtureCall {
  id: string;
  day: string;
  publisher: string;
  campaign: string;
  buyer: string;
  disposition: string;
  callerId: string;
}

/** Calls on three New York days: 2025-06-09 (the period before), 2025-06-10 (the period), 2025-06-11 (after it). */
function fixtureCalls(): FixtureCall[] {
  const random = seededRandom(36);
  const calls: FixtureCall[] = [];
  const perDay: Record<string, number> = { '2025-06-09': 30, '2025-06-10': 40, '2025-06-11': 10 };
  for (const [day, count] of Object.entries(perDay)) {
    for (let i = 0; i < count; i += 1) {
      // Pub A grows from the day before, Pub B shrinks: the movers have something to say.
      const publisher = day === '2025-06-10' ? random.pick([PUBLISHERS[0], PUBLISHERS[0], PUBLISHERS[1], PUBLISHERS[2]]) : random.pick([PUBLISHERS[0], PUBLISHERS[1], PUBLISHERS[1], PUBLISHERS[2]]);
      calls.push({
        id: `rep-${day}-${String(i).padStart(2, '0')}`,
        day,
        publisher,
        campaign: random.pick(CAMPAIGNS),
        buyer: random.pick(BUYERS),
        disposition: random.pick(DISPOSITIONS),
        callerId: `+1555${String(random.int(1_000_000, 9_999_999))}`,
      });
    }
  }
  return calls;
}

function ingestable(call: FixtureCall, time = '12:00'): IngestCallInput {
  return makeCall(call.id, {
    callTimestamp: nyIso(`${call.day}T${time}`),
    callerId: call.callerId,
    campaignName: call.campaign,
    publisherName: call.publisher,
    buyerName: call.buyer,
    targetName: `Target of ${call.buyer}`,
    revenue: 12.5,
    payout: 4,
    qc: { disposition: call.disposition, reason: 'r', summary: 's' },
  });
}

let mail: MailServer;
let t: TestApp;
let analyst: SignedIn;
let admin: SignedIn;
let partner: PartnerSignedIn;
let buyerPartner: PartnerSignedIn;
const calls = fixtureCalls();
let ids: { publisher: Record<string, number>; buyer: Record<string, number>; campaign: Record<string, number> };
/** The analyst's view: Pub A and Pub B. */
let viewId: string;
let viewQuery: string;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, delivery: { smtpUrl: mail.url, publicUrl: 'https://callboard.example.com' }, jobs: { working: false } });
  admin = await signUp(t.app, 'Ada Admin');
  analyst = await signUp(t.app, 'Andy Analyst');
  await ingestAll(t.app, calls.map((call) => ingestable(call)));
  const named = async (table: string) => Object.fromEntries((await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [r.name, Number(r.id)]));
  ids = { publisher: await named('publishers'), buyer: await named('buyers'), campaign: await named('campaigns') };
  // Masked caller ids, no counterparty: the buyers' names and the revenue are not this partner's.
  partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher[PUBLISHERS[0]]!], { callerId: 'masked', counterparty: false }), 'Pat Partner');
  // A buyer partner without the counterparty may not filter by publisher: the view's filter is refused for it.
  buyerPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer[BUYERS[0]]!], { counterparty: false }), 'Bea Buyer');
  viewQuery = `publisher=${ids.publisher[PUBLISHERS[0]]},${ids.publisher[PUBLISHERS[1]]}&datePreset=last_7_days&sortBy=callTimestamp&sortDir=desc`;
  const view = await t.app.inject({ method: 'POST', url: API_PATHS.views, headers: bearer(analyst.token), payload: { name: 'Sales desk', area: 'reporting', query: viewQuery, columns: COLUMNS } });
  expect(view.statusCode).toBe(201);
  viewId = view.json().data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const filterOf = (query: string) => new URLSearchParams(query).get('publisher')!;

async function schedule(fields: Record<string, unknown>, who: SignedIn = analyst): Promise<ReportSchedule> {
  const response = await t.app.inject({ method: 'POST', url: REPORT_SCHEDULES_PATH, headers: bearer(who.token), payload: { viewId, frequency: 'daily', timeOfDay: '07:00', recipientIds: [analyst.user.id], ...fields } });
  if (response.statusCode !== 201) throw new Error(`schedule: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** As a schedule made before `at`: its next run is then; every other schedule's is far off, so a tick sends this one alone. */
async function dueAt(scheduleId: string, at: Date): Promise<void> {
  await t.db.query("UPDATE report_schedules SET next_run_at = CASE WHEN id = $1 THEN $2::timestamptz ELSE '2100-01-01T00:00:00Z' END WHERE enabled", [scheduleId, at]);
}

async function runsOf(scheduleId: string): Promise<ReportRun[]> {
  const response = await t.app.inject({ method: 'GET', url: reportDeliveriesPath(scheduleId), headers: bearer(analyst.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Sends the run's emails as the delivery worker does, and waits for the SMTP server to hold them; the new mails. */
async function deliver(run: ReportRun): Promise<ReceivedMail[]> {
  const before = mail.received.length;
  const queued = run.recipients.filter((r) => r.delivery !== null);
  for (const recipient of queued) expect(await t.app.delivery.send(recipient.delivery!.id)).toBe('sent');
  await mail.waitFor(before + queued.length);
  return mail.received.slice(before);
}

const mailTo = (mails: ReceivedMail[], who: SignedIn) => {
  const found = mails.find((m) => m.to.includes(who.user.email));
  if (!found) throw new Error(`no email to ${who.user.email}`);
  return found;
};

async function statsAs(who: SignedIn, query: string): Promise<StatsData> {
  const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.stats}?${query}`, headers: bearer(who.token) });
  if (response.statusCode !== 200) throw new Error(`stats: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const JUNE_10 = 'datePreset=custom&startDate=2025-06-10T00:00&endDate=2025-06-11T00:00';

/** The CSV attachment's rows as objects keyed by header. */
function csvRows(attachment: MimeAttachment): Array<Record<string, string>> {
  const text = attachment.content.toString('utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

describe('a scheduled daily report, at its time', () => {
  let scheduled: ReportSchedule;
  let run: ReportRun;
  let mails: ReceivedMail[];

  beforeAll(async () => {
    scheduled = await schedule({ recipientIds: [analyst.user.id, admin.user.id, partner.user.id, buyerPartner.user.id], attachment: 'csv' });
    await dueAt(scheduled.id, nyDate('2025-06-11T07:00'));
    expect(await t.app.reports.sendDue(nyDate('2025-06-11T07:00:30'))).toBe(1);
    run = (await runsOf(scheduled.id))[0]!;
    mails = await deliver(run!);
  });

  test('the run covers the New York day before, queues each recipient who may read the view, and says why another gets nothing', () => {
    expect(run).toMatchObject({ trigger: 'scheduled', status: 'sent', period: { from: nyDate('2025-06-10T00:00').toISOString(), to: nyDate('2025-06-11T00:00').toISOString() } });
    const outcomes = Object.fromEntries(run.recipients.map((r) => [r.email, r.outcome]));
    expect(outcomes).toEqual({ [analyst.user.email]: 'queued', [admin.user.email]: 'queued', [partner.user.email]: 'queued', [buyerPartner.user.email]: 'refused' });
    expect(run.recipients.find((r) => r.outcome === 'refused')!.detail).toMatch(/cannot filter by publisher/);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([analyst.user.email, admin.user.email, partner.user.email].sort());
  });

  test('the subject names the view and the day; the cards equal GET /api/stats for the view’s filter on that day, arrows included', async () => {
    const email = mailTo(mails, analyst);
    expect(headerOf(email.message, 'subject')).toBe('Sales desk — Tue, Jun 10, 2025');
    const stats = await statsAs(analyst, `publisher=${filterOf(viewQuery)}&${JUNE_10}`);
    expect(stats.totalCalls).toBe(calls.filter((c) => c.day === '2025-06-10' && c.publisher !== PUBLISHERS[2]).length);
    expect(emailedCards(bodyOf(email.message, 'text/plain'))).toEqual(cardsOfStats(stats));
    const html = bodyOf(email.message, 'text/html');
    expect(html).toContain('<table');
    expect(html).toMatch(/[▲▼]/);
  });

  test('the top movers are the publishers and campaigns whose calls or share moved, most first, by brute force', () => {
    const text = bodyOf(mailTo(mails, analyst).message, 'text/plain');
    const inView = calls.filter((c) => c.publisher !== PUBLISHERS[2]);
    const total = { now: inView.filter((c) => c.day === '2025-06-10').length, before: inView.filter((c) => c.day === '2025-06-09').length };
    const share = (count: number, of: number) => Math.round((count / of) * 10_000) / 100;
    for (const [label, key, names] of [['Publishers', 'publisher', PUBLISHERS], ['Campaigns', 'campaign', CAMPAIGNS]] as const) {
      const moved = names
        .map((name) => {
          const now = inView.filter((c) => c.day === '2025-06-10' && c[key] === name).length;
          const before = inView.filter((c) => c.day === '2025-06-09' && c[key] === name).length;
          return { name, now, before };
        })
        .filter((m) => m.now + m.before > 0 && (m.now !== m.before || share(m.now, total.now) !== share(m.before, total.before)));
      const section = text.split(`${label}:\n`)[1]!.split(/\n(?! {2})/)[0]!;
      const listed = section.split('\n').map((line) => /^ {2}(.+?): (\d+) calls .* from (\d+)\), ([\d.]+)% of calls \(was ([\d.]+)%\)$/.exec(line)!);
      // Every value that moved is listed (there are at most three), the largest change in calls first.
      expect(listed.map((m) => ({ name: m[1], now: Number(m[2]), before: Number(m[3]) })).sort((a, b) => a.name!.localeCompare(b.name!))).toEqual(moved);
      const changes = listed.map((m) => Math.abs(Number(m[2]) - Number(m[3])));
      expect(changes).toEqual([...changes].sort((a, b) => b - a));
      for (const m of listed) expect([Number(m[4]), Number(m[5])]).toEqual([share(Number(m[2]), total.now), share(Number(m[3]), total.before)]);
    }
  });

  test('the CSV attachment holds exactly the period’s records of the view, in its columns', () => {
    const [attachment, ...more] = attachmentsOf(mailTo(mails, analyst).message);
    expect(more).toEqual([]);
    expect(attachment!.filename).toBe('Sales_desk_2025-06-10.csv');
    expect(attachment!.contentType).toBe('text/csv');
    const rows = csvRows(attachment!);
    expect(Object.keys(rows[0]!)).toEqual(HEADERS);
    const expected = calls.filter((c) => c.day === '2025-06-10' && c.publisher !== PUBLISHERS[2]);
    expect(rows.map((r) => r['System Call ID']).sort()).toEqual(expected.map((c) => c.id).sort());
    for (const row of rows) {
      const call = expected.find((c) => c.id === row['System Call ID'])!;
      // A text cell starting with "+" is neutralised as every export's is (domain/export/neutralise.ts).
      expect(row).toEqual({ 'Time Stamp': 'Jun 10 12:00:00 PM', 'System Call ID': call.id, Publisher: call.publisher, CID: `'${call.callerId}`, Status: call.disposition, Revenue: '12.50', Payout: '4.00' });
    }
  });

  test('the email links to the view with the period and carries a one-click unsubscribe (RFC 8058)', () => {
    const email = mailTo(mails, analyst);
    const text = bodyOf(email.message, 'text/plain');
    const link = `https://callboard.example.com/reporting?${new URLSearchParams({
      publisher: filterOf(viewQuery),
      sortBy: 'callTimestamp',
      sortDir: 'desc',
      datePreset: 'custom',
      startDate: nyDate('2025-06-10T00:00').toISOString(),
      endDate: nyDate('2025-06-11T00:00').toISOString(),
    }).toString()}`;
    expect(text).toContain(`Open the view: ${link}`);
    const unsubscribe = headerOf(email.message, 'list-unsubscribe')!;
    expect(unsubscribe).toMatch(/^<https:\/\/callboard\.example\.com\/api\/report-schedules\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    expect(headerOf(email.message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Unsubscribe: ${unsubscribe.slice(1, -1)}`);
    // Each recipient has a link of their own.
    expect(headerOf(mailTo(mails, admin).message, 'list-unsubscribe')).not.toBe(unsubscribe);
  });

  test("a partner recipient's email holds only its scope: its cards, no one else's names, its columns and masked caller ids", async () => {
    const email = mailTo(mails, partner);
    const text = bodyOf(email.message, 'text/plain');
    const stats = await statsAs(partner, `publisher=${filterOf(viewQuery)}&${JUNE_10}`);
    expect(stats.totalCalls).toBe(calls.filter((c) => c.day === '2025-06-10' && c.publisher === PUBLISHERS[0]).length);
    expect(emailedCards(text)).toEqual(cardsOfStats(stats));
    const attachment = attachmentsOf(email.message)[0]!;
    const everything = [text, bodyOf(email.message, 'text/html'), attachment.content.toString('utf8')].join('\n');
    for (const foreign of [PUBLISHERS[1], PUBLISHERS[2], ...BUYERS]) expect(everything).not.toContain(foreign);
    const rows = csvRows(attachment);
    // A publisher partner reads its payout, not the buyer's revenue.
    expect(Object.keys(rows[0]!)).toEqual(HEADERS.filter((h) => h !== 'Revenue'));
    const own = calls.filter((c) => c.day === '2025-06-10' && c.publisher === PUBLISHERS[0]);
    expect(rows.map((r) => r['System Call ID']).sort()).toEqual(own.map((c) => c.id).sort());
    for (const row of rows) expect(row.CID).toBe(`'+1 ••• ••• ${own.find((c) => c.id === row['System Call ID'])!.callerId.slice(-4)}`);
    // No movers among publishers (it has one); no buyers (not its counterparty).
    expect(text).not.toContain('Publishers:');
    expect(text).not.toContain('Buyers:');
  });

  test('the schedule moves to its next run, keeps the period and the time it sent, and its owner is told', async () => {
    const [listed] = (await t.app.inject({ method: 'GET', url: REPORT_SCHEDULES_PATH, headers: bearer(analyst.token) })).json().data.filter((s: ReportSchedule) => s.id === scheduled.id);
    expect(listed).toMatchObject({
      nextRunAt: nyDate('2025-06-12T07:00').toISOString(),
      lastPeriod: { from: nyDate('2025-06-10T00:00').toISOString(), to: nyDate('2025-06-11T00:00').toISOString() },
      lastSentAt: nyDate('2025-06-11T07:00:30').toISOString(),
    });
    const notifications = (await t.app.inject({ method: 'GET', url: NOTIFICATIONS_PATH, headers: bearer(analyst.token) })).json().data as NotificationList;
    expect(notifications.notifications[0]).toMatchObject({ kind: 'report.sent', title: 'Report sent: Sales desk', body: 'Tue, Jun 10, 2025: sent to 3 of 4 recipients' });
    expect(notifications.notifications[0]!.link).toMatch(/^\/reporting\?publisher=/);
  });

  test('the log lists the run with each delivery as the delivery log has it: sent, one attempt', async () => {
    const [logged] = await runsOf(scheduled.id);
    for (const recipient of logged!.recipients.filter((r) => r.outcome === 'queued')) {
      expect(recipient.delivery).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    }
  });

  test('the tick again at the same moment, or later that day, sends nothing more', async () => {
    await dueAt(scheduled.id, nyDate('2025-06-11T07:00'));
    expect(await t.app.reports.sendDue(nyDate('2025-06-11T07:00:30'))).toBe(0);
    expect(await t.app.reports.sendDue(nyDate('2025-06-11T18:00'))).toBe(0);
    expect(await runsOf(scheduled.id)).toHaveLength(1);
  });
});

test('an XLSX attachment holds the same rows as the CSV export of the view for the period', async () => {
  const scheduled = await schedule({ attachment: 'xlsx' });
  await dueAt(scheduled.id, nyDate('2025-06-11T07:00'));
  expect(await t.app.reports.sendDue(nyDate('2025-06-11T07:00:30'))).toBe(1);
  const [email] = await deliver((await runsOf(scheduled.id))[0]!);
  const attachment = attachmentsOf(email!.message)[0]!;
  expect(attachment.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(attachment.content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells: string[][] = [];
  sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((v) => (typeof v === 'number' ? v.toFixed(2) : String(v)))));
  const exported = await t.app.inject({ method: 'GET', url: `/api/calls/export${qs({ fmt: 'csv', columns: COLUMNS.join(','), publisher: filterOf(viewQuery), datePreset: 'custom', startDate: '2025-06-10T00:00', endDate: '2025-06-11T00:00' })}`, headers: bearer(analyst.token) });
  expect(exported.statusCode).toBe(200);
  const expected = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(cells[0]).toEqual(HEADERS);
  expect(cells.slice(1).sort()).toEqual(expected.slice(1).sort());
  expect(cells.length - 1).toBe(calls.filter((c) => c.day === '2025-06-10' && c.publisher !== PUBLISHERS[2]).length);
});

describe('skip if empty', () => {
  test('a period without calls sends nothing and is logged as skipped', async () => {
    const scheduled = await schedule({ skipIfEmpty: true, recipientIds: [analyst.user.id, partner.user.id] });
    await dueAt(scheduled.id, nyDate('2025-07-02T07:00'));
    const before = mail.received.length;
    expect(await t.app.reports.sendDue(nyDate('2025-07-02T07:00:10'))).toBe(1);
    const [run] = await runsOf(scheduled.id);
    expect(run).toMatchObject({ status: 'skipped', trigger: 'scheduled' });
    expect(run!.recipients.map((r) => [r.outcome, r.detail, r.delivery])).toEqual([
      ['empty', 'No calls in the period', null],
      ['empty', 'No calls in the period', null],
    ]);
    const deliveries = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM deliveries WHERE source_kind = 'report' AND source_id = $1", [run!.id]);
    expect(deliveries[0]!.count).toBe(0);
    expect(mail.received.length).toBe(before);
    // Nothing was sent: there is no period to send again.
    const resend = await t.app.inject({ method: 'POST', url: reportResendPath(scheduled.id), headers: bearer(analyst.token) });
    expect(resend.statusCode).toBe(409);
  });

  test('empty only for whom it is empty: without the option the zeros are sent', async () => {
    const scheduled = await schedule({ skipIfEmpty: false });
    await dueAt(scheduled.id, nyDate('2025-07-02T07:00'));
    expect(await t.app.reports.sendDue(nyDate('2025-07-02T07:00:10'))).toBe(1);
    const [email] = await deliver((await runsOf(scheduled.id))[0]!);
    expect(bodyOf(email!.message, 'text/plain')).toContain('Total Processed: 0 – ±0 % (0 before)');
  });
});

test('two instances ticking at the same moment send a period once', async () => {
  const scheduled = await schedule({ recipientIds: [analyst.user.id, admin.user.id] });
  await dueAt(scheduled.id, nyDate('2025-06-11T07:00'));
  const second = testEngine() === 'postgres' ? await buildTestApp({ database: await anotherPoolOn(t.database), jwtSecret: t.jwtSecret, delivery: { smtpUrl: mail.url }, jobs: { working: false } }) : undefined;
  try {
    const other = second?.app ?? t.app;
    const now = nyDate('2025-06-11T07:00:30');
    const sent = await Promise.all([t.app.reports.sendDue(now), other.reports.sendDue(now), t.app.reports.sendDue(now)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
  } finally {
    await second?.close();
  }
  const runs = await runsOf(scheduled.id);
  expect(runs).toHaveLength(1);
  const deliveries = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM deliveries WHERE source_kind = 'report' AND source_id = $1", [runs[0]!.id]);
  expect(deliveries[0]!.count).toBe(2);
});

describe('send now and re-send, on the dashboard’s clock', () => {
  test('send now mails yesterday as GET /api/stats?datePreset=yesterday has it; re-send mails the same period again', async () => {
    await onStableNewYorkDay(async () => {
      // Calls yesterday and the day before, in New York: the dashboard's "Yesterday" and what it compares with.
      const yesterday = resolvePreset('yesterday', new Date());
      const day = (instant: Date) => instant.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      const recent = calls.slice(0, 12).map((call, i) => ({ ...call, id: `now-${Date.now()}-${i}`, day: i < 8 ? day(yesterday.from) : day(yesterday.previous.from) }));
      await ingestAll(t.app, recent.map((call) => ingestable(call, '10:00')));
      const scheduled = await schedule({ recipientIds: [analyst.user.id] });

      const early = await t.app.inject({ method: 'POST', url: reportResendPath(scheduled.id), headers: bearer(analyst.token) });
      expect({ status: early.statusCode, message: early.json().message }).toEqual({ status: 409, message: 'Nothing was sent yet: use Send now' });

      const now = await t.app.inject({ method: 'POST', url: reportSendNowPath(scheduled.id), headers: bearer(analyst.token) });
      expect(now.statusCode).toBe(200);
      const run = now.json().data as ReportRun;
      expect(run).toMatchObject({ trigger: 'send_now', status: 'sent', requestedBy: analyst.user.id, period: { from: yesterday.from.toISOString(), to: yesterday.to.toISOString() } });
      const [email] = await deliver(run);
      const stats = await statsAs(analyst, `publisher=${filterOf(viewQuery)}&datePreset=yesterday`);
      expect(stats.totalCalls).toBeGreaterThan(0);
      expect(emailedCards(bodyOf(email!.message, 'text/plain'))).toEqual(cardsOfStats(stats));

      const again = await t.app.inject({ method: 'POST', url: reportResendPath(scheduled.id), headers: bearer(analyst.token) });
      expect(again.statusCode).toBe(200);
      const resent = again.json().data as ReportRun;
      expect(resent).toMatchObject({ trigger: 'resend', status: 'sent', period: run.period });
      const [copy] = await deliver(resent);
      expect(emailedCards(bodyOf(copy!.message, 'text/plain'))).toEqual(cardsOfStats(stats));
      expect((await runsOf(scheduled.id)).map((r) => r.trigger)).toEqual(['resend', 'send_now']);
    });
  });
});

describe('one-click unsubscribe', () => {
  test('the link’s page names the report; POST takes the recipient off, once; later runs leave them out', async () => {
    const scheduled = await schedule({ recipientIds: [analyst.user.id, admin.user.id] });
    await dueAt(scheduled.id, nyDate('2025-06-11T07:00'));
    await t.app.reports.sendDue(nyDate('2025-06-11T07:00:30'));
    const mails = await deliver((await runsOf(scheduled.id))[0]!);
    const url = new URL(headerOf(mailTo(mails, admin).message, 'list-unsubscribe')!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Sales desk');
    expect(page.body).toContain(admin.user.email);
    // Opening the link unsubscribes nobody (mail scanners open links).
    expect((await t.app.inject({ method: 'GET', url: REPORT_SCHEDULES_PATH, headers: bearer(analyst.token) })).json().data.find((s: ReportSchedule) => s.id === scheduled.id).recipients).toHaveLength(2);

    // As a mail client's one-click POST sends it.
    const post = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ success: true, message: 'You will no longer receive this report' });
    const listed = (await t.app.inject({ method: 'GET', url: REPORT_SCHEDULES_PATH, headers: bearer(analyst.token) })).json().data.find((s: ReportSchedule) => s.id === scheduled.id);
    expect(listed.recipients.map((r: { id: string }) => r.id)).toEqual([analyst.user.id]);

    const twice = await t.app.inject({ method: 'POST', url: path });
    expect(twice.statusCode).toBe(404);
    const sent = await t.app.inject({ method: 'POST', url: reportSendNowPath(scheduled.id), headers: bearer(analyst.token) });
    expect((sent.json().data as ReportRun).recipients.map((r) => r.email)).toEqual([analyst.user.email]);
  });

  test('a made-up token is refused, as a page and as an answer', async () => {
    const made = `${'A'.repeat(43)}`;
    const page = await t.app.inject({ method: 'GET', url: `${REPORT_SCHEDULES_PATH}/unsubscribe?token=${made}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This unsubscribe link is not valid, or was already used');
    expect((await t.app.inject({ method: 'POST', url: `${REPORT_SCHEDULES_PATH}/unsubscribe?token=short` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${REPORT_SCHEDULES_PATH}/unsubscribe` })).statusCode).toBe(404);
  });
});

test('a daily report across the spring clock change covers the 23-hour New York day, and equals the stats for it', async () => {
  // 2025-03-09 is 23 hours long in New York: 00:00 EST (05:00Z) to 00:00 EDT (04:00Z the next day).
  const edge: FixtureCall[] = [
    { id: 'dst-in-early', day: '2025-03-09', publisher: PUBLISHERS[0], campaign: CAMPAIGNS[0], buyer: BUYERS[0], disposition: 'Sales', callerId: '+15550000001' },
    { id: 'dst-in-late', day: '2025-03-09', publisher: PUBLISHERS[1], campaign: CAMPAIGNS[0], buyer: BUYERS[0], disposition: 'Voicemail', callerId: '+15550000002' },
    { id: 'dst-after', day: '2025-03-10', publisher: PUBLISHERS[0], campaign: CAMPAIGNS[0], buyer: BUYERS[0], disposition: 'Sales', callerId: '+15550000003' },
    { id: 'dst-before', day: '2025-03-08', publisher: PUBLISHERS[0], campaign: CAMPAIGNS[0], buyer: BUYERS[0], disposition: 'DNC', callerId: '+15550000004' },
  ];
  await ingestAll(t.app, [ingestable(edge[0]!, '00:30'), ingestable(edge[1]!, '23:30'), ingestable(edge[2]!, '00:30'), ingestable(edge[3]!, '23:30')]);
  const scheduled = await schedule({ skipIfEmpty: true });
  await dueAt(scheduled.id, nyDate('2025-03-10T07:00'));
  expect(await t.app.reports.sendDue(nyDate('2025-03-10T07:01'))).toBe(1);
  const [run] = await runsOf(scheduled.id);
  expect(run!.period).toEqual({ from: '2025-03-09T05:00:00.000Z', to: '2025-03-10T04:00:00.000Z' });
  const [email] = await deliver(run!);
  const stats = await statsAs(analyst, `publisher=${filterOf(viewQuery)}&datePreset=custom&startDate=2025-03-09T00:00&endDate=2025-03-10T00:00`);
  expect(stats.totalCalls).toBe(2);
  expect(stats.previous.totalCalls).toBe(1);
  expect(emailedCards(bodyOf(email!.message, 'text/plain'))).toEqual(cardsOfStats(stats));
  expect(headerOf(email!.message, 'subject')).toBe('Sales desk — Sun, Mar 9, 2025');
});
