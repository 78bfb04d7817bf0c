/**
 * Disputes (issue 35): who may open, read, withdraw and decide; the buyer's window; one open dispute per call;
 * the evidence frozen at opening; a decision's money and its undo; two decisions at once; the `dispute=` filter;
 * what a partner reads of a dispute; the export; the audit rows of every event.
 */
import Papa from 'papaparse';
import type { PartnerScope } from '@callboard/contract';
import { DISPUTE_MESSAGES, type Dispute } from '@callboard/contract/disputes';
import { savePartnerScope } from '../src/domain/partners/partner-scopes-repository';
import { INGEST_KEY, ingestAll, makeCall, qs } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const TRANSCRIPT = 'Agent: Thanks for calling\nCaller: *click*\nAgent: Hello? Are you there?';

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn;
let member: SignedIn;
let buyerA: SignedIn;
let buyerB: SignedIn;
let publisherA: SignedIn;
const callId: Record<string, string> = {};
const ids: Record<string, number> = {};

async function partner(name: string, scope: Omit<PartnerScope, 'ids'> & { names: string[] }): Promise<SignedIn> {
  const person = await signUp(t.app, name);
  const { names, ...rest } = scope;
  await t.db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET role = 'partner' WHERE id = $1`, [person.user.id]);
    await savePartnerScope(tx, person.user.id, { ...rest, ids: names.map((n) => ids[n]!) });
  });
  return person;
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
  reviewer = await signUp(t.app, 'Rita Reviewer');
  member = await signUp(t.app, 'Uma User');
  await t.db.query(`UPDATE users SET role = 'reviewer' WHERE id = $1`, [reviewer.user.id]);
  const qc = { disposition: 'Hungup', reason: 'The caller hung up at once', summary: 'A click, then silence' };
  await ingestAll(t.app, [
    makeCall('dp-1', { callTimestamp: ago(2), callerId: '+15551234567', revenue: 40, payout: 15, transcript: TRANSCRIPT, qc }),
    makeCall('dp-2', { callTimestamp: ago(10), revenue: 20, payout: 5 }),
    makeCall('dp-3', { callTimestamp: ago(1), publisherName: 'Publisher B', revenue: 0, payout: 0 }),
    makeCall('dp-4', { callTimestamp: ago(1), buyerName: undefined, targetName: undefined, revenue: 10, payout: 2 }),
    makeCall('dp-5', { callTimestamp: ago(1), publisherName: 'Publisher B', buyerName: 'Buyer B', revenue: 30, payout: 12 }),
    makeCall('dp-6', { callTimestamp: ago(1), callerId: '+15551234567', revenue: 25, payout: 10, transcript: 'one line' }),
    makeCall('dp-7', { callTimestamp: ago(3), revenue: 50, payout: 20 }),
    makeCall('dp-8', { callTimestamp: ago(3), revenue: 60, payout: 30 }),
  ]);
  for (const row of await t.db.query<{ id: string; system_call_id: string }>('SELECT id::text AS id, system_call_id FROM calls')) callId[row.system_call_id] = row.id;
  for (const table of ['publishers', 'buyers']) {
    for (const row of await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)) ids[row.name] = row.id;
  }
  const fields = { historyFrom: null, recordings: true, counterparty: false } as const;
  buyerA = await partner('Buyer A Person', { kind: 'buyer', names: ['Buyer A'], callerId: 'full', transcripts: true, ...fields });
  buyerB = await partner('Buyer B Person', { kind: 'buyer', names: ['Buyer B'], callerId: 'full', transcripts: true, ...fields });
  publisherA = await partner('Publisher A Person', { kind: 'publisher', names: ['Publisher A'], callerId: 'masked', transcripts: false, ...fields });
}, 120_000);
afterAll(() => t.close());

const open = (who: SignedIn, call: string, body: Record<string, unknown> = { reason: 'hung_up_immediately', note: 'Hung up in two seconds' }) =>
  t.app.inject({ method: 'POST', url: `/api/calls/${callId[call]}/disputes`, headers: bearer(who.token), payload: body });
const decide = (who: SignedIn, id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/disputes/${id}/decision`, headers: bearer(who.token), payload: body });
const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const money = async (call: string) =>
  (await t.db.query<{ revenue: string; payout: string; state: string }>(
    'SELECT revenue_cents::text AS revenue, payout_cents::text AS payout, dispute_state AS state FROM calls WHERE id = $1',
    [callId[call]],
  ))[0]!;

