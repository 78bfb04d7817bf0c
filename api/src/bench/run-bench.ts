/**
 * `npm run bench`: seeds 1M calls over a year (10M with --ten-million) into
 * PostgreSQL and PGlite, starts the real server on each, measures the
 * targets of docs/benchmarks.md over HTTP, prints one table and writes it to bench/results.md.
 *
 * PostgreSQL comes from DATABASE_URL (default: the local server); the seeded
 * databases and PGlite folders are cached under their data volume and reused
 * by a rerun on the same day.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { PARTNER_KINDS, SORTABLE_COLUMNS, XLSX_EXPORT_MAX_ROWS, type RecordsResponse } from '@callboard/contract';
import { migrate } from '../db/migrate';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { parseCallFilter } from '../domain/calls/call-filter';
import { totalsByStatus } from '../domain/calls/call-totals';
import { DEFAULT_RATE_LIMITS } from '../domain/rate-limit/rate-limits';
import { disputeTotalsPerValue } from '../domain/scorecard/dispute-figures';
import { totalsPerValue } from '../domain/scorecard/scorecard-sums';
import { ensureBenchDisputes } from './bench-disputes';
import { measureExportBesideDashboard } from './export-fairness';
import { HEAVY_PARALLEL, measureFairness } from './fairness';
import { measureFirstScreen } from './first-screen';
import { BENCH_ALERT_RULES, measureAlerts } from './alert-evaluation';
import { measureChangesFeed } from './changes-feed';
import { measureIngest } from './ingest-beside-verdicts';
import { measureOutboundEvents } from './outbound-events';
import { measureConnectorEvents } from './connector-events';
import { preparePglite, preparePostgres, vacuumAnalyze, withoutStatementLimit, type BenchData } from './bench-database';
import { startBenchServer, type BenchServer } from './bench-server';
import { int, markdownTable, ms, type BenchRow } from './report';
import { PARTNER_RUNS, ensurePartnerAccounts, partnerReads, signInPartner } from './partner-reads';
import { SINGLE_PERSON_RUNS, singlePersonReads } from './single-person';
import { ensureTeamAccounts, reportingRefresh, runTeamLoad, signInAnalyst, teamEmail } from './team-load';
import { summarise, timeRuns } from './timing';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const INGEST_KEY = 'bench-ingest-key-0123456789abcdef';
const ADMIN = { email: 'bench@callboard.local', password: 'bench-password-1' };

interface Options {
  calls: number;
  runs: number;
  engines: Array<'postgres' | 'pglite'>;
  /** Only this part of the measurements (quicker reruns while working on one of them). */
  only?: BenchPart;
  /** The PostgreSQL database to seed and reuse; by default named for the data volume. */
  database?: string;
}

const BENCH_PARTS = ['person', 'reads', 'search', 'export', 'ingest', 'team', 'fairness', 'partner', 'disputes', 'changes', 'connectors', 'alerts', 'outbound', 'first-screen'] as const;
type BenchPart = (typeof BENCH_PARTS)[number];

function parseArgs(argv: string[]): Options {
  const options: Options = { calls: 1_000_000, runs: 200, engines: ['postgres', 'pglite'] };
  let enginesChosen = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const next = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === '--ten-million') options.calls = 10_000_000;
    else if (arg === '--calls') options.calls = Number(next());
    else if (arg === '--runs') options.runs = Number(next());
    else if (arg === '--engine') {
      options.engines = next().split(',') as Options['engines'];
      enginesChosen = true;
    } else if (arg === '--only') options.only = next() as BenchPart;
    else if (arg === '--database') options.database = next();
    else throw new Error(`unknown argument ${arg} (use --calls N, --ten-million, --runs N, --engine postgres,pglite, --only ${BENCH_PARTS.join('|')}, --database NAME)`);
  }
  if (!Number.isInteger(options.calls) || options.calls < 1000) throw new Error('--calls must be a whole number of at least 1000');
  if (!Number.isInteger(options.runs) || options.runs < 5) throw new Error('--runs must be at least 5');
  if (!options.engines.every((e) => e === 'postgres' || e === 'pglite')) throw new Error('--engine takes postgres, pglite or both');
  if (options.only !== undefined && !BENCH_PARTS.includes(options.only)) throw new Error(`--only takes one of ${BENCH_PARTS.join(', ')}`);
  if (options.database !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.database)) throw new Error('--database takes a lower-case PostgreSQL name (letters, digits, _)');
  if (options.calls > PGLITE_MAX_CALLS) {
    // The embedded engine runs on the server's own thread and is meant for demos and one person's data.
    if (enginesChosen && options.engines.includes('pglite')) {
      throw new Error(`PGlite is not measured above ${int(PGLITE_MAX_CALLS)} calls: run --ten-million (or a larger --calls) with --engine postgres`);
    }
    options.engines = ['postgres'];
  }
  return options;
}

/** The alert rules are judged over this many consecutive minutes (fewer when --runs asks for fewer). */
const ALERT_MINUTES = 60;

/** The largest data volume the bench seeds into PGlite; --ten-million is PostgreSQL only. */
const PGLITE_MAX_CALLS = 1_000_000;

