/**
 * The fairness of an export and the dashboard to each other: a dashboard asks
 * for stats every 100 ms while someone exports a year as CSV, and the bench
 * reports both sides against their targets: the dashboard's p95, and the
 * share of its solo speed the export kept meanwhile
 * (plugins/app/export-pacing.ts decides how they share the server).
 */
import { int, ms, type BenchRow } from './report';
import { summarise } from './timing';

/** The part of the bench's HTTP client this measurement uses. */
export interface DashboardClient {
  pace(): Promise<void>;
  reserve(n: number): Promise<void>;
  signIn(): Promise<void>;
  get(pathAndQuery: string, options: { paced: boolean }): Promise<Buffer>;
}

export interface ExportRun {
  rowsPerSecond: number;
  total: number;
}

export const DASHBOARD_POLL_MS = 100;
export const DASHBOARD_P95_TARGET_MS = 50;
export const EXPORT_SHARE_TARGET = 0.5;

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

/**
 * Runs `exportBeside` while the dashboard polls; `solo` is the same export measured alone just
 * before, and its label ("a year's") names it in the rows. `requestsPerMinute` is the client's budget: a minute's worth is freed first, so the
 * client's own rate pacing never stops the probes part-way through the export.
 */
export async function measureExportBesideDashboard(
  client: DashboardClient,
  exportBeside: () => Promise<ExportRun>,
  solo: ExportRun & { label: string },
  requestsPerMinute: number,
  record: Record,
): Promise<{ p95: number; share: number }> {
  await client.reserve(requestsPerMinute - 100);
  await client.signIn();
  const probes: number[] = [];
  let exporting = true;
  // The export starts once the dashboard is asking, so it never runs a stretch alone.
  let dashboardAsking = () => {};
  const asking = new Promise<void>((resolve) => (dashboardAsking = resolve));
  const probing = (async () => {
    while (exporting) {
      await client.pace();
      dashboardAsking();
      const started = performance.now();
      await client.get('/api/stats?datePreset=today', { paced: false });
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, DASHBOARD_POLL_MS));
    }
  })();
  await asking;
  const beside = await exportBeside();
  exporting = false;
  await probing;
  const latency = summarise(probes);
  const share = beside.rowsPerSecond / solo.rowsPerSecond;
  record('fairness', `stats every ${DASHBOARD_POLL_MS} ms during ${solo.label} CSV export (${int(solo.total)} rows)`, 'ms', `${ms(latency)} (${probes.length} probes)`, `p95 ≤ ${DASHBOARD_P95_TARGET_MS}`);
  record(
    'fairness',
    "that export's rows/s beside the dashboard ÷ alone",
    '%',
    `${(share * 100).toFixed(0)} (${int(beside.rowsPerSecond)} ÷ ${int(solo.rowsPerSecond)})`,
    `≥ ${EXPORT_SHARE_TARGET * 100}`,
  );
  return { p95: latency.p95, share };
}
