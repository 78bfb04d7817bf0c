/**
 * The second wall (migration 0025, db/partner-wall.ts): a statement run for a partner sees only the partner's
 * calls, whatever its WHERE clause says, and the rollups over every call are not readable under it at all.
 */
import type { PartnerScope } from '@callboard/contract';
import { walledDatabase } from '../src/db/partner-wall';
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { buildTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const ids: Record<string, number> = {};

const scope = (overrides: Partial<PartnerScope>): PartnerScope => ({
  kind: 'publisher',
  ids: [ids['Publisher A']!],
  historyFrom: null,
  callerId: 'full',
  recordings: true,
  transcripts: true,
  counterparty: false,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  await ingestAll(t.app, [
    makeCall('w-1', { publisherName: 'Publisher A', buyerName: 'Buyer A', callTimestamp: '2025-06-10T12:00:00-04:00', revenue: 10, payout: 4 }),
    makeCall('w-2', { publisherName: 'Publisher A', buyerName: 'Buyer B', callTimestamp: '2025-06-12T12:00:00-04:00', revenue: 20, payout: 8 }),
    makeCall('w-3', { publisherName: 'Publisher B', buyerName: 'Buyer A', callTimestamp: '2025-06-12T13:00:00-04:00', revenue: 30, payout: 12 }),
  ]);
  for (const table of ['publishers', 'buyers']) {
    for (const row of await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)) ids[row.name] = row.id;
  }
});
afterAll(() => t.close());

const callIds = async (partner: PartnerScope | undefined, sql = 'SELECT system_call_id FROM calls ORDER BY system_call_id') =>
  (await walledDatabase(t.db, () => partner).query<{ system_call_id: string }>(sql)).map((r) => r.system_call_id);

test('an unscoped query sees every call for the network and only the partner’s for a partner', async () => {
  expect(await callIds(undefined)).toEqual(['w-1', 'w-2', 'w-3']);
  expect(await callIds(scope({}))).toEqual(['w-1', 'w-2']);
  expect(await callIds(scope({ kind: 'buyer', ids: [ids['Buyer A']!] }))).toEqual(['w-1', 'w-3']);
  expect(await callIds(scope({ historyFrom: '2025-06-11' }))).toEqual(['w-2']);
  expect(await callIds(scope({ ids: [999_999] }))).toEqual([]);
});

test('without the scope settings the partner role reads nothing', async () => {
  const rows = await t.db.transaction(async (tx) => {
    await tx.query('SET LOCAL ROLE callboard_partner');
    return tx.query('SELECT id FROM calls');
  });
  expect(rows).toEqual([]);
});

test('the per-dimension rollups answer only the partner’s own rows; the network-wide ones refuse', async () => {
  const walled = walledDatabase(t.db, () => scope({}));
  const dims = await walled.query<{ dim: number; dim_id: number }>('SELECT DISTINCT dim, dim_id FROM calls_daily_dim');
  expect(dims).toEqual([{ dim: 2, dim_id: ids['Publisher A'] }]);
  const combos = await walled.query<{ publisher_id: number }>('SELECT DISTINCT c.publisher_id FROM calls_daily_combo d JOIN call_combos c ON c.id = d.combo_id');
  expect(combos).toEqual([{ publisher_id: ids['Publisher A'] }]);
  await expect(walled.query('SELECT * FROM calls_daily')).rejects.toThrow(/permission denied/);
  await expect(walled.query('SELECT * FROM calls_hourly')).rejects.toThrow(/permission denied/);
});

test('a partner’s statements cannot change a call', async () => {
  const walled = walledDatabase(t.db, () => scope({}));
  await expect(walled.query("UPDATE calls SET status = 'Sales'")).rejects.toThrow(/permission denied/);
  expect(await callIds(undefined)).toEqual(['w-1', 'w-2', 'w-3']);
});

test('every table with per-call or per-source rows is walled or not readable by the partner role', async () => {
  // A table added later with such rows must enable row-level security with a policy (docs/decisions/0037-partner-scope.md):
  // the role is granted new tables by default, so without one it would read every row.
  const tables = await t.db.query<{ table_name: string; walled: boolean; readable: boolean }>(
    `SELECT c.relname AS table_name, c.relrowsecurity AS walled, has_table_privilege('callboard_partner', c.oid, 'SELECT') AS readable
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       AND EXISTS (SELECT 1 FROM information_schema.columns col
                   WHERE col.table_schema = 'public' AND col.table_name = c.relname
                     AND col.column_name IN ('call_id', 'call_ts', 'publisher_id', 'buyer_id', 'dim_id', 'combo_id', 'caller_id'))
     ORDER BY 1`,
  );
  expect(tables.length).toBeGreaterThan(5);
  expect(tables.filter((table) => table.readable && !table.walled).map((table) => table.table_name)).toEqual([]);
});

test('the partner role reads no secret: no password hash, no session, key or secret of the network', async () => {
  const walled = walledDatabase(t.db, () => scope({}));
  await expect(walled.query('SELECT password_hash FROM users')).rejects.toThrow(/permission denied/);
  await expect(walled.query('SELECT * FROM users')).rejects.toThrow(/permission denied/);
  await expect(walled.query("UPDATE users SET name = 'x'")).rejects.toThrow(/permission denied/);
  expect((await walled.query<{ name: string }>('SELECT name FROM users')).length).toBeGreaterThanOrEqual(0);
  for (const table of ['sessions', 'app_secrets', 'ingest_keys', 'spent_refresh_tokens', 'login_throttle', 'idempotency_keys', 'partner_scopes', 'view_as_log']) {
    await expect(walled.query(`SELECT * FROM ${table}`)).rejects.toThrow(/permission denied/);
  }
});
