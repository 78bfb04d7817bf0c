import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { BREAKDOWN_GROUPS, PAYMENT_MESSAGES as M, type BreakdownGroup, type BreakdownRow, type Payment } from '@callboard/contract';
import { parseCallFilter } from '../src/domain/calls/call-filter';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

const KEY = 'test-ingest-key-costs-0123456789abcdef';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
const now = new Date();

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const PUBLISHERS = ['Pub Alpha', 'pub beta', 'Pub Gamma', '=Formula Pub'];
const CAMPAIGNS = ['Medicare', 'ACA', 'Final Expense'];
const TARGETS = ['Target A', 'Target B', 'Target C', null];
const BUYERS = ['Buyer A', 'Buyer B', null];
const DISPOSITIONS = ['sales', 'Sales', 'Voicemail', 'DNC', 'Weird', 'Target Hung Up'];

function makeCalls(count: number, seed: number, prefix: string) {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const target = pick(TARGETS);
    return {
      systemCallId: `${prefix}-${i}`,
      // Spread over the last nine days, never in the future.
      callTimestamp: new Date(now.getTime() - 60_000 - Math.floor(next() * 9 * DAY)).toISOString(),
      callerId: `+1555${String(Math.floor(next() * 1e7)).padStart(7, '0')}`,
      campaignName: pick(CAMPAIGNS),
      publisherName: pick(PUBLISHERS),
      targetName: target,
      buyerName: target === null ? null : pick(BUYERS),
      durationSec: Math.floor(next() * 600),
      // Cents that a float sum in dollars would get wrong.
      revenue: next() < 0.2 ? 0 : (Math.floor(next() * 10_000) / 100).toFixed(2),
      payout: next() < 0.3 ? '0.10' : Math.floor(next() * 3_000) / 100,
      qc: { disposition: pick(DISPOSITIONS) },
    };
  });
}

async function ingest(calls: unknown[]) {
  const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': KEY }, payload: { calls } });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.rejected).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: KEY });
  admin = await signUp(t.app, 'Ada Admin'); // the first account is the admin
  member = await signUp(t.app, 'Mo Member');
  await ingest(makeCalls(400, 7, 'cost'));
  // Deliver a third of them again with other figures: the rollups must move the old ones out exactly.
  await ingest(makeCalls(400, 8, 'cost').filter((_, i) => i % 3 === 0));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { ...(who ? bearer(who.token) : {}), ...headers } });

async function publisherIds(): Promise<Map<string, number>> {
  const rows = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM publishers');
  return new Map(rows.map((r) => [r.name, Number(r.id)]));
}

// ---- brute force over `calls` ------------------------------------------------------------

const COLUMN: Record<BreakdownGroup, [string, string, string]> = {
  campaign: ['campaign_id', 'campaigns', '(no campaign)'],
  publisher: ['publisher_id', 'publishers', '(no publisher)'],
  target: ['target_id', 'targets', '(no target)'],
  buyer: ['buyer_id', 'buyers', '(no buyer)'],
};

interface Sums {
  calls: number;
  sales: number;
  revenueCents: number;
  payoutCents: number;
}

function where(query: string): { sql: string; params: unknown[] } {
  const filter = parseCallFilter(Object.fromEntries(new URLSearchParams(query)), now);
  const params: unknown[] = [filter.range.from, filter.range.to];
  let sql = 'c.call_ts >= $1 AND c.call_ts < $2';
  if (filter.publisherIds.length > 0) {
    params.push(filter.publisherIds);
    sql += ` AND c.publisher_id = ANY($${params.length}::int[])`;
  }
  if (filter.statuses.length > 0) {
    params.push(filter.statuses);
    sql += ` AND c.status = ANY($${params.length}::text[])`;
  }
  return { sql, params };
}

const SUMS = `count(*)::int AS calls, (count(*) FILTER (WHERE c.status = 'Sales'))::int AS sales,
  coalesce(sum(c.revenue_cents), 0)::text AS revenue_cents, coalesce(sum(c.payout_cents), 0)::text AS payout_cents`;

