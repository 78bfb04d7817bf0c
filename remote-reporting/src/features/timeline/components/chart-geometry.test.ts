import { labelEvery, stackSegments, valueAxis } from './chart-geometry';

describe('chart geometry', () => {
  test('the value axis ends on a round tick at or above the largest bar', () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(valueAxis(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(valueAxis(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });

  test('segments stack the shown, non-zero counts in key order', () => {
    const counts = { Sales: 2, DNC: 0, Voicemail: 3, IVR: 4 };
    expect(stackSegments(counts, ['Sales', 'DNC', 'Voicemail', 'IVR'], new Set(['Voicemail']))).toEqual([
      { key: 'Sales', count: 2, base: 0 },
      { key: 'IVR', count: 4, base: 2 },
    ]);
  });

  test('labels thin out so they never overlap', () => {
    expect(labelEvery(24, 640)).toBe(3);
    expect(labelEvery(7, 640)).toBe(1);
    expect(labelEvery(90, 300)).toBe(23);
  });
});
