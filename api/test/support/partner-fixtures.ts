/**
 * The partner leak matrix's world (api/test/partner-leaks/): one app, one dataset of calls over several
 * publishers, buyers and days (money, transcripts, recordings, caller ids, repeat callers, QC verdicts and
 * people's corrections), and a partner account for every field-visibility combination of each kind,
 * generated, not picked. What a partner should read is worked out here from the dataset alone (brute force),
 * never from the API's own visibility code, so a mistake there cannot agree with itself.
 */
import type { RouteOptions } from 'fastify';
import {
  CALLER_ID_VISIBILITY,
  PARTNER_KINDS,
  maskCallerId,
  type CallDetail,
  type CallRecord,
  type PartnerKind,
  type PartnerScope,
} from '@callboard/contract';
import { savePartnerScope } from '../../src/domain/partners/partner-scopes-repository';
import { INGEST_KEY, bulkUpdate, getOk, ingestAll, makeCall, nyIso, qs, seededRandom, type IngestCallInput } from './calls-fixtures';
import { buildTestApp, signUp, type SignedIn, type TestApp } from './test-app';

export const PUBLISHERS = ['Pub North', 'Pub South', 'Pub East', 'Pub West'] as const;
export const BUYERS = ['Buyer One', 'Buyer Two', 'Buyer Three'] as const;
const CAMPAIGNS = ['Solar Leads', 'Auto Insurance'] as const;
/** Few enough that callers repeat within the repeat window, across publishers (a repeat caller's other calls). */
const CALLERS = ['+15551230001', '5551230002', '+1 (555) 123-0003', '5551230004', '+15551230005'] as const;
/** Every call's words: `partnerword` in all, so a transcript search finds calls of every source. */
const WORDS = ['sunroof', 'premium', 'shingles', 'deductible', 'voicemail'] as const;

/** The window every read of the matrix asks for (New York wall clock); calls exist before it too, in the previous period. */
export const MATRIX_RANGE = { datePreset: 'custom', startDate: '2025-05-01T00:00', endDate: '2025-07-01T00:00' } as const;
/** The history start of the partners that have one: inside the range, so the clamp cuts it. */
export const MATRIX_HISTORY_FROM = '2025-06-01';

/** One call of the dataset as the network sees it, with the ids a scope is made of. */
export interface FixtureCall {
  id: string;
  publisherId: number;
  buyerId: number | null;
  /** The call's instant. */
  at: Date;
  /** The call as the network's own people read it (the admin's records page), recordingUrl as stored (unsigned). */
  record: CallRecord;
  /** Its detail as the admin reads it: audit history and the caller's other calls. */
  detail: CallDetail;
}

export interface PartnerAccount {
  /** Says which combination this is, for test names and failure messages. */
  label: string;
  scope: PartnerScope;
  token: string;
  userId: string;
}

export interface PartnerWorld {
  t: TestApp;
  admin: SignedIn;
  calls: FixtureCall[];
  partners: PartnerAccount[];
  publisherIds: Record<string, number>;
  buyerIds: Record<string, number>;
  /** Every route the app registered (for the default-closed check). */
  routes: RouteOptions[];
}

/** A day of the dataset's span (2025-03-01 to 2025-06-30), as a New York wall-clock date. */
function dayOf(index: number): string {
  const start = Date.UTC(2025, 2, 1);
  return new Date(start + index * 86_400_000).toISOString().slice(0, 10);
}

