/** The benchmark's one table: a row per measurement, a column per engine, and the target beside it. */
export interface BenchRow {
  section: string;
  name: string;
  unit: 'ms' | 'rows/s' | 'calls/s' | 'req/s' | 'answers' | 'MB' | 'KiB' | '×' | '%' | 'score';
  target?: string;
  values: Record<string, string>;
}

export function markdownTable(rows: BenchRow[], engines: string[]): string {
  const header = `| section | measurement | ${engines.join(' | ')} | unit | target |`;
  const rule = `|---|---|${engines.map(() => '---:').join('|')}|---|---|`;
  const lines = rows.map((r) => `| ${r.section} | ${r.name} | ${engines.map((e) => r.values[e] ?? '–').join(' | ')} | ${r.unit} | ${r.target ?? ''} |`);
  return [header, rule, ...lines].join('\n');
}

export const ms = (s: { median: number; p95: number }) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)}`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
