/**
 * The database's share of a delivery, without HTTP: `node api/dist/bench/ingest-statement.js <postgres url> <deliveries>`
 * stores that many deliveries of 1,000 fresh bench calls one after another through storeCalls on one
 * connection, prints each one's milliseconds and their median, then times index_call_words until the
 * queue of calls awaiting their search words is empty (migration 0021). With a third argument
 * `explain`, the last delivery runs under auto_explain (nested statements, triggers, buffers) and its
 * plans are printed. The calls are named `bench-…`, so the benchmark's next run deletes them.
 */
import pg from 'pg';
import { generateDemoCalls } from '../demo/demo-calls';
import { storeCalls } from '../domain/calls/calls-writer';
import { drainCallWords } from '../domain/calls/call-words';
import type { Database, Queryable } from '../db/database';

const AUTO_EXPLAIN = [
  "LOAD 'auto_explain'",
  'SET auto_explain.log_min_duration = 0',
  'SET auto_explain.log_analyze = on',
  'SET auto_explain.log_buffers = on',
  'SET auto_explain.log_nested_statements = on',
  'SET auto_explain.log_triggers = on',
  'SET client_min_messages = log',
];

async function main(): Promise<void> {
  const [url, deliveries, explain] = process.argv.slice(2);
  const count = Number(deliveries);
  if (!url || !Number.isInteger(count) || count < 1) throw new Error('usage: ingest-statement.js <postgres url> <deliveries> [explain]');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: string[] = [];
  client.on('notice', (notice) => plans.push(notice.message ?? ''));
  // storeCalls and drainCallWords send one statement each: this connection's query is all they use.
  const queryable: Queryable = { query: async <Row>(sql: string, params?: readonly unknown[]) => (await client.query(sql, params as unknown[])).rows as Row[] };
  const db = queryable as Database;
  try {
    const times: number[] = [];
    const run = Date.now();
    let index = 0;
    for (const batch of generateDemoCalls({ calls: count * 1000, days: 1, seed: 7000 + (run % 1000), end: new Date() })) {
      index += 1;
      if (explain === 'explain' && index === count) for (const setting of AUTO_EXPLAIN) await client.query(setting);
      const calls = batch.map((c) => ({ ...c, systemCallId: `bench-statement-${run}-${c.systemCallId}` }));
      const started = performance.now();
      await storeCalls(db, calls);
      times.push(performance.now() - started);
      if (explain === 'explain' && index === count) await client.query('RESET client_min_messages');
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    console.log(`ms per delivery: ${times.map((t) => t.toFixed(0)).join(' ')}`);
    console.log(`median ${median.toFixed(0)} ms`);
    const words = await client.query<{ present: boolean }>("SELECT to_regproc('index_call_words') IS NOT NULL AS present");
    if (words.rows[0]?.present) {
      const started = performance.now();
      const made = await drainCallWords(db);
      console.log(`index_call_words made the words of ${made} calls in ${(performance.now() - started).toFixed(0)} ms`);
    }
    if (plans.length > 0) console.log(plans.join('\n\n'));
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
