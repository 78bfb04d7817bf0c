import { BULK_UPDATE_MAX_IDS, DISPOSITIONS } from '@callboard/contract';
import { INGEST_KEY, bulkUpdate, getOk, ingestAll, makeCall, nyIso, postQc, qs } from './support/calls-fixtures';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

/** A change set's id (a change that changed nothing has none: null). */
const CHANGE_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

interface State {
  id: string;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  status_overridden: boolean;
  qc_disposition: string | null;
}

let day = 0;
/** Fresh calls on a day of their own (so stats over that day see only them); returns their ids in order. */
async function freshCalls(verdicts: Array<{ disposition: string; sub_disposition?: string | null; reason?: string | null } | null>) {
  day += 1;
  const date = `2025-0${1 + Math.floor(day / 28)}-${String((day % 28) + 1).padStart(2, '0')}`;
  const prefix = `bu-${day}`;
  await ingestAll(
    t.app,
    verdicts.map((qc, i) => makeCall(`${prefix}-${i}`, { callTimestamp: nyIso(`${date}T10:${String(i % 60).padStart(2, '0')}`), qc: qc ?? undefined })),
  );
  const rows = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id LIKE $1 ORDER BY call_ts, id', [`${prefix}-%`]);
  return { ids: rows.map((r) => r.id), date, prefix };
}

