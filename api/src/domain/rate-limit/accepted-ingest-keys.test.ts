import { AcceptedIngestKeys } from './accepted-ingest-keys';

describe('AcceptedIngestKeys', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  test('a key is known only once accepted, and for the time-to-live after its last acceptance', () => {
    const keys = new AcceptedIngestKeys(undefined, 60_000, now);
    expect(keys.has('cbk_platform')).toBe(false);
    keys.remember('cbk_platform');
    expect(keys.has('cbk_platform')).toBe(true);
    expect(keys.has('cbk_platforM')).toBe(false);
    clock += 59_000;
    keys.remember('cbk_platform');
    clock += 59_000;
    expect(keys.has('cbk_platform')).toBe(true);
    clock += 1_000;
    expect(keys.has('cbk_platform')).toBe(false);
  });

  test('the environment key is known from the start and never forgotten', () => {
    const keys = new AcceptedIngestKeys('environment-key-0123456789', 60_000, now);
    expect(keys.has('environment-key-0123456789')).toBe(true);
    clock += 3_600_000;
    expect(keys.has('environment-key-0123456789')).toBe(true);
  });

  test('past its size, the least recently accepted key is forgotten first', () => {
    const keys = new AcceptedIngestKeys(undefined, 60_000, now);
    for (let i = 0; i < 1_000; i += 1) keys.remember(`cbk_${i}`);
    keys.remember('cbk_0');
    keys.remember('cbk_new');
    expect(keys.has('cbk_0')).toBe(true);
    expect(keys.has('cbk_1')).toBe(false);
    expect(keys.has('cbk_new')).toBe(true);
  });
});
