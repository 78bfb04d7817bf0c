/**
 * Transcript search (`q`) on every calls read: stats, the timeline, records,
 * export, cost stats and the pickers hold exactly the calls whose transcript,
 * summary or reason the words match, as a brute force over the sentences each
 * call was given says, on ranges that take the rollups' paths without q; and
 * the call detail's highlights. The words are made after the write (migration
 * 0021): the reads are checked while some calls wait for theirs (new ones, and
 * ones whose texts changed after theirs were made), and again once all are made.
 */
import { DISPOSITIONS, RECORD_COLUMNS, isDisposition } from '@callboard/contract';
import Papa from 'papaparse';
import { drainCallWords } from '../src/domain/calls/call-words';
import { resolvePreset, type TimeRange } from '../src/domain/calls/date-range';
import { INGEST_KEY, getOk, ingestAll, makeCall, onStableNewYorkDay, postCalls, qs, seededRandom } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type DimensionIds, type ModelCall, type ModelFilter, customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

/**
 * What calls say, a sentence at a time. No sentence ends in "cancel" nor starts with "my order",
 * so the phrase "cancel my order" is in a call only where sentence 0 is.
 */
const SENTENCES = [
  'I want to cancel my order today.',
  'The caller cancelled the appointment.',
  'Please send a refund.',
  'Caller asked about dental coverage.',
  'Agent booked a visit for Thursday.',
  'Wrong number, the caller hung up.',
  'We talked about solar panels on the roof.',
  'Questions about the policy renewal.',
];

/** Each q and the calls it finds, by the sentences they hold. */
const QUERIES: Array<{ q: string; label: string; finds: (said: Set<number>) => boolean }> = [
  { q: 'cancellations', label: 'a word, stemmed (cancel, cancelled)', finds: (s) => s.has(0) || s.has(1) },
  { q: '"cancel my order"', label: 'a phrase', finds: (s) => s.has(0) },
  { q: 'refund -policy', label: 'an exclusion', finds: (s) => s.has(2) && !s.has(7) },
  { q: 'dental or solar', label: 'or', finds: (s) => s.has(3) || s.has(6) },
  { q: 'zebra', label: 'no match', finds: () => false },
  { q: 'the and of', label: 'stop words only', finds: () => false },
];

interface SearchModelCall extends ModelCall {
  said: Set<number>;
}

let t: TestApp;
let member: SignedIn;
let model: SearchModelCall[];
let dims: DimensionIds;
beforeAll(async () => {
  // The loop never runs by itself here: the tests choose which calls have their words made.
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, callWordsIntervalMs: 3_600_000 });
  member = await signUp(t.app, 'Quinn Query');
  const calls = randomCalls(20_261_126, 900, Date.now());
  const random = seededRandom(26_112_026);
  const text = (said: Set<number>) => {
    const picked = Array.from({ length: random.int(1, 2) }, () => random.int(0, SENTENCES.length - 1));
    for (const i of picked) said.add(i);
    return picked.map((i) => SENTENCES[i]).join(' ');
  };
  model = calls.model.map((call, index) => {
    const input = calls.inputs[index]!;
    const said = new Set<number>();
    if (random.chance(0.9)) input.transcript = text(said);
    const qc = input.qc as Record<string, unknown> | undefined;
    // A summary and a reason come with the bot's verdict.
    if (qc && random.chance(0.5)) qc.summary = text(said);
    if (qc && random.chance(0.3)) qc.reason = text(said);
    return { ...call, said };
  });
  // The first half has its words made, the second still waits for them.
  const half = Math.floor(calls.inputs.length / 2);
  await ingestAll(t.app, calls.inputs.slice(0, half));
  await drainCallWords(t.db);
  await ingestAll(t.app, calls.inputs.slice(half));
  // Someone with psql rewrites the texts of every tenth call of the first half: its words made before are stale now.
  for (let index = 0; index < half; index += 10) {
    const sentence = index % SENTENCES.length;
    await t.db.query('UPDATE calls SET transcript = $2, summary = NULL, reason = NULL WHERE system_call_id = $1', [model[index]!.systemCallId, SENTENCES[sentence]]);
    model[index]!.said = new Set([sentence]);
  }
  dims = await dimensionIdsOf(t.db);
}, 120_000);
afterAll(() => t.close());

