import type { Queryable } from '../../db/database';
import { parseCallFilter } from './call-filter';
import { streamRecords } from './record-stream';

/** A database of `total` calls that answers each batch statement with as many rows as its LIMIT asks, and notes the LIMITs. */
function fakeCalls(total: number) {
  const limits: number[] = [];
  let served = 0;
  const db: Queryable = {
    async query<T>(_sql: string, params?: readonly unknown[]) {
      const limit = Number(params?.[params.length - 1]);
      limits.push(limit);
      const n = Math.min(limit, total - served);
      const rows = Array.from({ length: n }, (_, i) => ({ cursor_ts: '2026-11-24 12:00:00+00', cursor_id: String(total - served - i), n: served + i }));
      served += n;
      return rows as T[];
    },
  };
  return { db, limits };
}

describe('streamRecords', () => {
  test('asks a batch-size function again before every statement', async () => {
    const { db, limits } = fakeCalls(1000);
    const sizes = [300, 100, 100, 300];
    let asked = 0;
    const batches: number[] = [];
    for await (const rows of streamRecords(db, parseCallFilter({ datePreset: 'today' }), { batchSize: () => sizes[asked++ % sizes.length] as number })) {
      batches.push(rows.length);
    }
    expect(limits.slice(0, 4)).toEqual([300, 100, 100, 300]);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  test('a fixed batch size and maxRows still bound every statement', async () => {
    const { db, limits } = fakeCalls(1000);
    let rows = 0;
    for await (const batch of streamRecords(db, parseCallFilter({ datePreset: 'today' }), { batchSize: 400, maxRows: 900 })) rows += batch.length;
    expect(rows).toBe(900);
    expect(limits).toEqual([400, 400, 100]);
  });
});
