/** Latency samples and their summary: medians and 95th percentiles, as the targets in docs/benchmarks.md are stated. */
export interface Summary {
  median: number;
  p95: number;
  runs: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { median: at(0.5), p95: at(0.95), runs: sorted.length };
}

/** `before` runs ahead of each run, outside its timing (the bench client's pacing). */
export async function timeRuns(
  runs: number,
  work: () => Promise<unknown>,
  { warmup = 3, before }: { warmup?: number; before?: () => Promise<void> } = {},
): Promise<Summary> {
  for (let i = 0; i < warmup; i += 1) {
    await before?.();
    await work();
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await before?.();
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}