const RANGES: NamedRange[] = [presetRange('this_year'), presetRange('last_30_days'), customRange('partial hours', '2026-03-01T08:13', '2026-05-03T09:46')];

type SearchFilter = ModelFilter & { finds: (said: Set<number>) => boolean };

function filters(): SearchFilter[] {
  const publisher = idsOf(dims.publishers, ['Publisher B']);
  return [
    ...QUERIES.map(({ q, label, finds }) => ({ label, params: { q }, finds })),
    { label: 'a word and a publisher', params: { q: 'cancel', publisher }, publishers: ['Publisher B'], finds: (s) => s.has(0) || s.has(1) },
    { label: 'a word and a status', params: { q: 'caller', status: 'Sales' }, statuses: ['Sales'], finds: (s) => [1, 3, 5].some((i) => s.has(i)) },
    { label: 'a word, not connected', params: { q: 'thursday', connected: 'false' }, connected: false, finds: (s) => s.has(4) },
  ];
}

const found = (range: TimeRange, f: SearchFilter, ignoreStatus = false) => model.filter((c) => matches(c, range, f, ignoreStatus) && f.finds(c.said));
const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10_000) / 100);

function expectedStats(range: TimeRange, f: SearchFilter) {
  const calls = found(range, f);
  const count = (status: string) => calls.filter((c) => c.status === status).length;
  return {
    totalCalls: calls.length,
    dispositions: DISPOSITIONS.map((d) => ({ disposition: d, count: count(d), percentage: pct(count(d), calls.length) })),
    rejectedUnknownCount: calls.filter((c) => !isDisposition(c.status)).length,
    redNoConnectCount: calls.filter((c) => !c.connected).length,
  };
}

async function checkReads(range: NamedRange, f: SearchFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const params = { ...range.params, ...f.params };
    const where = `${range.label} / ${f.label}`;

    const stats = (await getOk(t.app, member.token, `/api/stats${qs(params)}`)).data;
    const figures = (s: typeof stats) => ({ totalCalls: s.totalCalls, dispositions: s.dispositions, rejectedUnknownCount: s.flags.rejectedUnknownCount, redNoConnectCount: s.flags.redNoConnectCount });
    expect([`stats ${where}`, figures(stats)]).toEqual([`stats ${where}`, expectedStats(resolved, f)]);
    expect([`stats ${where} (previous)`, figures(stats.previous)]).toEqual([`stats ${where} (previous)`, expectedStats(resolved.previous, f)]);

    const series = (await getOk(t.app, member.token, `/api/stats/series${qs(params)}`)).data;
    const seriesTotal = (series.buckets as Array<{ total: number }>).reduce((s, b) => s + b.total, 0);
    expect([`series ${where}`, seriesTotal]).toEqual([`series ${where}`, stats.totalCalls]);

    const records = await getOk(t.app, member.token, `/api/calls/records${qs({ ...params, limit: 50 })}`);
    const expected = found(resolved, f).sort((a, b) => b.ts - a.ts);
    expect([`records ${where}`, records.meta.total]).toEqual([`records ${where}`, expected.length]);
    const allowed = new Set(expected.map((c) => c.systemCallId));
    expect([`records ${where}`, records.data.filter((r: { systemCallId: string }) => !allowed.has(r.systemCallId)).length]).toEqual([`records ${where}`, 0]);
    expect([`records ${where}`, records.data.length]).toEqual([`records ${where}`, Math.min(50, expected.length)]);

    const cost = (await getOk(t.app, member.token, `/api/cost/stats${qs(params)}`)).data;
    const cents = (key: 'revenueCents' | 'payoutCents') => expected.reduce((s, c) => s + c[key], 0);
    expect([`cost ${where}`, cost.calls, Math.round(cost.revenue * 100), Math.round(cost.payout * 100)]).toEqual([`cost ${where}`, expected.length, cents('revenueCents'), cents('payoutCents')]);
  });
}