/** The team row: this many analysts, one address, refreshing the Reporting view for this long. */
const TEAM_SIZE = 50;
const TEAM_SECONDS = 20;
/** The team at a person's pace: this many analysts, each starting a refresh once a second (Auto Refresh's fastest). */
const PACED_TEAM_SIZE = 100;
const PACED_ROUND_MS = 1000;
/**
 * The fairness row (issue 33): this many analysts at a person's pace beside one account's
 * HEAVY_PARALLEL year-long transcript searches; accounts of their own, after the team rows'.
 */
const FAIRNESS_TEAM_SIZE = 20;
const FAIRNESS_FIRST_ANALYST = TEAM_SIZE + PACED_TEAM_SIZE;
const FAIRNESS_HEAVY_ANALYST = FAIRNESS_FIRST_ANALYST + FAIRNESS_TEAM_SIZE;
/** The same number of analysts alone, first: the row's baseline on this machine at this moment. */
const FAIRNESS_BASELINE_FIRST_ANALYST = FAIRNESS_HEAVY_ANALYST + 1;

/**
 * The server allows each signed-in person RATE_LIMIT_USER_PER_MIN requests a minute (the real
 * default, not lifted for the bench: the server gets it whatever the bench's own environment
 * says); the client keeps under it by waiting, outside any timed request, when it gets close.
 * Ingest deliveries spend the API key's budget, not the person's, and are not paced.
 */
const REQUESTS_PER_MINUTE = Math.floor(DEFAULT_RATE_LIMITS.userPerMinute * 0.95);

/**
 * The timed reads take turns among this many bench analysts (Client.timed): at 200 runs a row and
 * ~5 ms a request, one person's 570 requests a minute would leave the bench waiting most of each minute.
 */
const READERS = 8;

/** The analyst of the single-person rows: an account of their own, so no reader's pacing misses their requests. */
const PERSON = teamEmail(READERS);

/** RSS growth below this is noise: the process's memory moves this much between two idle readings. */
const RSS_NOISE_MB = 16;

/** A response's body, whole. */
async function readAll(response: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One person's requests in the last minute, kept under their budget (the server's limit is per
 * person), and their access token once signed in.
 */
class Session {
  private sent: number[] = [];
  constructor(public token = '') {}

  /** Called before every request, and before a timed one starts its clock. */
  async pace(): Promise<void> {
    await this.reserve(1);
    this.sent.push(performance.now());
  }

  /** Waits until `n` more requests fit under the limit, so that a phase needing them is not cut short by pace(). */
  async reserve(n: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.sent = this.sent.filter((at) => at > now - 60_000);
      const excess = this.sent.length + n - REQUESTS_PER_MINUTE;
      if (excess <= 0) return;
      // The oldest `excess` requests have to leave the minute's window first.
      await new Promise((r) => setTimeout(r, (this.sent[excess - 1] as number) + 60_000 - now + 10));
    }
  }
}

class Client {
  /** The bench's admin: what is not a timed read goes out as them. */
  private readonly admin = new Session();
  /** The analysts the timed reads take turns as (see timed()). */
  private readers: Session[] = [];
  private nextReader = 0;
  private readonly agent = new http.Agent({ keepAlive: true });
  constructor(readonly server: BenchServer) {}

  /** Called before every request as the admin, and before a timed one starts its clock. */
  pace(): Promise<void> {
    return this.admin.pace();
  }

  /** Waits until `n` more of the admin's requests fit under the limit. */
  reserve(n: number): Promise<void> {
    return this.admin.reserve(n);
  }

  /** Lets go of the kept-alive connections, before the server stops. */
  close(): void {
    this.agent.destroy();
  }

  async signIn(): Promise<void> {
    await this.pace();
    const response = await this.send('POST', '/api/auth/login', { 'content-type': 'application/json' }, JSON.stringify(ADMIN));
    this.admin.token = (JSON.parse((await readAll(response)).toString('utf8')) as { data: { token: string } }).data.token;
  }

  /** Signs in the first `count` bench analysts (ensureTeamAccounts), whom timed() takes turns as. */
  async signInReaders(count: number): Promise<void> {
    this.readers = await Promise.all(Array.from({ length: count }, async (_, i) => new Session(await signInAnalyst(this.server.url, teamEmail(i)))));
  }