describe('opening', () => {
  test('a buyer partner opens on its own call, with the evidence and the selected transcript lines frozen', async () => {
    const response = await open(buyerA, 'dp-1', { reason: 'hung_up_immediately', note: '  Hung up at once  ', transcriptLines: [2, 1, 1] });
    expect(response.statusCode).toBe(201);
    const dispute = response.json().data.dispute as Dispute;
    expect(dispute).toMatchObject({ status: 'open', reason: 'hung_up_immediately', note: 'Hung up at once', openedByPartner: true, revenue: 40, buyerName: 'Buyer A' });
    // A buyer partner without counterparty reads no publisher, and no payout.
    expect(dispute.publisherName).toBeNull();
    expect(dispute).not.toHaveProperty('payout');
    expect(dispute.evidence).toMatchObject({
      ai: { disposition: 'Hungup', reason: 'The caller hung up at once', summary: 'A click, then silence' },
      person: null,
      status: 'Hungup',
      durationSec: 60,
      connected: true,
      callerId: '+15551234567',
      transcript: { whole: false, lines: [{ index: 1, text: 'Caller: *click*' }, { index: 2, text: 'Agent: Hello? Are you there?' }] },
    });
    expect(dispute.evidence.callerCalls.map((c) => c.id)).toEqual([callId['dp-6']]);
    expect((await money('dp-1')).state).toBe('open');
  });

  test('one open dispute per call: the second is a 409', async () => {
    const response = await open(reviewer, 'dp-1');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This call already has an open dispute');
  });

  test('a reviewer or admin opens on a buyer’s behalf; the whole transcript without selected lines', async () => {
    const response = await open(reviewer, 'dp-6', { reason: 'repeat_caller', note: 'Called twice' });
    expect(response.statusCode).toBe(201);
    const dispute = response.json().data.dispute as Dispute;
    expect(dispute).toMatchObject({ openedByPartner: false, openedBy: { id: reviewer.user.id, name: 'Rita Reviewer' }, revenue: 25, payout: 10, publisherName: 'Publisher A' });
    expect(dispute.evidence.transcript).toEqual({ whole: true, lines: [{ index: 0, text: 'one line' }] });
  });

  test('who may not open: a publisher partner (403), a user (403), a buyer partner on another buyer’s call (404)', async () => {
    expect((await open(publisherA, 'dp-7')).statusCode).toBe(403);
    expect((await open(publisherA, 'dp-7')).json().message).toBe('A publisher partner cannot dispute calls; only the buyer can');
    expect((await open(member, 'dp-7')).statusCode).toBe(403);
    expect((await open(buyerB, 'dp-7')).statusCode).toBe(404);
  });

  test('only a call with a buyer and revenue, within the buyer’s window', async () => {
    const noRevenue = await open(admin, 'dp-3');
    expect(noRevenue.statusCode).toBe(422);
    expect(noRevenue.json().message).toMatch(/no revenue/);
    const noBuyer = await open(admin, 'dp-4');
    expect(noBuyer.statusCode).toBe(422);
    expect(noBuyer.json().message).toMatch(/no buyer/);
    const late = await open(buyerA, 'dp-2');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('The dispute window for this buyer (7 days after the call) has closed');
    // An admin widens Buyer A's window: the call can be disputed now.
    expect((await t.app.inject({ method: 'PUT', url: `/api/disputes/windows/${ids['Buyer A']}`, headers: bearer(reviewer.token), payload: { days: 14 } })).statusCode).toBe(403);
    const set = await t.app.inject({ method: 'PUT', url: `/api/disputes/windows/${ids['Buyer A']}`, headers: bearer(admin.token), payload: { days: 14 } });
    expect(set.statusCode).toBe(200);
    const windows = (await get(reviewer, '/api/disputes/windows')).json().data;
    expect(windows).toEqual(
      expect.arrayContaining([
        { buyerId: ids['Buyer A'], buyerName: 'Buyer A', days: 14, isDefault: false },
        { buyerId: ids['Buyer B'], buyerName: 'Buyer B', days: 7, isDefault: true },
      ]),
    );
    const eligibility = (await get(buyerA, `/api/calls/${callId['dp-2']}/disputes`)).json().data.eligibility;
    expect(eligibility).toMatchObject({ allowed: true, windowDays: 14 });
    expect((await open(buyerA, 'dp-2', { reason: 'not_qualified', note: 'Out of area' })).statusCode).toBe(201);
  });

  test('bad bodies are 400s naming the field', async () => {
    const blank = await open(admin, 'dp-7', { reason: 'other', note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('note');
    const line = await open(admin, 'dp-6', { reason: 'other', note: 'x', transcriptLines: [3] });
    // dp-6 has an open dispute already, but the lines are judged first only once the call is locked: either answer names the problem.
    expect([400, 409]).toContain(line.statusCode);
    const beyond = await open(admin, 'dp-7', { reason: 'other', note: 'x', transcriptLines: [0] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors[0]).toEqual({ field: 'transcriptLines', message: 'This call has no transcript to select lines from' });
    expect((await open(admin, 'dp-7', { reason: 'made_up', note: 'x' })).statusCode).toBe(400);
  });
});

describe('reading', () => {
  test('the list is scoped: each buyer partner its own, the publisher partner its publisher’s, staff all', async () => {
    const systemIds = async (who: SignedIn, query = '') => ((await get(who, `/api/disputes${query}`)).json().data as Dispute[]).map((d) => d.systemCallId).sort();
    expect(await systemIds(admin)).toEqual(['dp-1', 'dp-2', 'dp-6']);
    expect(await systemIds(buyerA)).toEqual(['dp-1', 'dp-2', 'dp-6']);
    expect(await systemIds(buyerB)).toEqual([]);
    // A publisher partner sees only decided disputes that clawed back its payout: none yet.
    expect(await systemIds(publisherA)).toEqual([]);
    expect(await systemIds(admin, qs({ reason: 'repeat_caller' }))).toEqual(['dp-6']);
    expect(await systemIds(admin, qs({ status: 'open', publisher: String(ids['Publisher B']) }))).toEqual([]);
    expect(await systemIds(admin, qs({ call: callId['dp-1'] }))).toEqual(['dp-1']);
    // The usual date filters read the disputed call's time: the last 7 days leave out dp-2 (10 days ago).
    expect(await systemIds(admin, qs({ datePreset: 'last_7_days' }))).toEqual(['dp-1', 'dp-6']);
    expect((await get(admin, `/api/disputes${qs({ status: 'pending' })}`)).statusCode).toBe(400);
    // A publisher partner may not filter by buyer (its counterparty).
    expect((await get(publisherA, `/api/disputes${qs({ buyer: String(ids['Buyer A']) })}`)).statusCode).toBe(400);
  });

  test('a publisher partner is not shown an open dispute: not listed, 404 by id, not in the call’s history, no window', async () => {
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-1'] })}`)).json().data as Dispute[];
    expect((await get(publisherA, `/api/disputes/${dispute!.id}`)).statusCode).toBe(404);
    const ofCall = (await get(publisherA, `/api/calls/${callId['dp-1']}/disputes`)).json().data;
    expect(ofCall.disputes).toEqual([]);
    // The buyer's window (its terms, and whether the call has a buyer at all) is not the publisher partner's to read.
    expect(ofCall.eligibility).toEqual({ allowed: false, refusal: DISPUTE_MESSAGES.publisherPartner });
    const noBuyer = (await get(publisherA, `/api/calls/${callId['dp-4']}/disputes`)).json().data;
    expect(noBuyer.eligibility).toEqual({ allowed: false, refusal: DISPUTE_MESSAGES.publisherPartner });
    // The network's people still read the window.
    expect((await get(member, `/api/calls/${callId['dp-1']}/disputes`)).json().data.eligibility).toMatchObject({ allowed: false, windowDays: 14 });
  });

  test('one dispute: 404 for a partner out of scope', async () => {
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-1'] })}`)).json().data as Dispute[];
    expect((await get(buyerA, `/api/disputes/${dispute!.id}`)).statusCode).toBe(200);
    expect((await get(buyerB, `/api/disputes/${dispute!.id}`)).statusCode).toBe(404);
    expect((await get(admin, '/api/disputes/999999')).statusCode).toBe(404);
  });
});

describe('evidence is frozen', () => {
  test('a re-disposition after opening does not change what the dispute shows', async () => {
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/calls/${callId['dp-1']}/disposition`,
      headers: bearer(reviewer.token),
      payload: { status: 'Sales', reason: 'Sold after all' },
    });
    expect(changed.statusCode).toBe(200);
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-1'] })}`)).json().data as Dispute[];
    expect(dispute!.evidence.status).toBe('Hungup');
    expect(dispute!.evidence.person).toBeNull();
    expect(dispute!.evidence.ai?.disposition).toBe('Hungup');
  });
});

describe('withdrawing', () => {
  test('only the buyer’s partners or staff; 409 once no longer open', async () => {
    const opened = await open(buyerA, 'dp-7', { reason: 'bot_or_spam', note: 'Robocall' });
    const id = (opened.json().data.dispute as Dispute).id;
    const withdraw = (who: SignedIn) => t.app.inject({ method: 'POST', url: `/api/disputes/${id}/withdraw`, headers: bearer(who.token) });
    expect((await withdraw(buyerB)).statusCode).toBe(404);
    // A publisher partner is not shown an open dispute at all.
    expect((await withdraw(publisherA)).statusCode).toBe(404);
    expect((await withdraw(member)).statusCode).toBe(403);
    const done = await withdraw(buyerA);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.dispute).toMatchObject({ status: 'withdrawn', decision: null });
    expect((await money('dp-7')).state).toBe('none');
    expect((await withdraw(admin)).statusCode).toBe(409);
    // Withdrawn, the call can be disputed again.
    expect((await open(admin, 'dp-7', { reason: 'other', note: 'Again' })).statusCode).toBe(201);
    // An opening or withdrawal is not undone through the changes' undo.
    const undo = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${done.json().data.changeId}/undo`, headers: bearer(admin.token) });
    expect(undo.statusCode).toBe(409);
  });
});

describe('deciding', () => {
  const openOn = async (call: string) => ((await open(admin, call, { reason: 'not_qualified', note: 'Not a lead' })).json().data.dispute as Dispute).id;

  test('only reviewers and admins decide; a note and a claw-back choice are required', async () => {
    const id = await openOn('dp-8');
    expect((await decide(buyerA, id, { decision: 'accept', note: 'x', clawBack: 'full' })).statusCode).toBe(403);
    expect((await decide(member, id, { decision: 'accept', note: 'x', clawBack: 'full' })).statusCode).toBe(403);
    const noNote = await decide(reviewer, id, { decision: 'accept', note: ' ', clawBack: 'full' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.map((e: { field: string }) => e.field)).toEqual(['note']);
    expect((await decide(reviewer, id, { decision: 'accept', note: 'ok' })).json().errors[0].field).toBe('clawBack');
    expect((await decide(reviewer, id, { decision: 'partial', note: 'ok', clawBack: 'none' })).json().errors[0].field).toBe('amount');
    expect((await decide(reviewer, id, { decision: 'partial', amount: 1.234, note: 'ok', clawBack: 'none' })).json().errors[0].field).toBe('amount');
    const tooMuch = await decide(reviewer, id, { decision: 'partial', amount: 60.01, note: 'ok', clawBack: 'none' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('amount must be at most the call’s revenue ($60.00)');
    expect((await decide(reviewer, id, { decision: 'reject', note: 'ok', clawBack: 'full' })).statusCode).toBe(400);
  });

  test('a partial credit with a partial claw-back moves both sides in one change, audited; undo restores everything', async () => {
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-8'], status: 'open' })}`)).json().data as Dispute[];
    const response = await decide(reviewer, dispute!.id, { decision: 'partial', amount: 12.5, note: 'Half the call was fine', clawBack: 'partial', clawBackAmount: 7.25 });
    expect(response.statusCode).toBe(200);
    const { changeId, dispute: decided } = response.json().data;
    expect(decided).toMatchObject({ status: 'partial', decision: { decision: 'partial', note: 'Half the call was fine', credited: 12.5, clawedBack: 7.25, changeId } });
    expect(await money('dp-8')).toEqual({ revenue: '4750', payout: '2275', state: 'partial' });
    const audit = await t.db.query<Record<string, unknown>>(
      `SELECT action, from_revenue_cents::text AS fr, to_revenue_cents::text AS tr, from_payout_cents::text AS fp, to_payout_cents::text AS tp,
         from_dispute_status AS fd, to_dispute_status AS td FROM call_audit WHERE change_id = $1`,
      [changeId],
    );
    expect(audit).toEqual([{ action: 'dispute', fr: '6000', tr: '4750', fp: '3000', tp: '2275', fd: 'open', td: 'partial' }]);
    // The buyer partner sees its credit, not the claw-back; the publisher partner the claw-back, not the credit.
    const asBuyer = (await get(buyerA, `/api/disputes/${dispute!.id}`)).json().data as Dispute;
    expect(asBuyer.decision).toMatchObject({ credited: 12.5, decidedBy: { id: null, name: null } });
    expect(asBuyer.decision).not.toHaveProperty('clawedBack');
    const asPublisher = (await get(publisherA, `/api/disputes/${dispute!.id}`)).json().data as Dispute;
    expect(asPublisher).toMatchObject({ status: 'partial', reason: 'not_qualified', payout: 30, buyerId: null, buyerName: null, openedBy: { id: null, name: null } });
    expect(asPublisher.decision).toMatchObject({ clawedBack: 7.25, note: 'Half the call was fine', decidedBy: { id: null, name: null } });
    expect(asPublisher.decision).not.toHaveProperty('credited');
    expect(asPublisher).not.toHaveProperty('revenue');
    // Not the buyer's own words nor who opened it (counterparty is off); the evidence under its field visibility.
    expect(asPublisher).not.toHaveProperty('note');
    expect(asPublisher).not.toHaveProperty('openedByPartner');
    expect(asPublisher.evidence.transcript).toBeNull();
    const publisherList = (await get(publisherA, '/api/disputes')).json();
    expect(publisherList.data.map((d: Dispute) => d.id)).toEqual([dispute!.id]);
    expect(publisherList.meta.total).toBe(1);
    expect((await get(publisherA, `/api/calls/${callId['dp-8']}/disputes`)).json().data.disputes.map((d: Dispute) => d.id)).toEqual([dispute!.id]);
    // The filter on every calls read.
    const partial = (await get(admin, `/api/calls/records${qs({ datePreset: 'last_7_days', dispute: 'partial' })}`)).json().data;
    expect(partial.map((c: { systemCallId: string }) => c.systemCallId)).toEqual(['dp-8']);

    const undo = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${changeId}/undo`, headers: bearer(reviewer.token) });
    expect(undo.statusCode).toBe(200);
    expect(await money('dp-8')).toEqual({ revenue: '6000', payout: '3000', state: 'open' });
    const reopened = (await get(admin, `/api/disputes/${dispute!.id}`)).json().data as Dispute;
    expect(reopened).toMatchObject({ status: 'open', decision: null });
  });

  test('two decisions at once: one wins, the other is a 409, and the money moves once', async () => {
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-8'], status: 'open' })}`)).json().data as Dispute[];
    const answers = await Promise.all([
      decide(reviewer, dispute!.id, { decision: 'accept', note: 'Bot', clawBack: 'full' }),
      decide(admin, dispute!.id, { decision: 'accept', note: 'Bot', clawBack: 'full' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This dispute is no longer open: it was decided or withdrawn meanwhile');
    expect(await money('dp-8')).toEqual({ revenue: '0', payout: '0', state: 'accepted' });
    // Accepted in full, the call has no revenue left to dispute.
    expect((await open(admin, 'dp-8')).statusCode).toBe(422);
  });

  test('a rejection moves no money and can be undone; a decision changed since is not undone', async () => {
    const [dispute] = (await get(admin, `/api/disputes${qs({ call: callId['dp-6'] })}`)).json().data as Dispute[];
    const rejected = await decide(admin, dispute!.id, { decision: 'reject', note: 'The caller was qualified' });
    expect(rejected.statusCode).toBe(200);
    // Nothing was clawed back: the publisher partner is not shown it.
    expect((await get(publisherA, `/api/disputes/${dispute!.id}`)).statusCode).toBe(404);
    expect(await money('dp-6')).toEqual({ revenue: '2500', payout: '1000', state: 'rejected' });
    const later = await t.app.inject({ method: 'PUT', url: `/api/calls/${callId['dp-6']}/disposition`, headers: bearer(admin.token), payload: { status: 'DNC' } });
    expect(later.statusCode).toBe(200);
    const undo = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${rejected.json().data.changeId}/undo`, headers: bearer(admin.token) });
    expect(undo.statusCode).toBe(409);
    expect(await money('dp-6')).toEqual({ revenue: '2500', payout: '1000', state: 'rejected' });
  });

  test('the dispute filter reads every state, and a bad one is a 400', async () => {
    const count = async (dispute: string) => (await get(admin, `/api/calls/records${qs({ datePreset: 'last_30_days', dispute })}`)).json().meta.total;
    expect(await count('accepted')).toBe(1);
    expect(await count('rejected')).toBe(1);
    expect(await count('open')).toBe(3);
    expect(await count('none')).toBe(3);
    const bad = await get(admin, `/api/calls/records${qs({ dispute: 'maybe' })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('dispute');
  });

  test('every event is in the call’s audit', async () => {
    const rows = await t.db.query<{ fd: string | null; td: string }>(
      `SELECT from_dispute_status AS fd, to_dispute_status AS td FROM call_audit WHERE call_id = $1 AND dispute_id IS NOT NULL ORDER BY id`,
      [callId['dp-8']],
    );
    expect(rows).toEqual([
      { fd: null, td: 'open' },
      { fd: 'open', td: 'partial' },
      { fd: 'partial', td: 'open' },
      { fd: 'open', td: 'accepted' },
    ]);
  });
});

describe('export', () => {
  test('CSV for staff with money; a buyer partner’s file has only its columns and rows', async () => {
    const staff = await get(admin, `/api/disputes/export${qs({ fmt: 'csv' })}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toMatch(/text\/csv/);
    const rows = Papa.parse<Record<string, string>>(staff.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.length).toBe(6);
    const accepted = rows.find((r) => r['Call ID'] === 'dp-8' && r.Status === 'Accepted')!;
    expect(accepted).toMatchObject({ Credited: '60', 'Clawed back': '30', Publisher: 'Publisher A', Buyer: 'Buyer A' });
    const asBuyer = await get(buyerB, `/api/disputes/export${qs({ fmt: 'csv' })}`);
    const buyerRows = Papa.parse<Record<string, string>>(asBuyer.body.replace(/^\uFEFF/, ''), { header: true });
    expect(buyerRows.meta.fields).not.toContain('Payout at opening');
    expect(buyerRows.meta.fields).not.toContain('Publisher');
    expect(buyerRows.meta.fields).toContain('Credited');
    expect(buyerRows.data.filter((r) => Object.values(r).some((v) => v !== ''))).toEqual([]);
    // The publisher partner's file: only the claw-back (dp-8, accepted in full), without the buyer's note.
    const asPublisher = await get(publisherA, `/api/disputes/export${qs({ fmt: 'csv' })}`);
    const publisherRows = Papa.parse<Record<string, string>>(asPublisher.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(publisherRows.meta.fields).not.toContain('Note');
    expect(publisherRows.data.map((r) => [r['Call ID'], r.Status, r['Clawed back']])).toEqual([['dp-8', 'Accepted', '30']]);
    const xlsx = await get(publisherA, `/api/disputes/export${qs({ fmt: 'xlsx' })}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });
});

describe('a publisher partner given the other side', () => {
  test('reads the buyer’s note and who opened it, still only claw-backs', async () => {
    const withCounterparty = await partner('Publisher A Partner Too', {
      kind: 'publisher',
      names: ['Publisher A'],
      callerId: 'masked',
      transcripts: false,
      historyFrom: null,
      recordings: true,
      counterparty: true,
    });
    const list = (await get(withCounterparty, '/api/disputes')).json().data as Dispute[];
    expect(list.map((d) => [d.systemCallId, d.status])).toEqual([['dp-8', 'accepted']]);
    expect(list[0]).toMatchObject({ note: 'Not a lead', openedByPartner: false, buyerName: 'Buyer A', openedBy: { id: null, name: null } });
  });
});

describe('a buyer partner without transcripts', () => {
  let noTranscripts: SignedIn;
  beforeAll(async () => {
    await ingestAll(t.app, [
      makeCall('dp-9', { callTimestamp: ago(1), revenue: 35, payout: 14, transcript: TRANSCRIPT }),
      makeCall('dp-10', { callTimestamp: ago(1), revenue: 45, payout: 18, transcript: TRANSCRIPT }),
    ]);
    for (const row of await t.db.query<{ id: string; system_call_id: string }>('SELECT id::text AS id, system_call_id FROM calls')) callId[row.system_call_id] = row.id;
    noTranscripts = await partner('Buyer A No Transcripts', {
      kind: 'buyer',
      names: ['Buyer A'],
      callerId: 'full',
      transcripts: false,
      historyFrom: null,
      recordings: true,
      counterparty: false,
    });
  });

  test('may not select transcript lines (a 400 naming the field that says nothing of the transcript), and no excerpt is frozen', async () => {
    for (const lines of [[0], [7], []]) {
      const refused = await open(noTranscripts, 'dp-9', { reason: 'other', note: 'x', transcriptLines: lines });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'transcriptLines', message: DISPUTE_MESSAGES.noTranscriptLines }]);
    }
    expect((await money('dp-9')).state).toBe('none');
    const opened = await open(noTranscripts, 'dp-9', { reason: 'bot_or_spam', note: 'A robot' });
    expect(opened.statusCode).toBe(201);
    const id = (opened.json().data.dispute as Dispute).id;
    // Not even the network reads an excerpt its opener could not read.
    expect(((await get(admin, `/api/disputes/${id}`)).json().data as Dispute).evidence.transcript).toBeNull();
  });
});