/** A picker counts the calls the search finds (it narrows what was said, not who called), under the rest of the filter but its own selection. */
async function checkPickers(range: NamedRange, f: SearchFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const all = (await getOk(t.app, member.token, `/api/filters/all${qs({ ...range.params, ...f.params })}`)).data;
    const fields = { campaigns: 'campaign', publishers: 'publisher', targets: 'target', buyers: 'buyer' } as const;
    for (const name of ['campaigns', 'publishers', 'targets', 'buyers'] as const) {
      const underTheRest = found(resolved, { ...f, [name]: undefined });
      const expected = Object.fromEntries([...dims[name].keys()].map((label) => [label, underTheRest.filter((c) => c[fields[name]] === label).length]));
      const got = Object.fromEntries((all[name] as Array<{ label: string; count: number }>).map((o) => [o.label, o.count]));
      const where = `${name} ${range.label} / ${f.label}`;
      expect([where, got]).toEqual([where, expected]);
    }
    const narrowed = found(resolved, f, true);
    expect([`dispositions ${f.label}`, (all.dispositions as Array<{ value: string; count: number }>).slice(0, 14).map((d) => [d.value, d.count])]).toEqual([
      `dispositions ${f.label}`,
      DISPOSITIONS.map((d) => [d, narrowed.filter((c) => c.status === d).length]),
    ]);
  });
}

const SYSTEM_CALL_ID = RECORD_COLUMNS.findIndex((c) => c.key === 'systemCallId');