  /**
   * Sends one request on the kept-alive connections and resolves with the response once its head
   * has come; rejects, with the body in the message, unless it answered 2xx. node:http rather than
   * fetch for every request the bench times: the client shares the two cores with the server and
   * PostgreSQL, and undici's fetch cost it about a millisecond more a request (and several times
   * the CPU reading a download), with a longer tail of its own, which the timings charged to the server.
   */
  private send(method: 'GET' | 'POST', pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      http
        .request(`${this.server.url}${pathAndQuery}`, { method, agent: this.agent, headers }, (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(response);
          else readAll(response).then((text) => reject(new Error(`${method} ${pathAndQuery} answered ${status}: ${text.toString('utf8')}`)), reject);
        })
        .on('error', reject)
        .end(body);
    });
  }

  /** One signed-in GET, its body read whole. `paced: false` when the caller has paced already, outside its timing (see timed()). */
  async get(pathAndQuery: string, { paced = true, token = this.admin.token } = {}): Promise<Buffer> {
    if (paced) await this.pace();
    return readAll(await this.send('GET', pathAndQuery, { authorization: `Bearer ${token}` }));
  }

  /**
   * Times `runs` GETs of a URL, body read, each paced before its clock starts. The runs take turns
   * among the signed-in readers, as a team's requests would: each request still counts against its
   * person's budget and looks up its session, as every request does, but 200 runs of a row need not
   * wait out one person's minute (a p95 over 40 runs is the third-slowest answer, and moved past a
   * target on one slow scheduling slice of this 2-core machine).
   */
  timed(runs: number, pathAndQuery: string) {
    if (this.readers.length === 0) return timeRuns(runs, () => this.get(pathAndQuery, { paced: false }), { before: () => this.pace() });
    let reader = this.readers[0] as Session;
    return timeRuns(runs, () => this.get(pathAndQuery, { paced: false, token: reader.token }), {
      before: () => {
        reader = this.readers[this.nextReader++ % this.readers.length] as Session;
        return reader.pace();
      },
    });
  }

  /** Times `runs` GETs of a URL as one person, one after another, after 3 warm-ups (the single-person rows). */
  timedAs(person: Session, runs: number, pathAndQuery: string) {
    return timeRuns(runs, () => this.get(pathAndQuery, { paced: false, token: person.token }), { before: () => person.pace() });
  }

  /** Downloads a file, thrown away as it comes, and returns its X-Total-Count. */
  async download(pathAndQuery: string): Promise<number> {
    const response = await this.send('GET', pathAndQuery, { authorization: `Bearer ${this.admin.token}` });
    const total = Number(response.headers['x-total-count']);
    response.resume();
    await finished(response);
    return total;
  }

  /** Delivers one batch of calls as the tracking platform would; returns how many were stored. */
  async ingest(body: string): Promise<number> {
    const response = await this.send('POST', '/api/ingest/calls', { 'content-type': 'application/json', 'x-api-key': INGEST_KEY }, body);
    const result = JSON.parse((await readAll(response)).toString('utf8')) as { data: { inserted: number; updated: number } };
    return result.data.inserted + result.data.updated;
  }

  /** Delivers one batch of QC verdicts as the QC bot would; returns how many were applied. */
  async verdicts(body: string): Promise<number> {
    const response = await this.send('POST', '/api/ingest/qc', { 'content-type': 'application/json', 'x-api-key': INGEST_KEY }, body);
    return (JSON.parse((await readAll(response)).toString('utf8')) as { data: { updated: number } }).data.updated;
  }

  async json<T>(pathAndQuery: string): Promise<T> {
    return JSON.parse((await this.get(pathAndQuery)).toString('utf8')) as T;
  }
}

