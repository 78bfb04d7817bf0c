/**
 * HTTP ingest as the tracking platform delivers (batches of 1000, four in
 * flight), alone and then while QC verdicts stream in at 1,000 a second for
 * the calls just delivered: verdicts lock only the calls they touch
 * (domain/calls/calls-writer.ts), so ingest should keep most of its speed.
 */
import { asIngestCall, generateDemoCalls } from '../demo/demo-calls';
import { int, type BenchRow } from './report';

/** The part of the bench's HTTP client this measurement uses. */
export interface IngestClient {
  reserve(n: number): Promise<void>;
  /** Posts a batch of calls; resolves with how many were stored. */
  ingest(body: string): Promise<number>;
  /** Posts a batch of QC verdicts; resolves with how many were applied. */
  verdicts(body: string): Promise<number>;
}

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

// Sixty batches: over only twenty, one checkpoint or GIN pending-list flush moved the figure by a tenth.
export const BATCHES = 60;
export const IN_FLIGHT = 4;
export const VERDICTS_PER_SECOND = 1000;
/** Verdicts go in 10 batches a second, as a QC bot posting what it finished. */
const VERDICT_BATCH = VERDICTS_PER_SECOND / 10;
export const INGEST_SHARE_TARGET = 0.8;

/** A run of fresh calls as delivery bodies, and their systemCallIds (the changes part delivers the same: changes-feed.ts). */
export function deliveries(label: string): { payloads: string[]; ids: string[] } {
  const generator = generateDemoCalls({ calls: BATCHES * 1000, days: 1, seed: 9000 + Math.floor(Math.random() * 1000), end: new Date() });
  const payloads: string[] = [];
  const ids: string[] = [];
  for (const batch of generator) {
    const calls = batch.map((c) => ({ ...asIngestCall(c, 'https://recordings.example.com'), systemCallId: `bench-${label}-${Date.now()}-${c.systemCallId}` }));
    for (const c of calls) ids.push(c.systemCallId);
    payloads.push(JSON.stringify({ calls }));
  }
  return { payloads, ids };
}

/** Delivers every payload, IN_FLIGHT at a time; calls stored a second. */
export async function deliver(client: IngestClient, payloads: string[]): Promise<number> {
  const started = performance.now();
  let stored = 0;
  const queue = [...payloads];
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
        // Awaited first: `stored += await …` would read `stored` before the wait and lose the other workers' counts.
        const batchStored = await client.ingest(body);
        stored += batchStored;
      }
    }),
  );
  return stored / ((performance.now() - started) / 1000);
}

/** Posts verdicts for `ids` at VERDICTS_PER_SECOND until `stop()`; resolves with how many a second were applied. */
function streamVerdicts(client: IngestClient, ids: string[]): { stop: () => Promise<number> } {
  const statuses = ['Sales', 'Voicemail', 'DNC', 'Hungup'];
  let running = true;
  let applied = 0;
  let next = 0;
  const started = performance.now();
  const sending: Array<Promise<void>> = [];
  const timer = setInterval(() => {
    if (!running) return;
    const results = ids.slice(next, next + VERDICT_BATCH).map((systemCallId, i) => ({ systemCallId, disposition: statuses[(next + i) % statuses.length] }));
    next = (next + VERDICT_BATCH) % Math.max(1, ids.length - VERDICT_BATCH);
    sending.push(client.verdicts(JSON.stringify({ results })).then((n) => void (applied += n)));
  }, 1000 / (VERDICTS_PER_SECOND / VERDICT_BATCH));
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(sending);
      return applied / seconds;
    },
  };
}

export async function measureIngest(client: IngestClient, engine: 'postgres' | 'pglite', record: Record): Promise<void> {
  // PostgreSQL's target (docs/benchmarks.md), with 10,000 the long-run aim; PGlite's figure is shown beside it.
  // Measured as the deliveries are stored: the search words made after them are not waited for.
  const target = engine === 'postgres' ? '≥ 3,500 (aim 10,000)' : undefined;
  const first = deliveries('a');
  const alone = await deliver(client, first.payloads);
  record('ingest', `HTTP, batches of 1000, ${IN_FLIGHT} in flight (${int(first.ids.length)} calls)`, 'calls/s', int(alone), target);

  // Another run of the same size while a QC bot posts verdicts for the calls of the first.
  const second = deliveries('b');
  await client.reserve(BATCHES + 20 * (VERDICTS_PER_SECOND / VERDICT_BATCH));
  const verdicts = streamVerdicts(client, first.ids);
  const beside = await deliver(client, second.payloads);
  const verdictRate = await verdicts.stop();
  record('ingest', `the same while QC verdicts stream in (${int(verdictRate)} a second applied)`, 'calls/s', int(beside), target);
  record('ingest', 'ingest beside the verdicts ÷ alone', '%', (100 * (beside / alone)).toFixed(0), `≥ ${INGEST_SHARE_TARGET * 100}`);
}
