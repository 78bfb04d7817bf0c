import { callDispositionPath, restoreVerdictPath, undoChangePath, type CallChangeResult } from '@callboard/contract';
import { jest } from '@jest/globals';
import { INGEST_KEY, bulkUpdate, ingestAll, makeCall, nyIso, postQc } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin'); // first account: admin
  const signedUp = await signUp(t.app, 'Rita Reviewer');
  const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/role`, headers: bearer(admin.token), payload: { role: 'reviewer' } });
  expect(promoted.statusCode).toBe(200);
  reviewer = await login(t.app, signedUp.user.email, signedUp.password);
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Verdict = { disposition: string; sub_disposition?: string | null; reason?: string | null };

let batch = 0;
/** Fresh calls, each with the bot's verdict or none; returns their ids and systemCallIds in order. */
async function freshCalls(verdicts: Array<Verdict | null>) {
  batch += 1;
  const prefix = `cc-${batch}`;
  await ingestAll(
    t.app,
    verdicts.map((qc, i) => makeCall(`${prefix}-${i}`, { callTimestamp: nyIso(`2025-03-${String((batch % 28) + 1).padStart(2, '0')}T11:${String(i).padStart(2, '0')}`), qc: qc ?? undefined })),
  );
  const rows = await t.db.query<{ id: string; system_call_id: string }>(
    'SELECT id::text AS id, system_call_id FROM calls WHERE system_call_id LIKE $1 ORDER BY system_call_id',
    [`${prefix}-%`],
  );
  return { ids: rows.map((r) => r.id), systemCallIds: rows.map((r) => r.system_call_id) };
}

interface State {
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  status_overridden: boolean;
}
async function stateOf(id: string): Promise<State> {
  const [row] = await t.db.query<State>('SELECT status, sub_disposition, reason, status_overridden FROM calls WHERE id = $1', [id]);
  return row!;
}

interface AuditRow {
  call_id: string;
  change_id: string;
  action: string;
  from_status: string;
  to_status: string;
  from_overridden: boolean;
  to_overridden: boolean;
  undoes_change_id: string | null;
}
async function auditOf(ids: string[]): Promise<AuditRow[]> {
  return t.db.query<AuditRow>(
    `SELECT call_id::text AS call_id, change_id::text AS change_id, action, from_status, to_status, from_overridden, to_overridden,
       undoes_change_id::text AS undoes_change_id
     FROM call_audit WHERE call_id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
}

async function expectExactRollups() {
  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
}

const setDisposition = (token: string, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: callDispositionPath(id), headers: bearer(token), payload: payload as Record<string, unknown> });
const restore = (token: string, id: string) => t.app.inject({ method: 'POST', url: restoreVerdictPath(id), headers: bearer(token) });
const undo = (token: string, changeId: string) => t.app.inject({ method: 'POST', url: undoChangePath(changeId), headers: bearer(token) });

test('a reviewer sets one call’s disposition: the call with its history and the change id; the bot no longer moves it', async () => {
  const { ids, systemCallIds } = await freshCalls([{ disposition: 'Voicemail', sub_disposition: 'Machine', reason: 'beep' }]);
  const id = ids[0]!;
  const response = await setDisposition(reviewer.token, id, { status: 'Sales', sub_disposition: '  Upsell ', reason: 'Bought two' });
  expect(response.statusCode).toBe(200);
  const data = response.json().data as CallChangeResult;
  expect(data.changeId).toMatch(UUID);
  expect(data).toMatchObject({ id, status: 'Sales', sub_disposition: 'Upsell', reason: 'Bought two', statusOverridden: true, qc: { disposition: 'Voicemail' } });
  expect(data.audit).toEqual([
    expect.objectContaining({
      changeId: data.changeId,
      action: 'set',
      userId: reviewer.user.id,
      userName: 'Rita Reviewer',
      from: { status: 'Voicemail', sub_disposition: 'Machine', reason: 'beep' },
      to: { status: 'Sales', sub_disposition: 'Upsell', reason: 'Bought two' },
    }),
  ]);
  await expectExactRollups();

  // The same verdict again changes nothing: no change set, no audit row.
  const again = await setDisposition(reviewer.token, id, { status: 'Sales', sub_disposition: 'Upsell', reason: 'Bought two' });
  expect(again.statusCode).toBe(200);
  expect(again.json().data).toMatchObject({ changeId: null, status: 'Sales' });
  expect(again.json().data.audit).toHaveLength(1);

  // A verdict after a person's change is kept, but does not move the status.
  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'DNC' }]);
  expect(await stateOf(id)).toMatchObject({ status: 'Sales', status_overridden: true });
  await expectExactRollups();
});