describe('withdrawing for the buyer', () => {
  const withdraw = (who: SignedIn, id: string) => t.app.inject({ method: 'POST', url: `/api/disputes/${id}/withdraw`, headers: bearer(who.token) });

  test('any buyer partner of the dispute’s buyer withdraws an open one, whoever opened it', async () => {
    // Opened by another login of Buyer A (the one without transcripts), withdrawn by Buyer A's usual login.
    const [byOther] = (await get(admin, `/api/disputes${qs({ call: callId['dp-9'], status: 'open' })}`)).json().data as Dispute[];
    expect(byOther!.openedBy.id).not.toBe(buyerA.user.id);
    expect((await withdraw(buyerB, byOther!.id)).statusCode).toBe(404);
    const done = await withdraw(buyerA, byOther!.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.dispute).toMatchObject({ status: 'withdrawn' });
    // Opened by a reviewer on the buyer's behalf.
    const byReviewer = ((await open(reviewer, 'dp-10', { reason: 'not_qualified', note: 'On the buyer’s word' })).json().data.dispute as Dispute).id;
    expect((await withdraw(publisherA, byReviewer)).statusCode).toBe(404);
    expect((await withdraw(member, byReviewer)).statusCode).toBe(403);
    expect((await withdraw(buyerA, byReviewer)).statusCode).toBe(200);
    expect((await money('dp-10')).state).toBe('none');
  });
});