/** The dataset: seeded, so a failure replays exactly. Some calls have no buyer (never reached one). */
export function datasetCalls(count = 48, seed = 34): IngestCallInput[] {
  const random = seededRandom(seed);
  const calls: IngestCallInput[] = [];
  for (let i = 0; i < count; i += 1) {
    // Most calls in the matrix's range, a few in the period before it (the stats' previous figures).
    const day = dayOf(i % 6 === 0 ? random.int(0, 60) : random.int(61, 121));
    const hour = String(random.int(8, 20)).padStart(2, '0');
    const minute = String(random.int(0, 59)).padStart(2, '0');
    const publisher = PUBLISHERS[i % PUBLISHERS.length]!;
    const noBuyer = i % 9 === 4;
    const buyerIndex = (i * 7) % BUYERS.length;
    const word = random.pick(WORDS);
    calls.push(
      makeCall(`leak-${String(i).padStart(3, '0')}`, {
        callTimestamp: nyIso(`${day}T${hour}:${minute}`),
        callerId: random.pick(CALLERS),
        campaignName: random.pick(CAMPAIGNS),
        publisherName: publisher,
        systemPublisherId: `SP-${publisher.replace(/\W/g, '')}`,
        buyerName: noBuyer ? undefined : BUYERS[buyerIndex],
        targetName: noBuyer ? undefined : `Target of ${BUYERS[buyerIndex]}`,
        systemBuyerId: noBuyer ? undefined : `SB-${buyerIndex + 1}`,
        connected: !noBuyer,
        durationSec: random.int(5, 600),
        revenue: noBuyer ? 0 : random.int(0, 9000) / 100,
        payout: random.int(0, 4000) / 100,
        transcript: `Agent: hello. Caller: I want ${word}, partnerword, call ${i}.`,
        recordingUrl: i % 4 === 3 ? undefined : `https://recordings.example.com/leak-${i}.mp3`,
        qc: { disposition: random.pick(['Sales', 'Voicemail', 'Not Interested', 'Target HU'] as const), reason: `Reason ${word} ${i}`, summary: `Summary ${i}` },
      }),
    );
  }
  return calls;
}

/**
 * The partner accounts, generated: for each kind, every combination of the three switches (recordings ×
 * transcripts × counterparty), with the caller id cycling through full, masked and hidden and the history
 * start through all and a day, so that each kind meets every caller-id setting and every history setting,
 * and the caller id meets each history setting (8 accounts a kind: 0..7 mod 3 and mod 2 cover all six
 * pairs). The switches act on separate fields, so their full product with the rest adds no new case but
 * six times the requests. Each account's ids rotate through single ids and pairs (one an id with no calls).
 */
export function generatedScopes(publisherIds: number[], buyerIds: number[]): PartnerScope[] {
  const idSets: Record<PartnerKind, number[][]> = {
    publisher: [[publisherIds[0]!], [publisherIds[1]!, publisherIds[2]!], [publisherIds[3]!], [publisherIds[0]!, 999_999]],
    buyer: [[buyerIds[0]!], [buyerIds[1]!, buyerIds[2]!], [buyerIds[2]!]],
  };
  const scopes: PartnerScope[] = [];
  const bools = [false, true];
  for (const kind of PARTNER_KINDS) {
    let n = 0;
    for (const recordings of bools)
      for (const transcripts of bools)
        for (const counterparty of bools) {
          const sets = idSets[kind];
          scopes.push({
            kind,
            ids: [...sets[n % sets.length]!].sort((a, b) => a - b),
            historyFrom: n % 2 === 0 ? null : MATRIX_HISTORY_FROM,
            callerId: CALLER_ID_VISIBILITY[n % CALLER_ID_VISIBILITY.length]!,
            recordings,
            transcripts,
            counterparty,
          });
          n += 1;
        }
  }
  return scopes;
}

export function scopeLabel(scope: PartnerScope): string {
  return `${scope.kind}[${scope.ids.join(',')}] callerId=${scope.callerId} rec=${scope.recordings} tr=${scope.transcripts} cp=${scope.counterparty} from=${scope.historyFrom ?? 'all'}`;
}

/** The first instant of a NY day. */
export const nyDayStart = (day: string): Date => new Date(nyIso(`${day}T00:00`));

/** Brute force: whether a partner of this scope may see this call at all (its source, its history). */
export function partnerSeesCall(scope: PartnerScope, call: Pick<FixtureCall, 'publisherId' | 'buyerId' | 'at'>): boolean {
  const own = scope.kind === 'publisher' ? scope.ids.includes(call.publisherId) : call.buyerId !== null && scope.ids.includes(call.buyerId);
  return own && (scope.historyFrom === null || call.at >= nyDayStart(scope.historyFrom));
}

/** The money keys a partner of this kind must never receive. */
export function forbiddenMoneyKeys(kind: PartnerKind): string[] {
  return kind === 'publisher' ? ['revenue', 'profit'] : ['payout', 'profit'];
}

/**
 * A call record as a partner of this scope must read it, worked out from the network's record (not from
 * the API's visibility code). `recordingUrl` is compared without its signature (signed links differ by time).
 */
