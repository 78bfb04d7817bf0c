/**
 * The timeline chart's arithmetic, apart from drawing: the value axis with
 * round ticks, and how a bucket's counts stack.
 */

/** Round tick steps: 1, 2 or 5 times a power of ten. */
function niceStep(roughStep: number): number {
  const power = 10 ** Math.floor(Math.log10(roughStep));
  const fraction = roughStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

export interface ValueAxis {
  /** The top of the axis, a multiple of the step and at least `max`. */
  top: number;
  ticks: number[];
}

/** About `count` round ticks from 0 to at least `max` (calls are whole, so steps are at least 1). */
export function valueAxis(max: number, count = 4): ValueAxis {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const step = niceStep(max / count);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

export interface Segment {
  key: string;
  count: number;
  /** Calls below this segment in the stack. */
  base: number;
}

/** A bucket's non-zero counts of the shown keys, stacked in `keys` order from the bottom. */
export function stackSegments(counts: Record<string, number>, keys: readonly string[], hidden: ReadonlySet<string>): Segment[] {
  const segments: Segment[] = [];
  let base = 0;
  for (const key of keys) {
    const count = counts[key] ?? 0;
    if (hidden.has(key) || count <= 0) continue;
    segments.push({ key, count, base });
    base += count;
  }
  return segments;
}

/** Which buckets get a label under them so labels of `labelWidth` px never overlap: every n-th. */
export function labelEvery(buckets: number, plotWidth: number, labelWidth = 64): number {
  if (buckets <= 0 || plotWidth <= 0) return 1;
  return Math.max(1, Math.ceil(buckets / Math.max(1, Math.floor(plotWidth / labelWidth))));
}
