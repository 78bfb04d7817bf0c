import type { Database } from '../../db/database';
import { ingestCalls } from './calls-writer';

/** A database that fails the test if anything reaches it. */
const untouchable = new Proxy({} as Database, {
  get: (_, key) => {
    throw new Error(`the database was used (${String(key)})`);
  },
});

describe('ingestCalls', () => {
  test('a delivery with no valid call lists its rejections without waiting for a write turn', async () => {
    const refused = () => Promise.reject(new Error('no write turn'));
    const result = await ingestCalls(untouchable, [{ systemCallId: 'bad-1' }, 42], refused);
    expect(result.inserted).toBe(0);
    expect(result.updated).toBe(0);
    expect(result.rejected.map((r) => [r.index, r.systemCallId])).toEqual([
      [0, 'bad-1'],
      [1, null],
    ]);
  });
});
