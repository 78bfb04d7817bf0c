/**
 * The change log and the changes feed (issue 37 item 1; migration 0037, domain/changes/, GET /api/changes): a
 * seeded random run of every kind of write to calls (deliveries new and again, QC verdicts, one call's
 * disposition, bulk updates, restoring the AI's verdict, undos, disputes opened, decided and withdrawn), after
 * each of which the feed's new changes must be exactly what the write did to the calls table, worked out here
 * by comparing the table before and after (not from the log's SQL); then the whole feed paged in small pages.
 */
import { CHANGED_FIELDS, type CallChange, type ChangeKind, type ChangedField } from '@callboard/contract/changes';
import { INGEST_KEY, makeCall, postCalls, postQc, seededRandom } from './support/calls-fixtures';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
  const signedUp = await signUp(t.app, 'Rita Reviewer');
  await t.db.query(`UPDATE users SET role = 'reviewer' WHERE id = $1`, [signedUp.user.id]);
  reviewer = await login(t.app, signedUp.user.email, signedUp.password);
}, 60_000);
afterAll(() => t.close());

type Fields = Record<ChangedField, string | number | boolean | null>;

interface CallRow {
  id: string;
  system_call_id: string;
  call_ts: Date;
  caller_id: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  system_name: string;
  system_publisher_id: string | null;
  system_buyer_id: string | null;
  duration_sec: number;
  connected: boolean;
  recording_url: string | null;
  transcript: string | null;
  revenue_cents: string;
  payout_cents: string;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
  status_overridden: boolean;
  qc_disposition: string | null;
  qc_sub_disposition: string | null;
  qc_reason: string | null;
  qc_summary: string | null;
  repeat_of: string | null;
  dispute_state: string;
}

/** Every call's fields as the feed names them, read straight from the calls table. */
async function snapshot(): Promise<Map<string, { systemCallId: string; fields: Fields; transcript: string | null }>> {
  const rows = await t.db.query<CallRow>(
    `SELECT c.id::text AS id, c.system_call_id, c.call_ts, c.caller_id, ca.name AS campaign, pu.name AS publisher, ta.name AS target, bu.name AS buyer,
       c.system_name, c.system_publisher_id, c.system_buyer_id, c.duration_sec, c.connected, c.recording_url, c.transcript,
       c.revenue_cents::text AS revenue_cents, c.payout_cents::text AS payout_cents, c.status, c.sub_disposition, c.reason, c.summary, c.status_overridden,
       c.qc_disposition, c.qc_sub_disposition, c.qc_reason, c.qc_summary, c.repeat_of::text AS repeat_of, c.dispute_state
     FROM calls c JOIN campaigns ca ON ca.id = c.campaign_id JOIN publishers pu ON pu.id = c.publisher_id
     LEFT JOIN targets ta ON ta.id = c.target_id LEFT JOIN buyers bu ON bu.id = c.buyer_id`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        systemCallId: r.system_call_id,
        transcript: r.transcript,
        fields: {
          callTimestamp: new Date(r.call_ts).toISOString(),
          callerId: r.caller_id,
          campaignName: r.campaign,
          publisherName: r.publisher,
          targetName: r.target,
          buyerName: r.buyer,
          systemName: r.system_name,
          systemPublisherId: r.system_publisher_id,
          systemBuyerId: r.system_buyer_id,
          durationSec: r.duration_sec,
          connected: r.connected,
          recordingUrl: r.recording_url,
          transcript: r.transcript === null ? null : true,
          revenue: Number(r.revenue_cents) / 100,
          payout: Number(r.payout_cents) / 100,
          status: r.status,
          subDisposition: r.sub_disposition,
          reason: r.reason,
          summary: r.summary,
          statusOverridden: r.status_overridden,
          qcDisposition: r.qc_disposition,
          qcSubDisposition: r.qc_sub_disposition,
          qcReason: r.qc_reason,
          qcSummary: r.qc_summary,
          repeatOf: r.repeat_of,
          disputeState: r.dispute_state,
        },
      },
    ]),
  );
}

type CallState = { fields: Fields; transcript: string | null };

/** What changed between two states of a call, as the log says it (a transcript by its text); a created call: every field it has. */
function difference(before: CallState | undefined, after: CallState): CallChange['changed'] {
  const changed: CallChange['changed'] = {};
  for (const field of CHANGED_FIELDS) {
    if (before === undefined) {
      if (after.fields[field] !== null) changed[field] = [null, after.fields[field]];
    } else if (field === 'transcript' ? before.transcript !== after.transcript : before.fields[field] !== after.fields[field]) {
      changed[field] = [before.fields[field], after.fields[field]];
    }
  }
  return changed;
}

interface Expected {
  callId: string;
  systemCallId: string;
  kind: ChangeKind;
  changed: CallChange['changed'];
}