describe('transcript search', () => {
  test('stats, the timeline, records and cost stats equal brute force for phrases, exclusions, or, stemming, no match and stop words, while some calls wait for their words', async () => {
    const [queue] = await t.db.query<{ waiting: number; stale: number }>(
      'SELECT count(*)::int AS waiting, count(w.call_id)::int AS stale FROM call_words_queue q LEFT JOIN call_words w ON w.call_id = q.call_id',
    );
    expect(queue!.waiting).toBeGreaterThan(400);
    expect(queue!.stale).toBeGreaterThan(40);
    for (const f of filters()) for (const range of RANGES) await checkReads(range, f);
  }, 300_000);

  test('the same once every call has its words', async () => {
    expect(await drainCallWords(t.db)).toBeGreaterThan(400);
    const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM call_words_queue');
    expect(left!.n).toBe(0);
    for (const f of filters()) await checkReads(RANGES[1]!, f);
  }, 300_000);

  test('the pickers and the dispositions count the calls the search finds', async () => {
    for (const f of filters().filter((f) => f.params.publisher || f.params.status || f.params.q === '"cancel my order"')) await checkPickers(RANGES[0]!, f);
  }, 120_000);

  test('an export holds exactly the calls the search finds', async () => {
    const exporter = await signUp(t.app, 'Xavier Export');
    for (const f of [filters()[1]!, filters()[2]!, filters()[6]!]) {
      await onStableNewYorkDay(async () => {
        const range = RANGES[0]!;
        const response = await t.app.inject({ url: `/api/calls/export${qs({ ...range.params, ...f.params, fmt: 'csv' })}`, headers: bearer(exporter.token) });
        const where = `export ${f.label}`;
        expect([where, response.statusCode]).toEqual([where, 200]);
        const rows = Papa.parse<string[]>(response.body.slice(1), { skipEmptyLines: true }).data.slice(1);
        expect([where, rows.map((r) => r[SYSTEM_CALL_ID]).sort()]).toEqual([where, found(range.resolve(), f).map((c) => c.systemCallId).sort()]);
      });
    }
  });

  test('the data reaches what the checks are about', () => {
    const year = resolvePreset('this_year', new Date());
    for (const { label, finds } of QUERIES.slice(0, 4)) expect([label, found(year, { label, params: {}, finds }).length > 10]).toEqual([label, true]);
    // The exclusion leaves some calls out: some hold a refund and the policy both.
    expect(model.some((c) => c.said.has(2) && c.said.has(7))).toBe(true);
  });

  test('q is trimmed, a blank q is no search, a long one is a 400 naming q on every read', async () => {
    const all = await getOk(t.app, member.token, `/api/calls/records${qs({ datePreset: 'this_year' })}`);
    const blank = await getOk(t.app, member.token, `/api/calls/records${qs({ datePreset: 'this_year', q: '   ' })}`);
    expect(blank.meta.total).toBe(all.meta.total);
    const padded = await getOk(t.app, member.token, `/api/calls/records${qs({ datePreset: 'this_year', q: '  dental  ' })}`);
    const bare = await getOk(t.app, member.token, `/api/calls/records${qs({ datePreset: 'this_year', q: 'dental' })}`);
    expect(padded.meta.total).toBe(bare.meta.total);
    const long = 'a'.repeat(101);
    for (const url of ['/api/stats', '/api/stats/series', '/api/calls/records', '/api/calls/records/1', '/api/filters/publishers', '/api/cost/stats', '/api/calls/export?fmt=csv']) {
      const response = await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}q=${long}`, headers: bearer(member.token) });
      expect([url, response.statusCode, response.json().errors]).toEqual([url, 400, [{ field: 'q', message: 'q must be at most 100 characters' }]]);
    }
  });

  test('a records answer says when every word of q is too common to index, and only then', async () => {
    const records = async (params: Record<string, string>) => (await getOk(t.app, member.token, `/api/calls/records${qs({ datePreset: 'this_year', ...params })}`)).meta;
    for (const q of ['the', 'the and of', '"of the"']) {
      const meta = await records({ q });
      expect([q, meta.total, meta.qTooCommon]).toEqual([q, 0, true]);
    }
    // The same on a page read after a cursor (Call Logs' next pages).
    const first = await records({ limit: '1' });
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await records({ q: 'the', cursor: first.nextCursor })).qTooCommon).toBe(true);
    // A search that found nothing for a real word, one that found calls, and no search at all say nothing of it.
    for (const params of [{ q: 'zebra' }, { q: 'the zebra' }, { q: 'the refund' }, {}] as Array<Record<string, string>>) {
      const meta = await records(params);
      expect([params, 'qTooCommon' in meta]).toEqual([params, false]);
    }
    expect((await records({ q: 'the refund' })).total).toBeGreaterThan(0);
  });

  test('the call detail marks the words the search matches, stemmed, in each text', async () => {
    const transcript = 'Caller: I cancelled my order. Agent: you want to cancel? Caller: yes, cancel my order — “today”.';
    const reason = 'Caller asked to cancel.';
    await postCalls(t.app, [makeCall('highlight-1', { transcript, qc: { disposition: 'Not Interested', reason, summary: 'Nothing matches here.' } })]);
    const [row] = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'highlight-1'");
    const detail = async (q?: string) => (await getOk(t.app, member.token, `/api/calls/records/${row!.id}${qs({ q })}`)).data;
    const marked = (text: string, spans: Array<{ start: number; end: number }>) => spans.map((s) => text.slice(s.start, s.end));

    const word = await detail('cancellation');
    expect(marked(transcript, word.matches.transcript)).toEqual(['cancelled', 'cancel', 'cancel']);
    expect(marked(reason, word.matches.reason)).toEqual(['cancel']);
    expect(word.matches.summary).toEqual([]);

    const phrase = await detail('"cancel my order"');
    // Each word the phrase wants, wherever it stands, stemmed; "my" is a stop word, searched for by no one.
    expect(marked(transcript, phrase.matches.transcript)).toEqual(['cancelled', 'order', 'cancel', 'cancel', 'order']);
    expect(phrase.matches.transcript[3].start).toBe(transcript.lastIndexOf('cancel my order'));

    const excluded = await detail('today -cancel');
    expect(excluded.matches).toEqual({ transcript: [], summary: [], reason: [] });

    expect((await detail()).matches).toBeUndefined();
    expect((await detail('the')).matches).toEqual({ transcript: [], summary: [], reason: [] });
  });
});
