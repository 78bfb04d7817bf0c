/**
 * The changes feed's rows (issue 37: "the changes feed pages 10,000 changes in ≤ 100 ms; HTTP ingest with the
 * change log written stays ≥ 3,500 calls/s on PostgreSQL"): a run of fresh calls delivered as the tracking
 * platform delivers them, every one logged (migration 0037), then a page of 10,000 of those created calls read
 * back over HTTP as a BI tool reads it, JSON and CSV, each body read whole; then the same for 10,000 QC
 * verdicts on those calls.
 */
import { CHANGES_MAX_LIMIT, type CallChange } from '@callboard/contract/changes';
import { BATCHES, IN_FLIGHT, deliver, deliveries, type IngestClient } from './ingest-beside-verdicts';
import { int, ms, type BenchRow } from './report';
import type { Summary } from './timing';

/** The part of the bench's HTTP client this measurement uses. */
export interface ChangesClient extends IngestClient {
  get(pathAndQuery: string): Promise<Buffer>;
  json<T>(pathAndQuery: string): Promise<T>;
  /** Times `runs` GETs of a URL, each paced outside its timing. */
  timed(runs: number, pathAndQuery: string): Promise<Summary>;
}

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

/** A feed page's time is stated for pages read one after another, this many of them. */
const PAGE_RUNS = 30;

/**
 * The log's last seq, found through the feed itself (the bench reads the server over HTTP only, and an embedded
 * database cannot be opened beside its server): the largest `after` that still has a change after it.
 */
async function lastSeq(client: ChangesClient): Promise<number> {
  const after = async (seq: number) => (await client.json<{ data: CallChange[] }>(`/api/changes?after=${seq}&limit=1`)).data[0]?.seq;
  let low = 0;
  let high = 1;
  while ((await after(high)) !== undefined) high *= 2;
  // A change after `low`, none after `high`.
  if ((await after(0)) === undefined) return 0;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if ((await after(mid)) === undefined) high = mid;
    else low = mid;
  }
  return high;
}

export async function measureChangesFeed(client: ChangesClient, engine: 'postgres' | 'pglite', record: Record, log: (line: string) => void): Promise<void> {
  const start = await lastSeq(client);
  const run = deliveries('changes');
  await client.reserve(BATCHES + 20);
  const rate = await deliver(client, run.payloads);
  record('changes', `HTTP ingest with the change log written, batches of 1000, ${IN_FLIGHT} in flight (${int(run.ids.length)} calls)`, 'calls/s', int(rate), engine === 'postgres' ? '≥ 3,500' : undefined);

  // The first page of the changes the delivery logged: every one a created call with all its fields (the heaviest).
  await timePage(client, record, log, start, 'created calls');

  // Then QC verdicts for 10,000 of those calls, as the bot posts them (1,000 a request): a page of the changes
  // a feed mostly carries once the day's calls are in, a few fields each.
  const verdictsFrom = await lastSeq(client);
  const statuses = ['Sales', 'Voicemail', 'DNC', 'Hungup', 'Not Interested'];
  for (let i = 0; i < CHANGES_MAX_LIMIT; i += 1000) {
    const results = run.ids.slice(i, i + 1000).map((systemCallId, j) => ({ systemCallId, disposition: statuses[(i + j) % statuses.length], reason: 'Bench verdict' }));
    await client.reserve(1);
    await client.verdicts(JSON.stringify({ results }));
  }
  await timePage(client, record, log, verdictsFrom, 'QC verdicts');
}

/** Times a page of 10,000 changes after `after`, JSON and CSV; the page must be full. */
async function timePage(client: ChangesClient, record: Record, log: (line: string) => void, after: number, what: string): Promise<void> {
  const url = `/api/changes?after=${after}&limit=${CHANGES_MAX_LIMIT}`;
  const first = await client.json<{ data: CallChange[] }>(url);
  if (first.data.length !== CHANGES_MAX_LIMIT) throw new Error(`the feed answered ${first.data.length} changes after ${after}, not ${CHANGES_MAX_LIMIT}`);
  const bytes = (await client.get(url)).length;
  log(`  a page of ${int(CHANGES_MAX_LIMIT)} changes of ${what} is ${int(bytes / 1024)} KB of JSON`);
  record('changes', `a page of ${int(CHANGES_MAX_LIMIT)} changes, ${what} (JSON, ${int(bytes / 1024)} KB)`, 'ms', ms(await client.timed(PAGE_RUNS, url)), '≤ 100');
  record('changes', `a page of ${int(CHANGES_MAX_LIMIT)} changes, ${what} (CSV)`, 'ms', ms(await client.timed(PAGE_RUNS, `${url}&format=csv`)));
}
