import { API_PATHS } from '@callboard/contract';
import { HttpError } from '../../http/http-error';
import { DEEP_PAGE_OFFSET_ROWS, defaultFairShareLimits, expensiveClassOf, PersonTurns } from './fair-shares';

const get = (route: string, query: Record<string, unknown> = {}) => ({ method: 'GET', route, query });

describe('expensiveClassOf', () => {
  test('a transcript search on any calls read, but not within one call', () => {
    for (const route of [API_PATHS.records, API_PATHS.stats, API_PATHS.series, API_PATHS.dispositions, API_PATHS.costStats]) {
      expect(expensiveClassOf(get(route, { q: 'caller' }), 'postgres')).toBe('transcript search');
    }
    expect(expensiveClassOf(get(`${API_PATHS.records}/:id`, { q: 'caller' }), 'postgres')).toBeUndefined();
    expect(expensiveClassOf(get(API_PATHS.records, { q: '  ' }), 'postgres')).toBeUndefined();
    expect(expensiveClassOf(get(API_PATHS.stats), 'pglite')).toBeUndefined();
  });

  test('the scorecard and its CSV, on both engines', () => {
    expect(expensiveClassOf(get(API_PATHS.scorecard), 'pglite')).toBe('scorecard');
    expect(expensiveClassOf({ method: 'POST', route: API_PATHS.scorecardExport, query: {} }, 'postgres')).toBe('scorecard');
  });

  test('the calls export on PostgreSQL only (on PGlite it gives way batch by batch)', () => {
    expect(expensiveClassOf(get(API_PATHS.callsExport, { fmt: 'csv' }), 'postgres')).toBe('export');
    expect(expensiveClassOf(get(API_PATHS.callsExport, { fmt: 'csv' }), 'pglite')).toBeUndefined();
  });

  test('an offset page that skips DEEP_PAGE_OFFSET_ROWS rows or more, never a cursor page', () => {
    const deepPage = DEEP_PAGE_OFFSET_ROWS / 25 + 1;
    expect(expensiveClassOf(get(API_PATHS.records, { page: deepPage - 1 }), 'postgres')).toBeUndefined();
    expect(expensiveClassOf(get(API_PATHS.records, { page: deepPage }), 'postgres')).toBe('deep page');
    expect(expensiveClassOf(get(API_PATHS.records, { page: '51', limit: '200' }), 'pglite')).toBe('deep page');
    expect(expensiveClassOf(get(API_PATHS.records, { cursor: 'abc', limit: 200 }), 'postgres')).toBeUndefined();
  });
});

test('the expensive requests hold at most half the pool on PostgreSQL, and run one at a time on PGlite', () => {
  expect(defaultFairShareLimits('postgres', 10).expensiveRunning).toBe(5);
  expect(defaultFairShareLimits('postgres', 3).expensiveRunning).toBe(1);
  expect(defaultFairShareLimits('pglite').expensiveRunning).toBe(1);
  expect(defaultFairShareLimits('postgres').personExpensiveRunning).toBe(1);
});

test("one person's queue: running and waiting up to its bounds, then 429 TOO_MANY_CONCURRENT; another person is untouched; an idle person is forgotten", async () => {
  const turns = new PersonTurns({ personRunning: 2, personWaiting: 1, personExpensiveRunning: 1 });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = [turns.take('ann', () => gate), turns.take('ann', () => gate), turns.take('ann', () => gate)];
  const refused = await turns.take('ann', async () => 'ran').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({ statusCode: 429, code: 'TOO_MANY_CONCURRENT', headers: { 'retry-after': '2' } });
  await expect(turns.take('bob', async () => 'ran')).resolves.toBe('ran');
  expect(turns.size).toBe(1);
  open();
  await Promise.all(held);
  expect(turns.size).toBe(0);
});

test("a person's expensive requests run one at a time, in order; another person's beside them", async () => {
  const turns = new PersonTurns({ personRunning: 4, personWaiting: 8, personExpensiveRunning: 1 });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const ran: string[] = [];
  const first = turns.takeExpensive('ann', async () => {
    ran.push('ann 1');
    await gate;
  });
  const second = turns.takeExpensive('ann', async () => {
    ran.push('ann 2');
  });
  await turns.takeExpensive('bob', async () => {
    ran.push('bob');
  });
  expect(ran).toEqual(['ann 1', 'bob']);
  open();
  await Promise.all([first, second]);
  expect(ran).toEqual(['ann 1', 'bob', 'ann 2']);
  expect(turns.size).toBe(0);
});
