import type { Queryable } from '../src/db/database';
import { seedDemoCalls } from '../src/demo/seed-demo-calls';
import { parseCallFilter, type CallFilter } from '../src/domain/calls/call-filter';
import { totalsForRanges, type StatusTotals } from '../src/domain/calls/call-totals';
import type { TimeRange } from '../src/domain/calls/date-range';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let testDb: TestDatabase;
const HOUR = 3_600_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoCalls(testDb.db, { calls: 600, days: 40, seed: 11, end: new Date() });
});

afterAll(async () => {
  await testDb.drop();
});

/** The same figures counted straight from the calls, one range at a time. */
async function bruteForce(filter: CallFilter, range: TimeRange): Promise<StatusTotals[]> {
  const rows = await testDb.db.query<{ status: string; connected: boolean; revenue_cents: number; payout_cents: number; publisher_id: number; caller_id: string | null }>(
    'SELECT status, connected, revenue_cents, payout_cents, publisher_id, caller_id FROM calls WHERE call_ts >= $1 AND call_ts < $2',
    [range.from, range.to],
  );
  const byStatus = new Map<string, StatusTotals>();
  for (const row of rows) {
    if (filter.publisherIds.length > 0 && !filter.publisherIds.includes(Number(row.publisher_id))) continue;
    if (filter.search && !(row.caller_id ?? '').includes(filter.search)) continue;
    const into = byStatus.get(row.status) ?? { status: row.status, calls: 0, notConnected: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += 1;
    into.notConnected += row.connected ? 0 : 1;
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    byStatus.set(row.status, into);
  }
  return [...byStatus.values()];
}

const byStatus = (totals: StatusTotals[]) => [...totals].sort((a, b) => a.status.localeCompare(b.status));

/** Counts the statements a totals question costs. */
function counting(db: Queryable): { db: Queryable; statements: () => number } {
  let statements = 0;
  return {
    db: {
      query: (text, params) => {
        statements += 1;
        return db.query(text, params);
      },
    },
    statements: () => statements,
  };
}

describe('totals for several ranges in one statement', () => {
  test('each range gets its own exact totals, in the order asked, whichever route each part takes', async () => {
    const month = parseCallFilter({ datePreset: 'last_30_days' }).range;
    const now = Date.now();
    // Not on whole hours: the hourly rollup answers the middle, the raw table the two ends.
    const custom: TimeRange = { from: new Date(now - 9 * 24 * HOUR - 17 * 60_000), to: new Date(now - 2 * 24 * HOUR + 41 * 60_000) };
    const withinOneHour: TimeRange = { from: new Date(now - 5 * HOUR + 60_000), to: new Date(now - 5 * HOUR + 50 * 60_000) };
    const future: TimeRange = { from: new Date(now + 400 * 24 * HOUR), to: new Date(now + 401 * 24 * HOUR) };
    // Starts where `custom` ends: with a filter only the raw table answers, the two are read in one pass.
    const afterCustom: TimeRange = { from: custom.to, to: new Date(custom.to.getTime() + 3 * HOUR + 7 * 60_000) };
    // Touches no other range's end: with a filter only the raw table answers, it is read on its own.
    const alone: TimeRange = { from: new Date(now - 20 * 24 * HOUR + 13 * 60_000), to: new Date(now - 12 * 24 * HOUR + 7 * 60_000) };
    const ranges = [month, month.previous, custom, withinOneHour, future, afterCustom, alone];

    const [busiest, second] = await testDb.db.query<{ publisher_id: number }>('SELECT publisher_id FROM calls GROUP BY 1 ORDER BY count(*) DESC LIMIT 2');
    const [sample] = await testDb.db.query<{ caller_id: string }>("SELECT caller_id FROM calls WHERE caller_id <> '' LIMIT 1");
    const filters: Record<string, CallFilter> = {
      none: parseCallFilter({ datePreset: 'last_30_days' }),
      'one publisher': parseCallFilter({ datePreset: 'last_30_days', publisher: String(busiest?.publisher_id) }),
      'two publishers': parseCallFilter({ datePreset: 'last_30_days', publisher: `${busiest?.publisher_id},${second?.publisher_id}` }),
      'a caller-id search': parseCallFilter({ datePreset: 'last_30_days', search: (sample?.caller_id ?? '').slice(-4) }),
    };

    for (const [label, filter] of Object.entries(filters)) {
      const { db, statements } = counting(testDb.db);
      const answers = await totalsForRanges(db, filter, ranges);
      expect([label, statements()]).toEqual([label, 1]);
      expect(answers).toHaveLength(ranges.length);
      for (const [index, range] of ranges.entries()) {
        expect([label, index, byStatus(answers[index] ?? [])]).toEqual([label, index, byStatus(await bruteForce(filter, range))]);
      }
    }
    // The seeded data reaches into both of the first two ranges, so a mix-up between them would show.
    const [current, previous] = await totalsForRanges(testDb.db, filters.none as CallFilter, [month, month.previous]);
    expect((current ?? []).length).toBeGreaterThan(0);
    expect((previous ?? []).length).toBeGreaterThan(0);
    expect(await totalsForRanges(testDb.db, filters.none as CallFilter, [future])).toEqual([[]]);
  });
});