async function states(ids: string[]): Promise<State[]> {
  return t.db.query<State>(
    'SELECT id::text AS id, status, sub_disposition, reason, status_overridden, qc_disposition FROM calls WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
}
const auditCount = async (ids: string[]) => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM call_audit WHERE call_id = ANY($1::bigint[])', [ids]))[0]?.n);
const statsFor = async (date: string) => {
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return (await getOk(t.app, member.token, `/api/stats${qs({ datePreset: 'custom', startDate: `${date}T00:00`, endDate: `${next}T00:00` })}`)).data;
};
const countOf = (stats: { dispositions: Array<{ disposition: string; count: number }> }, disposition: string) =>
  stats.dispositions.find((d) => d.disposition === disposition)?.count;

test('an admin re-dispositions calls: status set, overridden, audited, counted, rollups exact', async () => {
  const { ids, date } = await freshCalls([{ disposition: 'Voicemail', sub_disposition: 'Machine', reason: 'beep' }, { disposition: 'DNC' }, null]);
  const before = await states(ids);
  const response = await bulkUpdate(t.app, admin.token, { ids, set: { status: 'Sales', sub_disposition: 'Closed', reason: 'Reviewed' } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, message: '3 calls updated', data: { updated: 3, changeId: CHANGE_ID } });

  const after = await states(ids);
  for (const call of after) {
    expect(call).toMatchObject({ status: 'Sales', sub_disposition: 'Closed', reason: 'Reviewed', status_overridden: true });
  }
  // The bot's verdict is kept apart.
  expect(after.map((c) => c.qc_disposition)).toEqual(before.map((c) => c.qc_disposition));

  const audit = await t.db.query<Record<string, unknown>>(
    'SELECT call_id::text AS call_id, user_id, from_status, to_status, from_sub_disposition, to_sub_disposition, from_reason, to_reason, changed_at FROM call_audit WHERE call_id = ANY($1::bigint[]) ORDER BY call_id',
    [ids],
  );
  expect(audit).toHaveLength(3);
  audit.forEach((row, i) => {
    expect(row).toMatchObject({
      call_id: before[i]!.id,
      user_id: admin.user.id,
      from_status: before[i]!.status,
      to_status: 'Sales',
      from_sub_disposition: before[i]!.sub_disposition,
      to_sub_disposition: 'Closed',
      from_reason: before[i]!.reason,
      to_reason: 'Reviewed',
    });
    expect(Math.abs(new Date(row.changed_at as string).getTime() - Date.now())).toBeLessThan(60_000);
  });
  expect(audit[2]).toMatchObject({ from_status: '', from_sub_disposition: null, from_reason: null });

  const stats = await statsFor(date);
  expect(stats.totalCalls).toBe(3);
  expect(countOf(stats, 'Sales')).toBe(3);
  expect(countOf(stats, 'Voicemail')).toBe(0);
  expect(stats.flags.rejectedUnknownCount).toBe(0);
});

test('sub_disposition and reason: omitted keeps with the same status and clears with a new one, null clears, blank clears, text is trimmed', async () => {
  const verdict = { disposition: 'Callback', sub_disposition: 'Evening', reason: 'Busy now' };
  const { ids } = await freshCalls([verdict, verdict, verdict, verdict, verdict]);
  const [keep, clear, blank, trim, moved] = ids as [string, string, string, string, string];
  const ok = async (id: string, set: Record<string, unknown>) => expect((await bulkUpdate(t.app, admin.token, { ids: [id], set })).statusCode).toBe(200);
  await ok(keep, { status: 'Callback', reason: 'Busy tonight' });
  await ok(moved, { status: 'Sales' });
  await ok(clear, { status: 'Sales', sub_disposition: null, reason: null });
  await ok(blank, { status: 'Sales', sub_disposition: '', reason: '   ' });
  await ok(trim, { status: 'Sales', sub_disposition: '  Upsell ', reason: ' Bought two ' });
  const byId = new Map((await states(ids)).map((s) => [s.id, s]));
  expect(byId.get(keep)).toMatchObject({ status: 'Callback', sub_disposition: 'Evening', reason: 'Busy tonight' });
  expect(byId.get(moved)).toMatchObject({ status: 'Sales', sub_disposition: null, reason: null });
  expect(byId.get(clear)).toMatchObject({ status: 'Sales', sub_disposition: null, reason: null });
  expect(byId.get(blank)).toMatchObject({ status: 'Sales', sub_disposition: null, reason: null });
  expect(byId.get(trim)).toMatchObject({ status: 'Sales', sub_disposition: 'Upsell', reason: 'Bought two' });
  // Only one of them may be set, the other kept.
  await ok(keep, { status: 'Callback', reason: 'Second look' });
  expect((await states([keep]))[0]).toMatchObject({ sub_disposition: 'Evening', reason: 'Second look' });
  const lastAudit = await t.db.query<Record<string, unknown>>('SELECT from_reason, to_reason, from_sub_disposition, to_sub_disposition FROM call_audit WHERE call_id = $1 ORDER BY id DESC LIMIT 1', [keep]);
  expect(lastAudit[0]).toEqual({ from_reason: 'Busy tonight', to_reason: 'Second look', from_sub_disposition: 'Evening', to_sub_disposition: 'Evening' });
});

test('updated counts only calls that changed; an unchanged call gets no audit row; repeated ids count once', async () => {
  const { ids } = await freshCalls([{ disposition: 'Sales' }, { disposition: 'DNC' }, { disposition: 'DNC' }]);
  const [a, b, c] = ids as [string, string, string];
  await bulkUpdate(t.app, admin.token, { ids: [a], set: { status: 'IVR' } });
  const auditBefore = await auditCount(ids);
  // a is already IVR with the same notes; b and c change.
  const response = await bulkUpdate(t.app, admin.token, { ids: [a, b, c, b, c], set: { status: 'IVR' } });
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toEqual({ updated: 2, changeId: CHANGE_ID });
  expect(response.json().message).toBe('2 calls updated');
  expect(await auditCount(ids)).toBe(auditBefore + 2);
  const again = await bulkUpdate(t.app, admin.token, { ids: [a], set: { status: 'IVR' } });
  expect(again.json()).toMatchObject({ message: '0 calls updated', data: { updated: 0, changeId: null } });
  const one = await bulkUpdate(t.app, admin.token, { ids: [a], set: { status: 'DNC' } });
  expect(one.json()).toMatchObject({ message: '1 call updated', data: { updated: 1 } });
});

test('all or nothing: one unknown id → 404, nothing changed, no audit rows', async () => {
  const { ids, date } = await freshCalls([{ disposition: 'Voicemail' }, { disposition: 'Voicemail' }]);
  const before = await states(ids);
  const statsBefore = await statsFor(date);
  const response = await bulkUpdate(t.app, admin.token, { ids: [...ids, '987654321'], set: { status: 'Sales' } });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  expect(response.json().message).toContain('987654321');
  expect(await states(ids)).toEqual(before);
  expect(await auditCount(ids)).toBe(0);
  expect(await statsFor(date)).toEqual(statsBefore);
});

test('1 to 1000 ids, well formed; status one of the 14 exactly; the body has only ids and set', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }]);
  const before = await states(ids);
  const id = ids[0]!;
  const bad: Array<[unknown, string]> = [
    [{ ids: [], set: { status: 'Sales' } }, 'ids'],
    [{ ids: Array.from({ length: BULK_UPDATE_MAX_IDS + 1 }, (_, i) => String(i + 1)), set: { status: 'Sales' } }, 'ids'],
    [{ ids: ['abc'], set: { status: 'Sales' } }, 'ids.0'],
    [{ ids: ['0'], set: { status: 'Sales' } }, 'ids.0'],
    [{ ids: [id, '-3'], set: { status: 'Sales' } }, 'ids.1'],
    [{ ids: ['1'.repeat(19)], set: { status: 'Sales' } }, 'ids.0'],
    [{ set: { status: 'Sales' } }, 'ids'],
    [{ ids: [id] }, 'set'],
    [{ ids: [id], set: {} }, 'status'],
    [{ ids: [id], set: { status: 'sales' } }, 'set.status'],
    [{ ids: [id], set: { status: 'Weird' } }, 'set.status'],
    [{ ids: [id], set: { status: '' } }, 'set.status'],
    [{ ids: [id], set: { status: null } }, 'set.status'],
    [{ ids: [id], set: { status: 'Sales', sub_disposition: 'x'.repeat(201) } }, 'set.sub_disposition'],
    [{ ids: [id], set: { status: 'Sales', reason: 'x'.repeat(2001) } }, 'set.reason'],
  ];
  for (const [payload, field] of bad) {
    const response = await bulkUpdate(t.app, admin.token, payload);
    expect([field, response.statusCode]).toEqual([field, 400]);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  }
  expect(await states(ids)).toEqual(before);
  expect(await auditCount(ids)).toBe(0);
  // Exactly 1000 ids is accepted (and all must exist).
  const thousand = Array.from({ length: BULK_UPDATE_MAX_IDS }, (_, i) => String(900_000_000 + i));
  expect((await bulkUpdate(t.app, admin.token, { ids: thousand, set: { status: 'Sales' } })).statusCode).toBe(404);
});