test('omitted texts go with a new status and stay with the same one; null and blank clear them; an admin may set too', async () => {
  const { ids } = await freshCalls([{ disposition: 'Callback', sub_disposition: 'Evening', reason: 'Busy' }, { disposition: 'Callback', sub_disposition: 'Evening', reason: 'Busy' }]);
  const [keep, clear] = ids as [string, string];
  // The same status: only the reason named changes.
  expect((await setDisposition(admin.token, keep, { status: 'Callback', reason: 'Busy tonight' })).json().data).toMatchObject({ status: 'Callback', sub_disposition: 'Evening', reason: 'Busy tonight' });
  // A new status: "Evening" belonged to Callback, not to IVR.
  expect((await setDisposition(admin.token, keep, { status: 'IVR' })).json().data).toMatchObject({ status: 'IVR', sub_disposition: null, reason: null });
  expect((await setDisposition(admin.token, clear, { status: 'IVR', sub_disposition: null, reason: '   ' })).json().data).toMatchObject({
    status: 'IVR',
    sub_disposition: null,
    reason: null,
  });
});

test('400 names the field; 404 for an unknown call; 403 for a user; nothing changes', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }]);
  const id = ids[0]!;
  const bad: Array<[unknown, string]> = [
    [{}, 'status'],
    [{ status: 'sales' }, 'status'],
    [{ status: '' }, 'status'],
    [{ status: null }, 'status'],
    [{ status: 'Sales', sub_disposition: 'x'.repeat(201) }, 'sub_disposition'],
    [{ status: 'Sales', reason: 'x'.repeat(2001) }, 'reason'],
  ];
  for (const [payload, field] of bad) {
    const response = await setDisposition(reviewer.token, id, payload);
    expect([field, response.statusCode, response.json().code]).toEqual([field, 400, 'VALIDATION_ERROR']);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  }
  for (const badId of ['0', 'abc', '1'.repeat(19)]) {
    expect((await setDisposition(reviewer.token, badId, { status: 'Sales' })).statusCode).toBe(400);
    expect((await restore(reviewer.token, badId)).statusCode).toBe(400);
  }
  expect((await undo(reviewer.token, 'not-a-uuid')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });

  expect((await setDisposition(reviewer.token, '987654321', { status: 'Sales' })).json()).toMatchObject({ code: 'NOT_FOUND', message: 'Call not found' });
  expect((await restore(reviewer.token, '987654321')).json()).toMatchObject({ code: 'NOT_FOUND', message: 'Call not found' });
  expect((await undo(reviewer.token, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'NOT_FOUND', message: 'No change has this id' });

  const changeId = (await setDisposition(reviewer.token, id, { status: 'Sales' })).json().data.changeId as string;
  const forbidden = [await setDisposition(member.token, id, { status: 'DNC' }), await restore(member.token, id), await undo(member.token, changeId)];
  for (const response of forbidden) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only a reviewer or an admin can change a call’s disposition' });
  }
  expect(await stateOf(id)).toMatchObject({ status: 'Sales', status_overridden: true });
  expect(await auditOf([id])).toHaveLength(1);
  const unauthenticated = await t.app.inject({ method: 'POST', url: undoChangePath(changeId) });
  expect(unauthenticated.statusCode).toBe(401);
});