async function measureEngine(engine: 'postgres' | 'pglite', data: BenchData, options: Options, rows: BenchRow[], log: (l: string) => void) {
  const record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => {
    let row = rows.find((r) => r.section === section && r.name === name);
    if (!row) {
      row = { section, name, unit, target, values: {} };
      rows.push(row);
    }
    row.values[engine] = value;
  };
  const measures = (part: BenchPart) => options.only === undefined || options.only === part;

  log(`\n== ${engine}: preparing ${int(data.calls)} calls over ${data.days} days`);
  const serverDb = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const tmp = path.join(ROOT, 'bench', 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env: Record<string, string> = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    INGEST_API_KEY: INGEST_KEY,
    DEMO_DATA: 'false',
    RATE_LIMIT_USER_PER_MIN: String(DEFAULT_RATE_LIMITS.userPerMinute),
    // The team signs in at once from one address, as an office behind one address would: such an office
    // raises the per-address sign-in budget (10 a minute by default), and so does the bench.
    RATE_LIMIT_SIGN_IN_PER_MIN: '1000',
  };
  let location: { databaseUrl?: string; pgliteDir?: string };
  if (engine === 'postgres') {
    const url = await preparePostgres(serverDb, data, log, options.database);
    env.DATABASE_URL = url;
    env.DATA_DIR = path.join(tmp, 'pg-server-data');
    location = { databaseUrl: url };
  } else {
    const dataDir = await preparePglite(tmp, data, log);
    env.DATA_DIR = dataDir;
    location = { pgliteDir: path.join(dataDir, 'pglite') };
  }

  {
    const db = await openDatabase(location);
    // A cached database may predate the newest migrations; the server would apply them at its start.
    await migrate(db);
    // And it may hold an interrupted run's ingested calls: left in place, their dead rows and
    // caller-id index entries are still read, and a caller-id search measured many times slower.
    const leftovers = await removeIngestedCalls(db, location.databaseUrl, data);
    if (leftovers > 0) log(`  removed ${int(leftovers)} calls an earlier run ingested, and vacuumed`);
    if (engine === 'postgres' && measures('fairness')) await ensureTeamAccounts(db, FAIRNESS_BASELINE_FIRST_ANALYST + FAIRNESS_TEAM_SIZE);
    else if (engine === 'postgres' && measures('team')) await ensureTeamAccounts(db, Math.max(TEAM_SIZE + PACED_TEAM_SIZE, READERS + 1));
    else if (measures('reads') || measures('search') || measures('person')) await ensureTeamAccounts(db, READERS + 1);
    if (measures('partner')) await ensurePartnerAccounts(db);
    // The scorecard's dispute figures read a rollup of the disputes: the seeded data gets some thousands once.
    if (measures('disputes')) {
      const { disputes, seeded } = await ensureBenchDisputes(db);
      log(`  ${int(disputes)} bench disputes ${seeded ? 'opened' : 'already there'}`);
    }
    // The client's pacing counts only its own requests: a run started within a minute of the last one
    // would find that run's budgets (requests, and exports started) still spent, and be refused part-way.
    await db.query('DELETE FROM rate_limit_counters');
    await db.query('DELETE FROM export_leases');
    // The single-person rows are stated for a database just vacuumed and analysed, as a fresh seed leaves it.
    if (measures('person') && leftovers === 0) {
      await vacuumAnalyze(db, location.databaseUrl);
      log('  vacuumed and analysed');
    }
    await db.close();
  }
  // The rollup against the raw table, in-process, for the same answer.
  if (measures('reads')) {
    const db = await openDatabase(location);
    const filter = parseCallFilter({ datePreset: 'this_year' });
    const rollup = await timeRuns(options.runs, () => totalsByStatus(db, filter, filter.range));
    // Past the pool's statement limit at ten million calls (seconds, by design: it is what the rollups spare).
    const raw = await timeRuns(Math.max(5, Math.floor(options.runs / 10)), () =>
      withoutStatementLimit(db, (q) =>
        q.query('SELECT status, count(*) FROM calls WHERE call_ts >= $1 AND call_ts < $2 GROUP BY status', [filter.range.from, filter.range.to]),
      ),
    );
    record('rollup', 'stats this_year: raw table ÷ rollup (median)', '×', (raw.median / rollup.median).toFixed(0), '≥ 40×');
    record('rollup', 'stats this_year via rollup (in-process)', 'ms', ms(rollup));
    record('rollup', 'stats this_year via raw table (in-process)', 'ms', ms(raw));
    await db.close();
  }

  // The dispute figures' own share of the scorecard, in-process: the disputes rollup for a year by publisher.
  if (measures('disputes')) {
    const db = await openDatabase(location);
    const filter = parseCallFilter({ datePreset: 'this_year' });
    const part = await timeRuns(options.runs, () => disputeTotalsPerValue(db, filter, 'publishers', filter.range));
    record('disputes', 'dispute figures this_year by publisher, rollup alone (in-process)', 'ms', ms(part));
    // Beside it, under the same load, the calls' figures it runs in parallel with (both periods).
    const calls = await timeRuns(options.runs, () => totalsPerValue(db, filter, 'publishers', [filter.range, filter.range.previous]));
    record('disputes', "the calls' figures this_year by publisher, both periods (in-process, for comparison)", 'ms', ms(calls));
    await db.close();
  }

  // Alert rules judged once a minute (issue 36), in-process: what the job runner's tick does, timed whole.
  if (measures('alerts')) {
    log(`== ${engine}: ${BENCH_ALERT_RULES} alert rules`);
    const db = await openDatabase(location);
    await measureAlerts(db, Math.min(options.runs, ALERT_MINUTES), record, log);
    await db.close();
  }

  log(`== ${engine}: starting the server`);
  const server = await startBenchServer(env);
  const client = new Client(server);
  try {
    await client.signIn();
    if (measures('reads') || measures('search')) await client.signInReaders(READERS);
    const busiest = (await client.json<{ data: { publishers: Array<{ value: string }> } }>('/api/filters/publishers?datePreset=this_year&limit=1')).data.publishers[0]?.value;
    if (!busiest) throw new Error(`the ${engine} server sees no publisher this year: it is not on the seeded database`);
    const sample = (await client.json<{ data: Array<{ callerId: string }> }>('/api/calls/records?datePreset=last_30_days&limit=1')).data[0]?.callerId ?? '555';
    const cid = sample.replace(/\D/g, '').slice(-6);
    const filters: Record<string, string> = { none: '', '1 publisher': `&publisher=${busiest}`, 'CID search': `&search=${cid}` };
    const presets = ['today', 'last_30_days', 'this_year'];
    // The pickers under another selection: the campaigns of the busiest publisher, the publishers of the busiest status.
    const statuses = (await client.json<{ data: { dispositions: Array<{ value: string; count: number }> } }>('/api/filters/dispositions?datePreset=this_year')).data.dispositions;
    const busiestStatus = [...statuses].sort((a, b) => b.count - a.count)[0]?.value ?? 'Sales';
    const narrowedPickers: Array<[string, string]> = [
      ['campaigns, 1 publisher selected', `/api/filters/campaigns?publisher=${busiest}`],
      ['publishers, busiest status', `/api/filters/publishers?status=${encodeURIComponent(busiestStatus)}`],
    ];

    if (measures('person')) {
      log(`== ${engine}: one person, ${SINGLE_PERSON_RUNS} requests an endpoint one after another`);
      const person = new Session(await signInAnalyst(server.url, PERSON));
      for (const read of singlePersonReads(cid)) {
        record('one person', read.name, 'ms', ms(await client.timedAs(person, SINGLE_PERSON_RUNS, read.url)), read.target);
      }
    }

    if (measures('partner')) {
      log(`== ${engine}: partners, ${PARTNER_RUNS} requests an endpoint one after another`);
      for (const kind of PARTNER_KINDS) {
        const partner = new Session(await signInPartner(server.url, kind));
        for (const read of partnerReads()) {
          record(`${kind} partner`, read.name, 'ms', ms(await client.timedAs(partner, PARTNER_RUNS, read.url)), read.target);
        }
      }
    }

    if (measures('disputes')) {
      log(`== ${engine}: the scorecard with its dispute figures`);
      const year = await client.json<{ data: { rows: Array<{ disputes: number }> } }>('/api/scorecard?groupBy=publisher&datePreset=this_year&limit=1000');
      const held = year.data.rows.reduce((sum, row) => sum + row.disputes, 0);
      record('disputes', `scorecard this_year by publisher with the dispute figures (${int(held)} disputes this year)`, 'ms', ms(await client.timed(options.runs, '/api/scorecard?groupBy=publisher&datePreset=this_year')), 'p95 ≤ 50');
      record('disputes', 'scorecard this_year by publisher, sorted by dispute rate', 'ms', ms(await client.timed(options.runs, '/api/scorecard?groupBy=publisher&datePreset=this_year&sortBy=disputeRate')), 'p95 ≤ 50');
    }

    if (measures('reads')) {
      log(`== ${engine}: reads`);
      const endpoints: Array<[string, string, string]> = [
        ['stats', '/api/stats', 'p95 ≤ 10'],
        ['cost stats', '/api/cost/stats', 'p95 ≤ 10'],
        ['picker', '/api/filters/publishers', 'p95 ≤ 10'],
        ['records p1 + total', '/api/calls/records', 'p95 ≤ 15'],
      ];
      for (const [section, url, target] of endpoints) {
        for (const preset of presets) {
          for (const [label, extra] of Object.entries(filters)) {
            if (section === 'picker' && label !== 'none') continue;
            const summary = await client.timed(options.runs, `${url}?datePreset=${preset}${extra}`);
            record(section, `${preset}, ${label}`, 'ms', ms(summary), target);
          }
          if (section !== 'picker') continue;
          for (const [label, pickerUrl] of narrowedPickers) {
            record(section, `${preset}, ${label}`, 'ms', ms(await client.timed(options.runs, `${pickerUrl}&datePreset=${preset}`)), target);
          }
        }
      }
      // The timeline over a year by the week (what auto picks beyond 92 days) and by the month, and the last 30 days by the day.
      const timelines: Array<[query: string, label: string]> = [
        ['datePreset=this_year&bucket=auto', 'this_year by week'],
        ['datePreset=this_year&bucket=month', 'this_year by month'],
        ['datePreset=last_30_days&bucket=auto', 'last_30_days by day'],
      ];
      for (const [query, label] of timelines) {
        for (const [filter, extra] of Object.entries(filters)) {
          // A caller-id search reads the calls whatever the bucket: once is enough.
          if (filter === 'CID search' && label !== 'this_year by week') continue;
          const summary = await client.timed(options.runs, `/api/stats/series?${query}${extra}`);
          record('series', `${label}, ${filter}`, 'ms', ms(summary), 'p95 ≤ 15');
        }
      }
      record('records', 'page 200, this_year', 'ms', ms(await client.timed(options.runs, '/api/calls/records?datePreset=this_year&page=200')), '≤ 15');
      // Paging by cursor (decision 0030): the same cost 25 rows deep as half a million, where an offset reads every row it skips.
      // The deep cursors come from one untimed offset page each (200 a page); a smaller --calls run skips the depths it lacks.
      for (const depth of [25, 100_000, 500_000]) {
        const start = depth === 25 ? '' : `&limit=200&page=${depth / 200}`;
        const { meta } = await client.json<RecordsResponse>(`/api/calls/records?datePreset=this_year${start}`);
        if (meta.nextCursor === null) continue;
        const summary = await client.timed(options.runs, `/api/calls/records?datePreset=this_year&cursor=${meta.nextCursor}`);
        record('records', `by cursor ${depth.toLocaleString('en-US')} rows deep, this_year`, 'ms', ms(summary), '≤ 15');
      }
      for (const column of SORTABLE_COLUMNS) {
        for (const dir of ['asc', 'desc']) {
          const summary = await client.timed(Math.max(5, Math.floor(options.runs / 2)), `/api/calls/records?datePreset=this_year&sortBy=${column}&sortDir=${dir}`);
          record('records', `sorted by ${column} ${dir}, this_year`, 'ms', ms(summary), '≤ 250');
        }
      }
      for (const group of ['publisher', 'campaign', 'buyer', 'target']) {
        const summary = await client.timed(options.runs, `/api/cost/breakdown?groupBy=${group}&datePreset=last_30_days`);
        record('breakdown', `by ${group}, last_30_days`, 'ms', ms(summary), '≤ 100');
      }
      // The scorecard: a year of every publisher (and last year's beside it) from the per-dimension, per-status daily rollup.
      const scorecards: Array<[query: string, label: string]> = [
        ['groupBy=publisher&datePreset=this_year', 'this_year by publisher'],
        ['groupBy=campaign&datePreset=this_year', 'this_year by campaign'],
        ['groupBy=publisher&datePreset=last_30_days', 'last_30_days by publisher'],
      ];
      for (const [query, label] of scorecards) {
        record('scorecard', label, 'ms', ms(await client.timed(options.runs, `/api/scorecard?${query}`)), 'p95 ≤ 50');
      }
    }

    if (measures('search')) {
      log(`== ${engine}: transcript search`);
      // Words of the demo transcripts (api/src/demo/transcripts.ts): one in nearly every call, one in
      // about one call in seven, one in about one in two thousand, and a phrase.
      // The targets: rare words and phrases p95 ≤ 50 ms, a word in most calls ≤ 500 (the one in seven is held to that too).
      const searches: Array<[label: string, q: string, target: string]> = [
        ['"caller" (nearly every call)', 'caller', 'p95 ≤ 500'],
        ['"voicemail" (~1 call in 7)', 'voicemail', 'p95 ≤ 500'],
        ['"repair" (~1 call in 2,000)', 'repair', 'p95 ≤ 50'],
        ['the phrase "licensed agent"', '"licensed agent"', 'p95 ≤ 50'],
      ];
      // A fifth as many runs: a common word's read takes hundreds of milliseconds (docs/benchmarks.md).
      const searchRuns = Math.max(5, Math.floor(options.runs / 5));
      for (const [label, q, target] of searches) {
        const query = `datePreset=last_30_days&q=${encodeURIComponent(q)}`;
        record('transcript search', `records p1 + total, last_30_days, ${label}`, 'ms', ms(await client.timed(searchRuns, `/api/calls/records?${query}`)), target);
        record('transcript search', `stats, last_30_days, ${label}`, 'ms', ms(await client.timed(searchRuns, `/api/stats?${query}`)), target);
      }
    }

    if (measures('export')) {
      log(`== ${engine}: exports`);
      await client.signIn();
    if (measures('reads') || measures('search')) await client.signInReaders(READERS);
      const exportRun = async (query: string) => {
        const before = server.rssMb();
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, server.rssMb());
        }, 50);
        await client.pace();
        const started = performance.now();
        const total = await client.download(`/api/calls/export?${query}`);
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        return { rowsPerSecond: total / seconds, growth: peak - before, peak, total };
      };
      // One untimed export first, as every other measurement has its warm-up: the first read of a
      // range after the reads above pays for bringing its pages in, at about half the warm speed.
      // Five exports in all: the per-user limit is five a minute.
      await exportRun('fmt=csv&datePreset=last_30_days');
      const small = await exportRun('fmt=csv&datePreset=last_30_days');
      const big = await exportRun('fmt=csv&datePreset=this_year');
      record('export', `CSV last_30_days (${int(small.total)} rows)`, 'rows/s', int(small.rowsPerSecond), engine === 'postgres' ? '≥ 150,000' : '≥ 25,000');
      record('export', `CSV this_year (${int(big.total)} rows)`, 'rows/s', int(big.rowsPerSecond), engine === 'postgres' ? '≥ 150,000' : '≥ 25,000');
      // Growths of a few MB are within what RSS moves by anyway (GC, allocator); a ratio of two such
      // numbers says nothing, so below RSS_NOISE_MB the row says the memory stayed flat instead.
      const flat = big.growth < RSS_NOISE_MB && small.growth < RSS_NOISE_MB;
      record(
        'export',
        'server RSS growth, CSV this_year ÷ last_30_days',
        '×',
        flat ? `flat (< ${RSS_NOISE_MB} MB both)` : (big.growth / Math.max(1, small.growth)).toFixed(2),
        '≤ 1.5×',
      );
      record('export', 'server RSS growth, CSV this_year / last_30_days', 'MB', `${big.growth.toFixed(0)} / ${small.growth.toFixed(0)}`);
      // XLSX is refused above XLSX_EXPORT_MAX_ROWS: at ten million calls a month is four times that, a week fits.
      const xlsxPreset = (data.calls / data.days) * 30 > XLSX_EXPORT_MAX_ROWS ? 'last_7_days' : 'last_30_days';
      const xlsx = await exportRun(`fmt=xlsx&datePreset=${xlsxPreset}`);
      record('export', `XLSX ${xlsxPreset} (${int(xlsx.total)} rows)`, 'rows/s', int(xlsx.rowsPerSecond), '≥ 20,000');
      record('export', 'server peak RSS during XLSX', 'MB', xlsx.peak.toFixed(0), '≤ 300 at 100k rows');

      // A dashboard keeps asking while someone exports about a million rows: a year at 1M calls, a month
      // at 10M (where a year, 9M rows, would take the run's better part on its own). Both sides against
      // their targets; the solo figure is the same export measured alone above.
      const tenMillion = data.calls > PGLITE_MAX_CALLS;
      await measureExportBesideDashboard(
        client,
        () => exportRun(`fmt=csv&datePreset=${tenMillion ? 'last_30_days' : 'this_year'}`),
        tenMillion ? { ...small, label: "a month's" } : { ...big, label: "a year's" },
        REQUESTS_PER_MINUTE,
        record,
      );
    }

    if (measures('ingest')) {
      log(`== ${engine}: ingest`);
      await measureIngest(client, engine, record);
    }

    if (measures('connectors')) {
      log(`== ${engine}: a connector's pixels`);
      await measureConnectorEvents(server.url, ADMIN, INGEST_KEY, options.runs, record);
    }

    if (measures('changes')) {
      log(`== ${engine}: the changes feed`);
      await measureChangesFeed(client, engine, record, log);
    }

    if (measures('outbound')) {
      log(`== ${engine}: outbound events while calls are delivered`);
      await measureOutboundEvents(server.url, ADMIN, INGEST_KEY, record, log);
    }

    if (engine === 'postgres' && measures('team')) {
      log(`== ${engine}: ${TEAM_SIZE} analysts refreshing Reporting for ${TEAM_SECONDS} s`);
      const refresh = reportingRefresh();
      const team = await runTeamLoad(server.url, TEAM_SIZE, TEAM_SECONDS, refresh);
      // Back to back: the server's capacity, not a target (the team's targets are at a person's pace, docs/benchmarks.md).
      const name = `${TEAM_SIZE} analysts, one address, ${refresh.length} requests a refresh, back to back for ${TEAM_SECONDS} s`;
      record('team', `${name}: requests/s (${int(team.requests)} answers)`, 'req/s', int(team.requestsPerSecond));
      record('team', `${name}: p50 / p95 / p99`, 'ms', `${team.p50.toFixed(1)} / ${team.p95.toFixed(1)} / ${team.p99.toFixed(1)}`, 'capacity');
      record('team', `${name}: refusals (429) / other failures`, 'answers', `${int(team.refusals)} / ${int(team.failures)}`, 'capacity');
      if (team.refusals > 0) {
        const { p50, p95, p99 } = team.answered;
        record('team', `${name}: p50 / p95 / p99 of the answers that were not refusals`, 'ms', `${p50.toFixed(1)} / ${p95.toFixed(1)} / ${p99.toFixed(1)}`, 'capacity');
      }
      if (team.answeredBeforeFirstRefusal !== undefined) {
        // Refused only once a person's own budget was spent: the limit doing its job, not colleagues sharing one.
        record('team', `${name}: fewest requests one refused analyst had answered first`, 'answers', int(team.answeredBeforeFirstRefusal), `≥ ${DEFAULT_RATE_LIMITS.userPerMinute}`);
      }
      // The team's target: a refresh round a second each (420 requests a minute, under a person's 600).
      log(`== ${engine}: ${PACED_TEAM_SIZE} analysts, a refresh each every ${PACED_ROUND_MS / 1000} s, for ${TEAM_SECONDS} s`);
      // Analysts of their own: the back-to-back run's spent their minute's budget, which would refuse them here.
      const paced = await runTeamLoad(server.url, PACED_TEAM_SIZE, TEAM_SECONDS, refresh, { roundEveryMs: PACED_ROUND_MS, firstAnalyst: TEAM_SIZE });
      const pacedName = `${PACED_TEAM_SIZE} analysts, one address, ${refresh.length} requests a refresh, one refresh each a second for ${TEAM_SECONDS} s`;
      record('team', `${pacedName}: requests/s (${int(paced.requests)} answers)`, 'req/s', int(paced.requestsPerSecond));
      record('team', `${pacedName}: p50 / p95 / p99`, 'ms', `${paced.p50.toFixed(1)} / ${paced.p95.toFixed(1)} / ${paced.p99.toFixed(1)}`, 'p95 ≤ 250');
      record('team', `${pacedName}: refusals (429) / other failures`, 'answers', `${int(paced.refusals)} / ${int(paced.failures)}`, '0 / 0');
    }

    if (engine === 'postgres' && measures('fairness')) {
      log(`== ${engine}: ${FAIRNESS_TEAM_SIZE} analysts refreshing once a second beside one account's ${HEAVY_PARALLEL} parallel year-long transcript searches, for ${TEAM_SECONDS} s`);
      const refresh = reportingRefresh();
      const { alone, team, heavy } = await measureFairness(server.url, {
        analysts: FAIRNESS_TEAM_SIZE,
        firstAnalyst: FAIRNESS_FIRST_ANALYST,
        baselineFirstAnalyst: FAIRNESS_BASELINE_FIRST_ANALYST,
        heavyAnalyst: FAIRNESS_HEAVY_ANALYST,
        seconds: TEAM_SECONDS,
        roundEveryMs: PACED_ROUND_MS,
        refresh,
      });
      const name = `${FAIRNESS_TEAM_SIZE} analysts refreshing Reporting once a second beside one account's ${HEAVY_PARALLEL} parallel searches of "caller" over this_year`;
      record('fairness', `the same ${FAIRNESS_TEAM_SIZE} analysts alone, just before (the baseline): p50 / p95 / p99 (${int(alone.requests)} answers)`, 'ms', `${alone.p50.toFixed(1)} / ${alone.p95.toFixed(1)} / ${alone.p99.toFixed(1)}`);
      record('fairness', `${name}: analysts' p50 / p95 / p99 (${int(team.requests)} answers)`, 'ms', `${team.p50.toFixed(1)} / ${team.p95.toFixed(1)} / ${team.p99.toFixed(1)}`, 'p95 ≤ 250');
      record('fairness', `${name}: analysts' 503s / other failures / 429s`, 'answers', `${int(team.unavailable)} / ${int(team.failures - team.unavailable)} / ${int(team.refusals)}`, '0 / 0 / 0');
      record(
        'fairness',
        "the searching account: sent / answered / 429 TOO_MANY_CONCURRENT / 429 RATE_LIMITED / 503",
        'answers',
        `${int(heavy.sent)} / ${int(heavy.answered)} / ${int(heavy.tooManyConcurrent)} / ${int(heavy.rateLimited)} / ${int(heavy.unavailable)}`,
      );
      record('fairness', 'the searching account: median time of an answered search', 'ms', heavy.answeredMedianMs.toFixed(0));
    }
  } finally {
    client.close();
    await server.stop();
  }
  // Leave the cached data as it was seeded, so the next run measures the same calls. After the
  // server has stopped: only one process may open an embedded database.
  const db = await openDatabase(location);
  try {
    await removeIngestedCalls(db, location.databaseUrl, data);
  } finally {
    await db.close();
  }
}