test.each(DISPOSITIONS.map((d) => [d]))('status %p is accepted', async (status) => {
  const { ids, date } = await freshCalls([null]);
  const response = await bulkUpdate(t.app, admin.token, { ids, set: { status } });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.updated).toBe(1);
  expect(countOf(await statsFor(date), status)).toBe(1);
});

test('a thousand calls in one update, with exact rollups', async () => {
  const { ids, date } = await freshCalls(Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? null : { disposition: i % 3 === 1 ? 'Voicemail' : 'Weird' })));
  expect(ids).toHaveLength(1000);
  const before = await statsFor(date);
  expect(before.flags.rejectedUnknownCount).toBe(667);
  const response = await bulkUpdate(t.app, admin.token, { ids, set: { status: 'Not Qualified' } });
  expect(response.json().data).toEqual({ updated: 1000, changeId: CHANGE_ID });
  const after = await statsFor(date);
  expect(after.totalCalls).toBe(1000);
  expect(countOf(after, 'Not Qualified')).toBe(1000);
  expect(after.flags.rejectedUnknownCount).toBe(0);
  expect(await auditCount(ids)).toBe(1000);
});

test('after a person overrides, the bot no longer moves the status, but a later person can', async () => {
  const { ids, prefix } = await freshCalls([{ disposition: 'Voicemail' }]);
  await bulkUpdate(t.app, admin.token, { ids, set: { status: 'Sales' } });
  await postQc(t.app, [{ systemCallId: `${prefix}-0`, disposition: 'DNC' }]);
  expect((await states(ids))[0]).toMatchObject({ status: 'Sales', qc_disposition: 'DNC', status_overridden: true });
  await bulkUpdate(t.app, admin.token, { ids, set: { status: 'Callback' } });
  expect((await states(ids))[0]).toMatchObject({ status: 'Callback', qc_disposition: 'DNC' });
  const detail = (await getOk(t.app, member.token, `/api/calls/records/${ids[0]}`)).data;
  expect(detail.audit.map((a: { from: { status: string }; to: { status: string } }) => [a.from.status, a.to.status])).toEqual([
    ['Sales', 'Callback'],
    ['Voicemail', 'Sales'],
  ]);
});

test('the history still names who made a change after their account is deleted', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }]);
  const signedUp = await signUp(t.app, 'Xena Reviewer');
  const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/role`, headers: bearer(admin.token), payload: { role: 'reviewer' } });
  expect(promoted.statusCode).toBe(200);
  const reviewer = await login(t.app, signedUp.user.email, signedUp.password);
  expect((await bulkUpdate(t.app, reviewer.token, { ids, set: { status: 'Sales' } })).statusCode).toBe(200);

  const deleted = await t.app.inject({ method: 'DELETE', url: `/api/users/${reviewer.user.id}`, headers: bearer(admin.token) });
  expect(deleted.statusCode).toBe(200);
  expect(await t.db.query('SELECT id FROM users WHERE id = $1', [reviewer.user.id])).toEqual([]);

  const detail = (await getOk(t.app, member.token, `/api/calls/records/${ids[0]}`)).data;
  expect(detail.audit).toHaveLength(1);
  expect(detail.audit[0]).toMatchObject({
    userId: reviewer.user.id,
    userName: 'Xena Reviewer',
    userEmail: reviewer.user.email,
    from: { status: 'Voicemail' },
    to: { status: 'Sales' },
  });
});

test('a user (neither reviewer nor admin) gets 403 and nothing changes', async () => {
  const { ids } = await freshCalls([{ disposition: 'Voicemail' }]);
  const before = await states(ids);
  const response = await bulkUpdate(t.app, member.token, { ids, set: { status: 'Sales' } });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Only a reviewer or an admin can change a call’s disposition' });
  expect(await states(ids)).toEqual(before);
  expect(await auditCount(ids)).toBe(0);
});