test('restoring the AI’s verdict: the bot’s verdict back, its later verdicts apply again; 409 when it never judged', async () => {
  const { ids, systemCallIds } = await freshCalls([{ disposition: 'Voicemail', sub_disposition: 'Machine', reason: 'beep' }, null]);
  const [judged, unjudged] = ids as [string, string];
  // Following the bot already: nothing to do.
  const idle = await restore(reviewer.token, judged);
  expect(idle.statusCode).toBe(200);
  expect(idle.json().data).toMatchObject({ changeId: null, status: 'Voicemail', statusOverridden: false, audit: [] });

  const set = (await setDisposition(reviewer.token, judged, { status: 'Sales', reason: 'Closed on the call' })).json().data as CallChangeResult;
  const restored = await restore(reviewer.token, judged);
  expect(restored.statusCode).toBe(200);
  const data = restored.json().data as CallChangeResult;
  expect(data.changeId).toMatch(UUID);
  expect(data.changeId).not.toBe(set.changeId);
  expect(data).toMatchObject({ status: 'Voicemail', sub_disposition: 'Machine', reason: 'beep', statusOverridden: false });
  expect(data.audit.map((a) => [a.action, a.from.status, a.to.status, a.changeId])).toEqual([
    ['restore', 'Sales', 'Voicemail', data.changeId],
    ['set', 'Voicemail', 'Sales', set.changeId],
  ]);
  await expectExactRollups();

  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'DNC', reason: 'asked not to be called' }]);
  expect(await stateOf(judged)).toEqual({ status: 'DNC', sub_disposition: null, reason: 'asked not to be called', status_overridden: false });
  await expectExactRollups();

  // Overridden with the bot's very verdict: restoring still hands the call back to the bot.
  await setDisposition(reviewer.token, judged, { status: 'Sales' });
  await setDisposition(reviewer.token, judged, { status: 'DNC' });
  const handBack = (await restore(reviewer.token, judged)).json().data as CallChangeResult;
  expect(handBack).toMatchObject({ status: 'DNC', statusOverridden: false });
  expect(handBack.changeId).toMatch(UUID);

  await setDisposition(reviewer.token, unjudged, { status: 'Sales' });
  const refused = await restore(reviewer.token, unjudged);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'The AI has not judged this call yet: there is no verdict to restore' });
  expect(await stateOf(unjudged)).toMatchObject({ status: 'Sales', status_overridden: true });
});

test('undo returns each call to what it was, overridden or not, and is itself an undoable change', async () => {
  const { ids, systemCallIds } = await freshCalls([{ disposition: 'Voicemail', reason: 'beep' }, null]);
  const [judged, unjudged] = ids as [string, string];
  await setDisposition(reviewer.token, unjudged, { status: 'IVR', reason: 'menu' });
  const before = [await stateOf(judged), await stateOf(unjudged)];

  const bulk = await bulkUpdate(t.app, reviewer.token, { ids, set: { status: 'Sales', sub_disposition: 'New', reason: 'Bought' } });
  const bulkId = bulk.json().data.changeId as string;
  expect(bulkId).toMatch(UUID);
  await expectExactRollups();

  const undone = await undo(admin.token, bulkId);
  expect(undone.statusCode).toBe(200);
  const undoId = undone.json().data.changeId as string;
  expect(undone.json().data).toEqual({ changeId: expect.stringMatching(UUID), restored: 2, skipped: 0 });
  expect(undoId).not.toBe(bulkId);
  expect([await stateOf(judged), await stateOf(unjudged)]).toEqual(before);
  expect(before[0]).toMatchObject({ status_overridden: false });
  expect(before[1]).toMatchObject({ status: 'IVR', status_overridden: true });
  const undoRows = (await auditOf(ids)).filter((r) => r.change_id === undoId);
  expect(undoRows.map((r) => [r.action, r.from_status, r.to_status, r.from_overridden, r.to_overridden, r.undoes_change_id])).toEqual(
    expect.arrayContaining([
      ['undo', 'Sales', 'Voicemail', true, false, bulkId],
      ['undo', 'Sales', 'IVR', true, true, bulkId],
    ]),
  );
  await expectExactRollups();

  // Following the bot again: its next verdict applies to the call that followed it before.
  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'Callback' }]);
  expect(await stateOf(judged)).toMatchObject({ status: 'Callback', status_overridden: false });
  await expectExactRollups();

  // The same change twice: refused.
  const twice = await undo(admin.token, bulkId);
  expect(twice.statusCode).toBe(409);
  expect(twice.json()).toMatchObject({ code: 'CONFLICT', message: 'This change has already been undone' });

  // Undoing the undo puts the bulk update's verdict back (the admin's undo: only they, or another admin, may undo it).
  const redo = await undo(admin.token, undoId);
  expect(redo.statusCode).toBe(200);
  expect(redo.json().data).toMatchObject({ restored: 2, skipped: 0 });
  expect(await stateOf(judged)).toEqual({ status: 'Sales', sub_disposition: 'New', reason: 'Bought', status_overridden: true });
  expect(await stateOf(unjudged)).toEqual({ status: 'Sales', sub_disposition: 'New', reason: 'Bought', status_overridden: true });
  await expectExactRollups();

  const detail = (await t.app.inject({ url: `/api/calls/records/${judged}`, headers: bearer(member.token) })).json().data as CallChangeResult;
  expect(detail.audit.map((a) => a.action)).toEqual(['undo', 'undo', 'bulk']);
  expect(detail.audit[0]).toMatchObject({ changeId: redo.json().data.changeId, userId: admin.user.id });
});