/** One write's expected changes: `delivered` calls are each logged (created or updated), others when they changed. */
function expectedChanges(
  before: Awaited<ReturnType<typeof snapshot>>,
  after: Awaited<ReturnType<typeof snapshot>>,
  kind: ChangeKind,
  delivered: ReadonlySet<string> = new Set(),
): Expected[] {
  const expected: Expected[] = [];
  for (const [callId, now] of after) {
    const was = before.get(callId);
    const changed = difference(was, now);
    const isDelivered = delivered.has(now.systemCallId);
    if (isDelivered) expected.push({ callId, systemCallId: now.systemCallId, kind: was ? 'updated' : 'created', changed });
    else if (Object.keys(changed).length > 0) {
      // A call the write did not itself write can only have had its repeat decision moved (by a neighbour).
      const repeatOnly = Object.keys(changed).length === 1 && 'repeatOf' in changed;
      expected.push({ callId, systemCallId: now.systemCallId, kind: delivered.size > 0 && repeatOnly ? 'repeat_redecided' : kind, changed });
    }
  }
  return expected.sort((a, b) => Number(a.callId) - Number(b.callId));
}

async function feed(who: SignedIn | { apiKey: string }, query: string) {
  const headers = 'apiKey' in who ? { 'x-api-key': who.apiKey } : bearer(who.token);
  return t.app.inject({ method: 'GET', url: `/api/changes${query}`, headers });
}