type SumsRow = { calls: number; sales: number; revenue_cents: string; payout_cents: string };
const toSums = (r: SumsRow): Sums => ({ calls: Number(r.calls), sales: Number(r.sales), revenueCents: Number(r.revenue_cents), payoutCents: Number(r.payout_cents) });

async function bruteTotals(query: string): Promise<Sums> {
  const w = where(query);
  const [row] = await t.db.query<SumsRow>(`SELECT ${SUMS} FROM calls c WHERE ${w.sql}`, w.params);
  return toSums(row as SumsRow);
}

async function bruteBreakdown(query: string, group: BreakdownGroup): Promise<Map<string, Sums & { label: string }>> {
  const [column, table, none] = COLUMN[group];
  const w = where(query);
  const rows = await t.db.query<SumsRow & { key: string; label: string | null }>(
    `SELECT coalesce(c.${column}, 0)::text AS key, min(d.name) AS label, ${SUMS}
     FROM calls c LEFT JOIN ${table} d ON d.id = c.${column} WHERE ${w.sql} GROUP BY 1`,
    w.params,
  );
  return new Map(rows.map((r) => [r.key, { ...toSums(r), label: r.label ?? none }]));
}

/** part / whole × 100 to 2 decimals, halves away from zero. */
function pct(part: number, whole: number): number {
  if (whole === 0) return 0;
  const basisPoints = (part * 10_000) / whole;
  return (Math.sign(basisPoints) * Math.round(Math.abs(basisPoints))) / 100 || 0;
}

function expectedRow(key: string, s: Sums & { label: string }): BreakdownRow {
  return {
    key,
    label: s.label,
    calls: s.calls,
    sales: s.sales,
    revenue: s.revenueCents / 100,
    payout: s.payoutCents / 100,
    profit: (s.revenueCents - s.payoutCents) / 100,
    conversionRate: pct(s.sales, s.calls),
  };
}

// A custom range that starts and ends mid-day in New York, with whole days between.
const customRange = `datePreset=custom&startDate=${encodeURIComponent(new Date(now.getTime() - 5 * DAY - 3 * HOUR - 17 * 60_000).toISOString())}&endDate=${encodeURIComponent(new Date(now.getTime() - DAY + 2 * HOUR + 11_000).toISOString())}`;
// A few hours only: no whole day at all.
const shortRange = `datePreset=custom&startDate=${encodeURIComponent(new Date(now.getTime() - 3 * DAY - 4 * HOUR).toISOString())}&endDate=${encodeURIComponent(new Date(now.getTime() - 3 * DAY - HOUR).toISOString())}`;
const RANGES = ['datePreset=last_7_days', 'datePreset=yesterday', customRange, shortRange];