export function expectedPartnerRecord(scope: PartnerScope, record: CallRecord): Record<string, unknown> {
  const expected: Record<string, unknown> = { ...record };
  expected.callerId = scope.callerId === 'full' ? record.callerId : scope.callerId === 'masked' ? maskCallerId(record.callerId) : '';
  if (!scope.transcripts) expected.transcript = null;
  if (!scope.recordings) expected.recordingUrl = null;
  if (!scope.counterparty) {
    if (scope.kind === 'publisher') Object.assign(expected, { buyerName: null, target_name: null, systemBuyerId: null });
    else Object.assign(expected, { publisherName: '', systemName: '', systemPublisherId: null });
  }
  for (const key of forbiddenMoneyKeys(scope.kind)) delete expected[key];
  return expected;
}

/** A recording link without the signature the API adds to links on this server. */
export const unsignedLink = (url: unknown): unknown => (typeof url === 'string' ? url.split('?')[0] : url);

/**
 * Builds the world: the app (routes collected), the dataset ingested with verdicts, a few people's
 * corrections (audit rows), some recordings on this server (signed links), and one partner account per
 * generated scope (a registered person made a partner, with its scope row written directly).
 */
export async function buildPartnerWorld(options: { scopes?: (publisherIds: number[], buyerIds: number[]) => PartnerScope[] } = {}): Promise<PartnerWorld> {
  const routes: RouteOptions[] = [];
  const t = await buildTestApp({ ingestApiKey: INGEST_KEY, onRoute: (route) => routes.push(route) });
  const admin = await signUp(t.app, 'Matrix Admin');
  await ingestAll(t.app, datasetCalls());

  const named = async (table: string) =>
    Object.fromEntries((await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [r.name, r.id]));
  const publisherIds = await named('publishers');
  const buyerIds = await named('buyers');

  // A few recordings on this server, so their links are signed (ingest accepts only http(s) links).
  await t.db.query(`UPDATE calls SET recording_url = '/recordings/demo-' || (id % 4 + 1) || '.wav' WHERE id % 3 = 0 AND recording_url IS NOT NULL`);
  // People's corrections on calls of several sources: audit rows that must go only with their calls.
  const everyId = (await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls ORDER BY id')).map((r) => r.id);
  const corrected = everyId.filter((_, i) => i % 5 === 1);
  const response = await bulkUpdate(t.app, admin.token, { ids: corrected, set: { status: 'Sales', reason: 'Checked by a reviewer' } });
  if (response.statusCode !== 200) throw new Error(`bulk update failed: ${response.statusCode} ${response.body}`);

  const records = (await getOk(t.app, admin.token, `/api/calls/records${qs({ datePreset: 'custom', startDate: '2025-01-01T00:00', endDate: '2026-01-01T00:00', limit: 200 })}`)).data as CallRecord[];
  const facts = await t.db.query<{ id: string; publisher_id: number; buyer_id: number | null; call_ts: Date }>(
    'SELECT id::text AS id, publisher_id, buyer_id, call_ts FROM calls',
  );
  const factOf = new Map(facts.map((f) => [f.id, f]));
  const calls: FixtureCall[] = [];
  for (const record of records) {
    const fact = factOf.get(record.id)!;
    const detail = (await getOk(t.app, admin.token, `/api/calls/records/${record.id}`)).data as CallDetail;
    const unsigned = { ...record, recordingUrl: unsignedLink(record.recordingUrl) as string | null };
    calls.push({ id: record.id, publisherId: fact.publisher_id, buyerId: fact.buyer_id, at: new Date(fact.call_ts), record: unsigned, detail: { ...detail, recordingUrl: unsigned.recordingUrl } });
  }
  if (calls.length !== facts.length) throw new Error(`the admin's records page held ${calls.length} of ${facts.length} calls`);

  const scopes = (options.scopes ?? generatedScopes)(PUBLISHERS.map((p) => publisherIds[p]!), BUYERS.map((b) => buyerIds[b]!));
  const partners: PartnerAccount[] = [];
  for (const scope of scopes) {
    const person = await signUp(t.app, `Partner ${partners.length + 1}`);
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE users SET role = 'partner' WHERE id = $1`, [person.user.id]);
      await savePartnerScope(tx, person.user.id, scope);
    });
    partners.push({ label: scopeLabel(scope), scope, token: person.token, userId: person.user.id });
  }
  return { t, admin, calls, partners, publisherIds, buyerIds, routes };
}

/** The calls of the matrix's range (by instant), as the network sees them. */
export function callsInRange(calls: FixtureCall[], from = nyIso(MATRIX_RANGE.startDate), to = nyIso(MATRIX_RANGE.endDate)): FixtureCall[] {
  const start = new Date(from);
  const end = new Date(to);
  return calls.filter((c) => c.at >= start && c.at < end);
}