/**
 * Deletes the calls the ingest measurement added, then vacuums: their dead rows and the rollup rows
 * they touched would slow the next run. They were all made with times in the last day before the
 * run, and the cached data is the same day's, so only the last few days are searched: at ten
 * million calls, a scan of the whole table for them took longer than the statement limit.
 */
async function removeIngestedCalls(db: Database, postgresUrl: string | undefined, data: BenchData): Promise<number> {
  const since = new Date(data.end.getTime() - 3 * 86_400_000);
  // Sixty thousand deletions and their rollup triggers can outlast the statement limit on a busy machine.
  const [removed] = await withoutStatementLimit(db, (q) =>
    q.query<{ n: number }>(
      "WITH gone AS (DELETE FROM calls WHERE call_ts >= $1 AND system_call_id LIKE 'bench-%' RETURNING 1) SELECT count(*)::int AS n FROM gone",
      [since],
    ),
  );
  const count = Number(removed?.n ?? 0);
  // Their changes go with them: the change log's rows of calls no longer there, which the next run would page over.
  if (count > 0) await withoutStatementLimit(db, (q) => q.query("DELETE FROM call_changes WHERE system_call_id LIKE 'bench-%'"));
  if (count > 0) await vacuumAnalyze(db, postgresUrl);
  return count;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const end = new Date();
  end.setUTCHours(0, 0, 0, 0);
  end.setUTCDate(end.getUTCDate() + 1);
  const data: BenchData = { calls: options.calls, days: 365, seed: 1, end };
  const rows: BenchRow[] = [];
  const log = (line: string) => console.log(line);
  // The first screen is measured on the demo data alone: asked for by itself, nothing is seeded.
  const onlyFirstScreen = options.only === 'first-screen';
  if (!onlyFirstScreen) for (const engine of options.engines) await measureEngine(engine, data, options, rows, log);
  if (options.only === undefined || onlyFirstScreen) {
    // `npm start`'s own setup (the embedded engine and its demo data), so its figures sit in the PGlite column.
    const record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) =>
      rows.push({ section, name, unit, target, values: { pglite: value } });
    await measureFirstScreen(ROOT, record, log);
  }

  // PGlite ÷ PostgreSQL for every read measured on both.
  if (options.engines.length === 2) {
    const ratios = rows
      .filter((r) => r.unit === 'ms' && r.values.postgres && r.values.pglite)
      .map((r) => Number(r.values.pglite!.split(' / ')[0]) / Number(r.values.postgres!.split(' / ')[0]));
    if (ratios.length > 0) {
      rows.push({ section: 'engines', name: 'PGlite ÷ PostgreSQL, median of the read medians', unit: '×', target: '≤ 3×', values: { postgres: summarise(ratios).median.toFixed(2) } });
    }
  }
  const table = markdownTable(rows, onlyFirstScreen ? ['pglite'] : options.engines);
  const header = [
    '# Benchmark results',
    '',
    onlyFirstScreen ? `Produced by \`npm run bench -- --only first-screen\` on ${new Date().toISOString().slice(0, 10)}: the demo data of \`npm start\`, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}.` :
    `Produced by \`npm run bench${options.calls === 10_000_000 ? ' -- --ten-million' : ''}\` on ${new Date().toISOString().slice(0, 10)}: ${int(options.calls)} calls over 365 days, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}.`,
    `The "one person" rows: one analyst, one request at a time, ${SINGLE_PERSON_RUNS} runs an endpoint after 3 warm-ups, right after VACUUM ANALYZE (\`--only person\` runs them alone).`,
    `Latencies are "median / p95" in ms over ${options.runs} runs (sorts: half as many; transcript searches a fifth) after 3 warm-up runs, taking turns among ${READERS} signed-in analysts, measured over HTTP against the real server in its own process (stats, cost stats, pickers and records each for today, last_30_days and this_year, with no filter, the busiest publisher, and a caller-id search; the timeline for this_year by the week and by the month and last_30_days by the day).`,
    '',
  ].join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench', 'results.md'), `${header}${table}\n`);
  console.log('Written to bench/results.md');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
