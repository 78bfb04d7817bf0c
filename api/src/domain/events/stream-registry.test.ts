import { StreamRegistry } from './stream-registry';

describe('StreamRegistry', () => {
  test('admits up to the per-user cap, then refuses that user only', () => {
    const registry = new StreamRegistry({ perUser: 2, perInstance: 10 });
    expect(registry.admit('a', () => {}).admitted).toBe(true);
    expect(registry.admit('a', () => {}).admitted).toBe(true);
    expect(registry.admit('a', () => {})).toEqual({ admitted: false, full: 'user' });
    expect(registry.admit('b', () => {}).admitted).toBe(true);
    expect(registry.size).toBe(3);
  });

  test('refuses everyone once the instance is full, and admits again after a release', () => {
    const registry = new StreamRegistry({ perUser: 5, perInstance: 2 });
    const first = registry.admit('a', () => {});
    registry.admit('b', () => {});
    expect(registry.admit('c', () => {})).toEqual({ admitted: false, full: 'instance' });
    if (!first.admitted) throw new Error('first stream refused');
    first.release();
    first.release();
    expect(registry.size).toBe(1);
    expect(registry.admit('c', () => {}).admitted).toBe(true);
  });

  test('endAll ends every open stream', () => {
    const registry = new StreamRegistry({ perUser: 5, perInstance: 5 });
    const ended: string[] = [];
    for (const user of ['a', 'a', 'b']) {
      const admission = registry.admit(user, () => {
        ended.push(user);
        if (admission.admitted) admission.release();
      });
    }
    registry.endAll();
    expect(ended.sort()).toEqual(['a', 'a', 'b']);
    expect(registry.size).toBe(0);
  });
});