describe('cost figures equal brute-force sums over calls', () => {
  async function scopes(): Promise<string[]> {
    const ids = await publisherIds();
    const two = `${ids.get('Pub Alpha')},${ids.get('=Formula Pub')}`;
    return RANGES.flatMap((range) => [range, `${range}&publisher=${ids.get('pub beta')}`, `${range}&publisher=${two}`, `${range}&status=Sales,DNC`]);
  }

  test('stats', async () => {
    for (const query of await scopes()) {
      const response = await call(member, 'GET', `/api/cost/stats?${query}`);
      expect(response.statusCode).toBe(200);
      const s = await bruteTotals(query);
      expect({ query, data: response.json().data }).toEqual({
        query,
        data: {
          calls: s.calls,
          sales: s.sales,
          revenue: s.revenueCents / 100,
          payout: s.payoutCents / 100,
          profit: (s.revenueCents - s.payoutCents) / 100,
          margin: pct(s.revenueCents - s.payoutCents, s.revenueCents),
          costPerSale: s.sales === 0 ? 0 : Math.round(s.payoutCents / s.sales) / 100,
          currency: 'USD',
        },
      });
    }
  });

  test('the data is not trivial: sales, calls without a target or buyer, and money in every scope', async () => {
    const s = await bruteTotals('datePreset=last_7_days');
    expect(s.calls).toBeGreaterThan(200);
    expect(s.sales).toBeGreaterThan(20);
    expect((await bruteTotals(customRange)).calls).toBeGreaterThan(100);
    expect((await bruteTotals(shortRange)).calls).toBeGreaterThan(0);
    const targets = await bruteBreakdown('datePreset=last_7_days', 'target');
    expect(targets.get('0')?.label).toBe('(no target)');
  });

  test.each(BREAKDOWN_GROUPS)('breakdown by %s', async (group) => {
    for (const query of await scopes()) {
      const response = await call(member, 'GET', `/api/cost/breakdown?groupBy=${group}&${query}`);
      expect(response.statusCode).toBe(200);
      const { groupBy, rows } = response.json().data as { groupBy: string; rows: BreakdownRow[] };
      expect(groupBy).toBe(group);
      const brute = await bruteBreakdown(query, group);
      const expected = [...brute].filter(([, s]) => s.calls > 0).map(([key, s]) => expectedRow(key, s));
      expect({ query, rows: [...rows].sort((a, b) => a.key.localeCompare(b.key)) }).toEqual({
        query,
        rows: expected.sort((a, b) => a.key.localeCompare(b.key)),
      });
      // Highest revenue first, then by label.
      for (let i = 1; i < rows.length; i += 1) {
        const [a, b] = [rows[i - 1] as BreakdownRow, rows[i] as BreakdownRow];
        expect(a.revenue > b.revenue || (a.revenue === b.revenue && a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) <= 0)).toBe(true);
      }
      // The groups add up to the stats of the same filter.
      const stats = (await call(member, 'GET', `/api/cost/stats?${query}`)).json().data;
      expect(rows.reduce((sum, r) => sum + r.calls, 0)).toBe(stats.calls);
      expect(rows.reduce((sum, r) => sum + Math.round(r.revenue * 100), 0)).toBe(Math.round(stats.revenue * 100));
    }
  });

  test('no calls in range: zeros and no rows', async () => {
    const empty = 'datePreset=custom&startDate=2020-01-01T00:00:00Z&endDate=2020-01-02T00:00:00Z';
    expect((await call(member, 'GET', `/api/cost/stats?${empty}`)).json().data).toEqual({
      calls: 0, sales: 0, revenue: 0, payout: 0, profit: 0, margin: 0, costPerSale: 0, currency: 'USD',
    });
    expect((await call(member, 'GET', `/api/cost/breakdown?groupBy=buyer&${empty}`)).json().data).toEqual({ groupBy: 'buyer', rows: [] });
  });

  test('groupBy defaults to publisher; bad params get a 400 naming the field', async () => {
    expect((await call(member, 'GET', '/api/cost/breakdown?datePreset=today')).json().data.groupBy).toBe('publisher');
    for (const [query, field] of [['groupBy=caller', 'groupBy'], ['datePreset=someday', 'datePreset'], ['publisher=abc', 'publisher']]) {
      const response = await call(member, 'GET', `/api/cost/breakdown?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field }] });
    }
    expect((await call(member, 'GET', '/api/cost/stats?datePreset=someday')).statusCode).toBe(400);
  });

  test('signed out: 401 on every read', async () => {
    for (const url of ['/api/cost/stats', '/api/cost/breakdown', '/api/cost/payments']) {
      const response = await call(null, 'GET', url);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    expect((await call(null, 'POST', '/api/cost/export', { fmt: 'csv' })).statusCode).toBe(401);
  });
});

test('every cost route is in the OpenAPI document', async () => {
  const response = await t.app.inject('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  expect(Object.keys(paths['/api/cost/stats'] ?? {})).toContain('get');
  expect(Object.keys(paths['/api/cost/breakdown'] ?? {})).toContain('get');
  expect(Object.keys(paths['/api/cost/export'] ?? {})).toContain('post');
  expect(Object.keys(paths['/api/cost/payments'] ?? {}).sort()).toEqual(['get', 'post']);
  expect(Object.keys(paths['/api/cost/payments/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
});

describe('export', () => {
  const COLUMNS = ['Group', 'Calls', 'Sales', 'Revenue', 'Payout', 'Profit', 'Conversion Rate'];

  async function breakdown(query: string): Promise<BreakdownRow[]> {
    return (await call(member, 'GET', `/api/cost/breakdown?${query}`)).json().data.rows;
  }

  test('CSV: the breakdown, in order, numbers bare, formulas neutralised, as an attachment', async () => {
    const response = await call(member, 'POST', '/api/cost/export', { fmt: 'csv', groupBy: 'publisher', datePreset: 'last_7_days' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cost_breakdown_\d{8}T\d{6}Z\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const parsed = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(COLUMNS);
    const expected = await breakdown('groupBy=publisher&datePreset=last_7_days');
    expect(rows).toEqual(
      expected.map((r) => [r.label.startsWith('=') ? `'${r.label}` : r.label, ...[r.calls, r.sales, r.revenue, r.payout, r.profit, r.conversionRate].map(String)]),
    );
    expect(rows.some((r) => r[0] === "'=Formula Pub")).toBe(true);
  });

  test('XLSX: the same rows, numbers as number cells; filter params apply', async () => {
    const ids = await publisherIds();
    const filter = { datePreset: 'custom', startDate: new Date(now.getTime() - 6 * DAY - 5 * HOUR).toISOString(), endDate: now.toISOString(), publisher: String(ids.get('Pub Gamma')) };
    const response = await call(member, 'POST', '/api/cost/export', { fmt: 'xlsx', groupBy: 'target', ...filter });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cost_breakdown_\d{8}T\d{6}Z\.xlsx"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const [header, ...rows] = values;
    expect(header).toEqual(COLUMNS);
    const expected = await breakdown(`groupBy=target&${new URLSearchParams(filter).toString()}`);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows).toEqual(expected.map((r) => [r.label, r.calls, r.sales, r.revenue, r.payout, r.profit, r.conversionRate]));
    for (const row of rows) for (const cell of row.slice(1)) expect(typeof cell).toBe('number');
  });

  test('bad requests: 400 naming the field', async () => {
    for (const [body, field] of [
      [{ groupBy: 'publisher' }, 'fmt'],
      [{ fmt: 'pdf' }, 'fmt'],
      [{ fmt: 'csv', groupBy: 'caller' }, 'groupBy'],
      [{ fmt: 'csv', datePreset: 'custom', startDate: 'soon' }, 'startDate'],
    ] as const) {
      const response = await call(member, 'POST', '/api/cost/export', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
  });
});

describe('payments', () => {
  let pubs: Map<string, number>;
  let otherAdmin: SignedIn;
  beforeAll(async () => {
    pubs = await publisherIds();
    const email = `second.admin.${Date.now()}@example.com`;
    const created = await call(admin, 'POST', '/api/users', { name: '', email, password: 'secret-second', role: 'admin' });
    expect(created.statusCode).toBe(201);
    otherAdmin = await login(t.app, email, 'secret-second');
  });

  const body = (fields: Record<string, unknown> = {}) => ({
    publisherId: String(pubs.get('Pub Alpha')),
    amount: '150.25',
    paidAt: '2026-01-15',
    method: 'wire',
    ...fields,
  });
  const count = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM payments'))[0]?.n);

  test('record, list, update and delete a payment', async () => {
    const created = await call(admin, 'POST', '/api/cost/payments', body({ reference: '  INV-7 ', note: 'January', currency: 'EUR' }));
    expect(created.statusCode).toBe(201);
    const payment = created.json();
    expect(payment).toMatchObject({
      success: true,
      message: 'Payment recorded',
      data: {
        publisherId: String(pubs.get('Pub Alpha')),
        publisherName: 'Pub Alpha',
        amount: 150.25,
        currency: 'EUR',
        // A date alone is that day in New York.
        paidAt: '2026-01-15T05:00:00.000Z',
        method: 'wire',
        reference: 'INV-7',
        note: 'January',
        createdBy: 'Ada Admin',
      },
    });
    const id = payment.data.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await t.db.query<{ amount_cents: string }>('SELECT amount_cents::text FROM payments WHERE id = $1', [id]);
    expect(stored?.amount_cents).toBe('15025');

    const listed = (await call(member, 'GET', '/api/cost/payments')).json();
    expect(listed.success).toBe(true);
    expect(listed.data.find((p: Payment) => p.id === id)).toEqual(payment.data);

    const updated = await call(admin, 'PUT', `/api/cost/payments/${id}`, {
      publisherId: pubs.get('pub beta'),
      amount: 99.9,
      paidAt: '2026-02-01T14:30:00Z',
      method: 'ach',
      reference: null,
      note: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      success: true,
      message: 'Payment updated',
      data: {
        ...payment.data,
        publisherId: String(pubs.get('pub beta')),
        publisherName: 'pub beta',
        amount: 99.9,
        currency: 'USD',
        paidAt: '2026-02-01T14:30:00.000Z',
        method: 'ach',
        reference: null,
        note: null,
      },
    });

    const deleted = await call(admin, 'DELETE', `/api/cost/payments/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Payment deleted', data: updated.json().data });
    expect((await call(member, 'GET', '/api/cost/payments')).json().data.some((p: Payment) => p.id === id)).toBe(false);
    expect((await call(admin, 'DELETE', `/api/cost/payments/${id}`)).statusCode).toBe(404);
  });

  test('a date and time without an offset is New York time; createdBy falls back to the email', async () => {
    const response = await call(otherAdmin, 'POST', '/api/cost/payments', body({ paidAt: '2026-07-04T09:15' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.paidAt).toBe('2026-07-04T13:15:00.000Z');
    expect(response.json().data.createdBy).toBe(otherAdmin.user.email);
  });

  test('the list: newest paidAt first, limited, filtered by publisher', async () => {
    const made: Payment[] = [];
    for (const [day, pub] of [['2025-03-02', 'Pub Gamma'], ['2025-03-05', 'Pub Alpha'], ['2025-03-01', 'Pub Gamma'], ['2025-03-04', 'pub beta']] as const) {
      made.push((await call(admin, 'POST', '/api/cost/payments', body({ paidAt: day, publisherId: pubs.get(pub) }))).json().data);
    }
    const all: Payment[] = (await call(member, 'GET', '/api/cost/payments')).json().data;
    const times = all.map((p) => Date.parse(p.paidAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const gamma: Payment[] = (await call(member, 'GET', `/api/cost/payments?publisher=${pubs.get('Pub Gamma')}`)).json().data;
    expect(gamma.map((p) => p.paidAt.slice(0, 10))).toEqual(['2025-03-02', '2025-03-01']);
    const two: Payment[] = (await call(member, 'GET', `/api/cost/payments?publisher=${pubs.get('Pub Gamma')},${pubs.get('pub beta')}&limit=2`)).json().data;
    expect(two.map((p) => p.id)).toEqual([made[3]?.id, made[0]?.id]);

    expect((await call(member, 'GET', '/api/cost/payments?limit=1')).json().data).toHaveLength(1);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'publisher=abc', 'publisher=1,-2']) {
      const response = await call(member, 'GET', `/api/cost/payments?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe(query.split('=')[0]);
    }
  });

  test('every validation message, under its field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [body({ publisherId: '' }), 'publisherId', M.publisherRequired],
      [body({ publisherId: 'abc' }), 'publisherId', M.publisherNotFound],
      [body({ publisherId: '999999' }), 'publisherId', M.publisherNotFound],
      [body({ amount: '' }), 'amount', M.amountRequired],
      [body({ amount: 'ten' }), 'amount', M.amountInvalid],
      [body({ amount: true }), 'amount', M.amountInvalid],
      [body({ amount: 0 }), 'amount', M.amountNotPositive],
      [body({ amount: '-5' }), 'amount', M.amountNotPositive],
      [body({ amount: '10000000.01' }), 'amount', M.amountTooLarge],
      [body({ amount: 1.005 }), 'amount', M.amountDecimals],
      [body({ amount: '3.141' }), 'amount', M.amountDecimals],
      [body({ paidAt: '' }), 'paidAt', M.paidAtRequired],
      [body({ paidAt: '2026-02-30' }), 'paidAt', M.paidAtInvalid],
      [body({ method: '' }), 'method', M.methodRequired],
      [body({ method: 'cash' }), 'method', M.methodInvalid],
      [body({ currency: 'usd' }), 'currency', M.currencyInvalid],
      [body({ reference: 'r'.repeat(101) }), 'reference', M.referenceTooLong],
      [body({ note: 'n'.repeat(1001) }), 'note', M.noteTooLong],
    ];
    const before = await count();
    for (const [payload, field, message] of cases) {
      for (const [method, url] of [['POST', '/api/cost/payments'], ['PUT', '/api/cost/payments/00000000-0000-4000-8000-000000000000']] as const) {
        const response = await call(admin, method, url, payload);
        expect({ method, payload, status: response.statusCode, body: response.json() }).toEqual({
          method,
          payload,
          status: 400,
          body: { success: false, code: 'VALIDATION_ERROR', message, errors: [{ field, message }] },
        });
      }
    }
    const empty = await call(admin, 'POST', '/api/cost/payments', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: M.publisherRequired,
      errors: [
        { field: 'publisherId', message: M.publisherRequired },
        { field: 'amount', message: M.amountRequired },
        { field: 'paidAt', message: M.paidAtRequired },
        { field: 'method', message: M.methodRequired },
      ],
    });
    expect(await count()).toBe(before);
  });

  test('boundaries that pass: 10,000,000 exactly, 1 cent, 100 and 1000 characters', async () => {
    const response = await call(admin, 'POST', '/api/cost/payments', body({ amount: '10000000.00', reference: 'r'.repeat(100), note: 'n'.repeat(1000) }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.amount).toBe(10_000_000);
    expect((await call(admin, 'POST', '/api/cost/payments', body({ amount: 0.01 }))).json().data.amount).toBe(0.01);
  });

  test('permissions: signed out 401, a user 403, an admin may', async () => {
    const id = (await call(admin, 'POST', '/api/cost/payments', body())).json().data.id as string;
    const writes: Array<[Method, string, object | undefined]> = [
      ['POST', '/api/cost/payments', body()],
      ['PUT', `/api/cost/payments/${id}`, body({ amount: '1.00' })],
      ['DELETE', `/api/cost/payments/${id}`, undefined],
    ];
    const before = await count();
    for (const [method, url, payload] of writes) {
      const signedOut = await call(null, method, url, payload);
      expect([method, signedOut.statusCode, signedOut.json().code]).toEqual([method, 401, 'UNAUTHENTICATED']);
      const user = await call(member, method, url, payload);
      expect([method, user.statusCode, user.json().code]).toEqual([method, 403, 'FORBIDDEN']);
    }
    expect(await count()).toBe(before);
    expect((await call(member, 'GET', '/api/cost/payments')).json().data.find((p: Payment) => p.id === id).amount).toBe(150.25);
    for (const [method, url, payload] of writes) {
      expect((await call(admin, method, url, payload)).statusCode).toBe(method === 'POST' ? 201 : 200);
    }
  });

  test('unknown ids are 404, malformed ones 400', async () => {
    const unknown = '7d4f0a52-3c8e-4b7a-9f10-2a6b5c4d3e2f';
    for (const method of ['PUT', 'DELETE'] as const) {
      const missing = await call(admin, method, `/api/cost/payments/${unknown}`, method === 'PUT' ? body() : undefined);
      expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([404, 'NOT_FOUND', 'Payment not found']);
      const malformed = await call(admin, method, '/api/cost/payments/not-a-uuid', method === 'PUT' ? body() : undefined);
      expect([malformed.statusCode, malformed.json().code, malformed.json().errors[0].field]).toEqual([400, 'VALIDATION_ERROR', 'id']);
    }
  });

  describe('Idempotency-Key', () => {
    const post = (who: SignedIn, payload: object, key?: string) =>
      call(who, 'POST', '/api/cost/payments', payload, key === undefined ? {} : { 'idempotency-key': key });

    test('the same key and body again: the first answer, not a second payment', async () => {
      const before = await count();
      const first = await post(admin, body({ amount: '42.00' }), 'key-same-1');
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post(admin, body({ amount: '42.00' }), 'key-same-1');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await count()).toBe(before + 1);
    });

    test('the same key with key order changed is the same request; concurrent duplicates write once', async () => {
      const before = await count();
      const payload = body({ amount: '43.00', note: 'concurrent' });
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      const responses = await Promise.all([post(admin, payload, 'key-race'), post(admin, reordered, 'key-race'), post(admin, payload, 'key-race')]);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
      expect(await count()).toBe(before + 1);
    });

    test('the same key with a different body: 422', async () => {
      await post(admin, body({ amount: '44.00' }), 'key-diff');
      const before = await count();
      const response = await post(admin, body({ amount: '45.00' }), 'key-diff');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'UNPROCESSABLE' });
      expect(await count()).toBe(before);
    });

    test('keys belong to the admin who sent them; without a key every POST records', async () => {
      const before = await count();
      const mine = await post(admin, body({ amount: '46.00' }), 'key-shared');
      const theirs = await post(otherAdmin, body({ amount: '46.00' }), 'key-shared');
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().data.id).not.toBe(mine.json().data.id);
      await post(admin, body({ amount: '46.00' }));
      await post(admin, body({ amount: '46.00' }));
      expect(await count()).toBe(before + 4);
    });

    test('a refused request is not remembered: the key can be used once it is fixed', async () => {
      const bad = await post(admin, body({ amount: '0' }), 'key-fixed');
      expect(bad.statusCode).toBe(400);
      const good = await post(admin, body({ amount: '47.00' }), 'key-fixed');
      expect(good.statusCode).toBe(201);
      expect(good.json().data.amount).toBe(47);
    });

    test('a malformed key is a 400; a user is refused before the key is looked at', async () => {
      for (const key of ['has space', 'x'.repeat(256), '']) {
        const response = await post(admin, body(), key);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].field).toBe('Idempotency-Key');
      }
      expect((await post(member, body(), 'key-member')).statusCode).toBe(403);
    });
  });

  test('the list returns at most 100 by default', async () => {
    await t.db.query(
      `INSERT INTO payments (publisher_id, amount_cents, paid_at, method)
       SELECT $1, 100 + g, '2099-01-01T00:00:00Z'::timestamptz - g * interval '1 minute', 'other' FROM generate_series(1, 105) g`,
      [pubs.get('Pub Alpha')],
    );
    expect(await count()).toBeGreaterThan(100);
    const data: Payment[] = (await call(member, 'GET', '/api/cost/payments')).json().data;
    expect(data).toHaveLength(100);
    expect(data[0]).toMatchObject({ amount: 1.01, createdBy: null, reference: null, note: null, currency: 'USD', method: 'other' });
    expect((await call(member, 'GET', '/api/cost/payments?limit=100')).json().data).toHaveLength(100);
  });
});