test('a reviewer undoes only change sets they made; an admin undoes anyone’s', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }, { disposition: 'DNC' }]);
  const [first, second] = ids as [string, string];
  const adminBulk = (await bulkUpdate(t.app, admin.token, { ids, set: { status: 'Sales' } })).json().data.changeId as string;

  const refused = await undo(reviewer.token, adminBulk);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'Only an admin can undo a change someone else made' });
  expect([await stateOf(first), await stateOf(second)]).toEqual([
    expect.objectContaining({ status: 'Sales', status_overridden: true }),
    expect.objectContaining({ status: 'Sales', status_overridden: true }),
  ]);
  expect((await auditOf(ids)).filter((r) => r.undoes_change_id === adminBulk)).toEqual([]);

  expect((await undo(admin.token, adminBulk)).statusCode).toBe(200);
  expect([await stateOf(first), await stateOf(second)]).toEqual([
    expect.objectContaining({ status: 'Voicemail', status_overridden: false }),
    expect.objectContaining({ status: 'DNC', status_overridden: false }),
  ]);

  // Their own change is theirs to undo; an admin undoes a reviewer's too.
  const own = (await setDisposition(reviewer.token, first, { status: 'Callback' })).json().data.changeId as string;
  expect((await undo(reviewer.token, own)).statusCode).toBe(200);
  expect(await stateOf(first)).toMatchObject({ status: 'Voicemail', status_overridden: false });
  const reviewers = (await setDisposition(reviewer.token, second, { status: 'IVR' })).json().data.changeId as string;
  expect((await undo(admin.token, reviewers)).statusCode).toBe(200);
  expect(await stateOf(second)).toMatchObject({ status: 'DNC', status_overridden: false });
  await expectExactRollups();
});

test('undoing a change to a call that followed the bot takes the bot’s verdict as it is now', async () => {
  const { ids, systemCallIds } = await freshCalls([{ disposition: 'Voicemail' }]);
  const id = ids[0]!;
  const changeId = (await setDisposition(reviewer.token, id, { status: 'Sales' })).json().data.changeId as string;
  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'Not Qualified', reason: 'under 18' }]);
  expect(await stateOf(id)).toMatchObject({ status: 'Sales', status_overridden: true });
  expect((await undo(reviewer.token, changeId)).statusCode).toBe(200);
  expect(await stateOf(id)).toEqual({ status: 'Not Qualified', sub_disposition: null, reason: 'under 18', status_overridden: false });
  await expectExactRollups();
});

test('undoing a restore gives the call back to the person’s verdict', async () => {
  const { ids, systemCallIds } = await freshCalls([{ disposition: 'Voicemail' }]);
  const id = ids[0]!;
  await setDisposition(reviewer.token, id, { status: 'Sales', reason: 'Closed' });
  const restoreId = (await restore(reviewer.token, id)).json().data.changeId as string;
  // A verdict while the call follows the bot again moves it; undoing the restore still returns the person's verdict.
  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'DNC' }]);
  expect(await stateOf(id)).toMatchObject({ status: 'DNC' });
  expect((await undo(reviewer.token, restoreId)).json().data).toMatchObject({ restored: 1, skipped: 0 });
  expect(await stateOf(id)).toEqual({ status: 'Sales', sub_disposition: null, reason: 'Closed', status_overridden: true });
  await postQc(t.app, [{ systemCallId: systemCallIds[0], disposition: 'Voicemail' }]);
  expect(await stateOf(id)).toMatchObject({ status: 'Sales' });
  await expectExactRollups();
});