async function feedOk(query: string): Promise<{ data: CallChange[]; meta: { after: number; nextAfter: number; limit: number; hasMore: boolean } }> {
  const response = await feed(admin, query);
  if (response.statusCode !== 200) throw new Error(`GET /api/changes${query}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const DAY = 86_400_000;
const ago = (days: number, minute: number) => new Date(Date.now() - days * DAY - minute * 60_000).toISOString();

describe('the feed is exactly the sequence of mutations', () => {
  test('a seeded random mix of every write', async () => {
    const random = seededRandom(37);
    const statuses = ['Sales', 'Voicemail', 'Hungup', 'DNC', 'Not Interested'] as const;
    const callers = ['+15550000001', '+15550000002', '+15550000003'];
    const sent = new Map<string, Record<string, unknown>>();
    const changeSets: string[] = [];
    const openDisputes: string[] = [];
    let made = 0;
    let after = (await feedOk('?limit=1')).meta.nextAfter;
    // Everything logged so far: skip ahead to the end before starting.
    for (let page = await feedOk(`?after=${after}&limit=10000`); page.data.length > 0; page = await feedOk(`?after=${after}&limit=10000`)) after = page.meta.nextAfter;
    const kindsSeen = new Set<ChangeKind>();
    const allPages: CallChange[] = [];
    const startedAfter = after;

    const callIds = async () => (await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id LIKE 'cl-%' ORDER BY id")).map((r) => r.id);

    for (let step = 0; step < 70; step += 1) {
      const before = await snapshot();
      const ids = await callIds();
      const op = ids.length < 4 ? 'deliver' : random.pick(['deliver', 'deliver', 'verdict', 'set', 'bulk', 'restore', 'undo', 'open', 'decide', 'withdraw'] as const);
      let kind: ChangeKind = 'updated';
      let actor: string | null = 'ingest-key:environment';
      let changeSet: string | null = null;
      const delivered = new Set<string>();

      if (op === 'deliver') {
        const calls: Array<Record<string, unknown>> = [];
        for (let i = random.int(1, 4); i > 0; i -= 1) {
          const known = [...sent.keys()];
          if (known.length > 0 && random.chance(0.4)) {
            const systemCallId = random.pick(known);
            const call = { ...sent.get(systemCallId)! };
            // Sent again: as it was, or with some fields changed (a later pixel, a corrected time).
            if (random.chance(0.5)) call.durationSec = random.int(1, 900);
            if (random.chance(0.3)) call.callTimestamp = ago(random.int(0, 4), random.int(0, 600));
            if (random.chance(0.3)) call.revenue = random.int(1, 9000) / 100;
            if (random.chance(0.2)) call.qc = { disposition: random.pick(statuses), reason: `Bot ${step}` };
            if (random.chance(0.2)) call.transcript = `Caller: take ${step}`;
            if (random.chance(0.2)) call.publisherName = random.pick(['Publisher A', 'Publisher B']);
            if (!calls.some((c) => c.systemCallId === systemCallId)) calls.push(call);
          } else {
            made += 1;
            calls.push(
              makeCall(`cl-${made}`, {
                callTimestamp: ago(random.int(0, 4), random.int(0, 600)),
                callerId: random.pick(callers),
                publisherName: random.pick(['Publisher A', 'Publisher B']),
                revenue: random.int(100, 9000) / 100,
                payout: random.int(0, 4000) / 100,
                transcript: random.chance(0.5) ? `Agent: hello ${made}` : undefined,
                qc: random.chance(0.6) ? { disposition: random.pick(statuses), reason: `Reason ${made}` } : undefined,
              }),
            );
          }
        }
        const response = await postCalls(t.app, calls);
        expect(response.statusCode).toBe(200);
        for (const call of calls) {
          sent.set(call.systemCallId as string, call);
          delivered.add(call.systemCallId as string);
        }
      } else if (op === 'verdict') {
        const chosen = [...new Set([random.pick([...sent.keys()]), random.pick([...sent.keys()])])];
        kind = 'qc_verdict';
        expect((await postQc(t.app, chosen.map((systemCallId) => ({ systemCallId, disposition: random.pick(statuses), reason: `QC ${step}` })))).statusCode).toBe(200);
      } else {
        const who = random.chance(0.5) ? admin : reviewer;
        actor = `user:${who.user.id}`;
        const id = random.pick(ids);
        let response;
        if (op === 'set') {
          kind = 'disposition_changed';
          response = await t.app.inject({ method: 'PUT', url: `/api/calls/${id}/disposition`, headers: bearer(who.token), payload: { status: random.pick(statuses) } });
        } else if (op === 'bulk') {
          kind = 'bulk_updated';
          const some = [...new Set([id, random.pick(ids), random.pick(ids)])];
          response = await t.app.inject({ method: 'PUT', url: '/api/calls/bulk-update', headers: bearer(who.token), payload: { ids: some, set: { status: random.pick(statuses) } } });
        } else if (op === 'restore') {
          kind = 'restored';
          response = await t.app.inject({ method: 'POST', url: `/api/calls/${id}/restore-verdict`, headers: bearer(who.token) });
        } else if (op === 'undo') {
          kind = 'undone';
          if (changeSets.length === 0) continue;
          response = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${random.pick(changeSets)}/undo`, headers: bearer(admin.token) });
          actor = `user:${admin.user.id}`;
        } else if (op === 'open') {
          kind = 'dispute_opened';
          response = await t.app.inject({ method: 'POST', url: `/api/calls/${id}/disputes`, headers: bearer(who.token), payload: { reason: 'not_qualified', note: `Step ${step}` } });
          if (response.statusCode === 201) openDisputes.push(response.json().data.dispute.id as string);
        } else if (op === 'decide') {
          kind = 'dispute_decided';
          if (openDisputes.length === 0) continue;
          const disputeId = openDisputes.shift()!;
          const decision = random.pick([{ decision: 'accept', clawBack: 'full' }, { decision: 'reject' }, { decision: 'accept', clawBack: 'none' }]);
          response = await t.app.inject({ method: 'POST', url: `/api/disputes/${disputeId}/decision`, headers: bearer(who.token), payload: { ...decision, note: `Decided ${step}` } });
        } else {
          kind = 'dispute_withdrawn';
          if (openDisputes.length === 0) continue;
          response = await t.app.inject({ method: 'POST', url: `/api/disputes/${openDisputes.shift()!}/withdraw`, headers: bearer(who.token) });
        }
        // Refusals (nothing to restore, a closed window, an undo of calls changed since) are part of the mix.
        expect([200, 201, 404, 409, 422]).toContain(response.statusCode);
        changeSet = (response.json().data?.changeId as string | undefined) ?? null;
        if (changeSet === null && response.statusCode === 409 && op === 'undo') {
          // Partly undone: the undo's own change set is the log's, found by its audit rows.
          const [row] = await t.db.query<{ change_id: string }>("SELECT change_id::text FROM call_audit WHERE action = 'undo' ORDER BY id DESC LIMIT 1");
          changeSet = row?.change_id ?? null;
        }
        if (changeSet && op !== 'undo' && op !== 'open' && op !== 'withdraw') changeSets.push(changeSet);
      }

      const expected = expectedChanges(before, await snapshot(), kind, delivered);
      const page = await feedOk(`?after=${after}&limit=10000`);
      const got = page.data
        .map((change) => ({ callId: change.callId, systemCallId: change.systemCallId, kind: change.kind, changed: change.changed }))
        .sort((a, b) => Number(a.callId) - Number(b.callId));
      expect({ step, op, changes: got }).toEqual({ step, op, changes: expected });
      for (const change of page.data) {
        kindsSeen.add(change.kind);
        expect(change.actor).toBe(actor);
        // A person's change carries its change set (an undo that restored nothing wrote none, and logged nothing).
        expect(change.changeSet).toBe(op === 'deliver' || op === 'verdict' ? null : changeSet);
        expect(change.seq).toBeGreaterThan(after);
      }
      allPages.push(...page.data);
      after = page.meta.nextAfter;
    }
    // The run met every kind a write here makes (not repeat_redecided alone, which needs a neighbour's move).
    for (const kind of ['created', 'updated', 'qc_verdict', 'disposition_changed', 'bulk_updated', 'restored', 'undone', 'dispute_opened', 'dispute_decided', 'dispute_withdrawn'] as const) {
      expect([...kindsSeen]).toContain(kind);
    }

    // The same changes, paged seven at a time: the same rows in the same order, each once.
    const paged: CallChange[] = [];
    let cursor = startedAfter;
    for (;;) {
      const page = await feedOk(`?after=${cursor}&limit=7`);
      paged.push(...page.data);
      if (!page.meta.hasMore) break;
      expect(page.data).toHaveLength(7);
      cursor = page.meta.nextAfter;
    }
    expect(paged).toEqual(allPages);
    const seqs = paged.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  }, 180_000);
});