test('a call changed since the change is skipped: 409 says how many were restored and skipped, the rest is undone', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }, { disposition: 'Voicemail' }, { disposition: 'DNC' }]);
  const [a, b, c] = ids as [string, string, string];
  const bulkId = (await bulkUpdate(t.app, reviewer.token, { ids, set: { status: 'Sales' } })).json().data.changeId as string;
  await setDisposition(admin.token, b, { status: 'Callback' });

  const partly = await undo(reviewer.token, bulkId);
  expect(partly.statusCode).toBe(409);
  expect(partly.json()).toMatchObject({
    code: 'CONFLICT',
    message: 'Undid 2 calls of 3; 1 call was changed again since and left as it is',
    errors: [
      { field: 'restored', message: '2' },
      { field: 'skipped', message: '1' },
    ],
  });
  expect(await stateOf(a)).toMatchObject({ status: 'Voicemail', status_overridden: false });
  expect(await stateOf(b)).toMatchObject({ status: 'Callback', status_overridden: true });
  expect(await stateOf(c)).toMatchObject({ status: 'DNC', status_overridden: false });
  // The restored calls are audited as one undo.
  const undoRows = (await auditOf(ids)).filter((r) => r.action === 'undo');
  expect(undoRows.map((r) => r.call_id).sort()).toEqual([a, c].sort());
  expect(new Set(undoRows.map((r) => r.change_id)).size).toBe(1);
  await expectExactRollups();

  expect((await undo(reviewer.token, bulkId)).json()).toMatchObject({ code: 'CONFLICT', message: 'This change has already been undone' });

  // Every call changed since: nothing restored, nothing audited.
  const setId = (await setDisposition(reviewer.token, a, { status: 'IVR' })).json().data.changeId as string;
  await bulkUpdate(t.app, reviewer.token, { ids: [a], set: { status: 'Sales' } });
  const auditBefore = (await auditOf(ids)).length;
  const none = await undo(reviewer.token, setId);
  expect(none.json()).toMatchObject({ code: 'CONFLICT', message: 'Undid 0 calls of 1; 1 call was changed again since and left as it is' });
  expect(await auditOf(ids)).toHaveLength(auditBefore);
  expect(await stateOf(a)).toMatchObject({ status: 'Sales' });
});

test('every change is published to the live event streams once it has committed', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }]);
  const id = ids[0]!;
  const publish = jest.spyOn(t.app.callsChanges, 'publish');
  try {
    const changeId = (await setDisposition(reviewer.token, id, { status: 'Sales' })).json().data.changeId as string;
    await setDisposition(reviewer.token, id, { status: 'Sales' }); // nothing changed: nothing published
    await restore(reviewer.token, id);
    await undo(reviewer.token, changeId).then((r) => expect(r.statusCode).toBe(409)); // restored since: skipped
    // Twice: the streams read what each change was from the change log (domain/events/calls-change-feed.ts).
    expect(publish).toHaveBeenCalledTimes(2);
  } finally {
    publish.mockRestore();
  }
});

describe('concurrent changes (PostgreSQL: several connections)', () => {
  test('two undos of one change: exactly one wins', async () => {
    if (t.db.kind !== 'postgres') return;
    for (let round = 0; round < 5; round += 1) {
      const { ids } = await freshCalls(Array.from({ length: 20 }, () => ({ disposition: 'Voicemail' })));
      const changeId = (await bulkUpdate(t.app, reviewer.token, { ids, set: { status: 'Sales' } })).json().data.changeId as string;
      const answers = await Promise.all(Array.from({ length: 4 }, () => undo(reviewer.token, changeId)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toBe('This change has already been undone');
      expect((await auditOf(ids)).filter((r) => r.action === 'undo')).toHaveLength(20);
      for (const id of ids) expect(await stateOf(id)).toMatchObject({ status: 'Voicemail', status_overridden: false });
    }
    await expectExactRollups();
  }, 120_000);

  test('an undo racing a new change to the same calls never undoes that change', async () => {
    if (t.db.kind !== 'postgres') return;
    const outcomes = new Set<number>();
    for (let round = 0; round < 8; round += 1) {
      const { ids } = await freshCalls(Array.from({ length: 20 }, () => ({ disposition: 'Voicemail' })));
      const changeId = (await bulkUpdate(t.app, reviewer.token, { ids, set: { status: 'Sales' } })).json().data.changeId as string;
      const [undone, changed] = await Promise.all([undo(reviewer.token, changeId), bulkUpdate(t.app, admin.token, { ids, set: { status: 'DNC' } })]);
      expect(changed.statusCode).toBe(200);
      outcomes.add(undone.statusCode);
      if (undone.statusCode === 200) {
        // The undo went first: the new change then moved every call from the restored verdict.
        expect(undone.json().data).toMatchObject({ restored: 20, skipped: 0 });
        expect(changed.json().data.updated).toBe(20);
      } else {
        // The new change went first: the undo found every call changed since.
        expect(undone.json()).toMatchObject({ code: 'CONFLICT', message: 'Undid 0 calls of 20; 20 calls were changed again since and left as they are' });
      }
      // Either way the new change is what every call holds.
      for (const id of ids) expect(await stateOf(id)).toMatchObject({ status: 'DNC', status_overridden: true });
    }
    expect([...outcomes].every((code) => code === 200 || code === 409)).toBe(true);
    await expectExactRollups();
  }, 120_000);
});
