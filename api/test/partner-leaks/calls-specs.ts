/**
 * The calls area's specs: statistics, the timeline, records (every page), each call's detail (every call
 * of the dataset, in scope or not) and the export files (CSV and XLSX, parsed back).
 */
import { DISPOSITIONS, RECORD_COLUMNS, RECORD_COLUMN_KEYS, isDisposition, maskCallerId, type CallDetail, type CallRecord, type StatsData } from '@callboard/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { neutralise } from '../../src/domain/export/neutralise';
import {
  callsInRange,
  expectedPartnerRecord,
  forbiddenMoneyKeys,
  nyDayStart,
  partnerSeesCall,
  unsignedLink,
  type FixtureCall,
  type PartnerAccount,
  type PartnerWorld,
} from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, inRange, partnerGet, partnerOk, type EndpointSpec } from './matrix';

/** The partner's calls between two instants, by brute force over the dataset. */
function visibleBetween(world: PartnerWorld, partner: PartnerAccount, from: string, to: string): FixtureCall[] {
  return callsInRange(world.calls, from, to).filter((call) => partnerSeesCall(partner.scope, call));
}

/** Calls per status the way the stats count them: the 14 dispositions, the rest as rejected-unknown. */
function expectedFigures(calls: FixtureCall[]) {
  const byStatus = (status: string) => calls.filter((c) => c.record.status === status).length;
  return {
    totalCalls: calls.length,
    dispositions: Object.fromEntries(DISPOSITIONS.map((d) => [d, byStatus(d)])),
    rejectedUnknownCount: calls.filter((c) => !isDisposition(c.record.status)).length,
    redNoConnectCount: calls.filter((c) => !c.record.connected).length,
  };
}

const figuresOf = (stats: StatsData | StatsData['previous']) => ({
  totalCalls: stats.totalCalls,
  dispositions: Object.fromEntries(stats.dispositions.map((d) => [d.disposition, d.count])),
  rejectedUnknownCount: stats.flags.rejectedUnknownCount,
  redNoConnectCount: stats.flags.redNoConnectCount,
});

/** The history start as an instant, when the partner has one. */
const historyInstant = (partner: PartnerAccount) => (partner.scope.historyFrom ? nyDayStart(partner.scope.historyFrom) : undefined);

/** A call as the partner must read it, repeatOf included (kept only when that call is the partner's too). */
function expectedRecord(world: PartnerWorld, partner: PartnerAccount, call: FixtureCall): Record<string, unknown> {
  const expected = expectedPartnerRecord(partner.scope, call.record);
  const earlier = call.record.repeatOf === null ? undefined : world.calls.find((c) => c.id === call.record.repeatOf);
  expected.repeatOf = earlier && partnerSeesCall(partner.scope, earlier) ? earlier.id : null;
  return expected;
}

/** A received record with its recording link unsigned, after checking a link on this server came signed. */
function received(record: CallRecord): Record<string, unknown> {
  if (typeof record.recordingUrl === 'string' && record.recordingUrl.startsWith('/recordings/')) expect(record.recordingUrl).toMatch(/\?.+&.+=/);
  return { ...record, recordingUrl: unsignedLink(record.recordingUrl) };
}

const stats: EndpointSpec = {
  name: 'stats',
  routes: [{ method: 'GET', url: '/api/stats' }],
  async check(world, partner) {
    const body = await partnerOk<{ data: StatsData }>(world, partner, `/api/stats${inRange()}`);
    expectNoForeignKeysOrNames(world, partner, body);
    const { range, previous } = body.data;
    const start = historyInstant(partner);
    if (start) {
      expect(new Date(range.from).getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(new Date(previous.range.from).getTime()).toBeGreaterThanOrEqual(Math.min(start.getTime(), new Date(previous.range.to).getTime()));
    }
    expect(figuresOf(body.data)).toEqual(expectedFigures(visibleBetween(world, partner, range.from, range.to)));
    expect(figuresOf(previous)).toEqual(expectedFigures(visibleBetween(world, partner, previous.range.from, previous.range.to)));
    // The other side's sources cannot be asked for unless given.
    const other = partner.scope.kind === 'publisher' ? 'buyer' : 'publisher';
    const otherId = Object.values(partner.scope.kind === 'publisher' ? world.buyerIds : world.publisherIds)[0];
    const asked = await partnerGet(world, partner, `/api/stats${inRange({ [other]: otherId })}`);
    expect(asked.statusCode).toBe(partner.scope.counterparty ? 200 : 400);
  },
};

const series: EndpointSpec = {
  name: 'series',
  routes: [{ method: 'GET', url: '/api/stats/series' }],
  async check(world, partner) {
    const body = await partnerOk<{ data: { buckets: Array<{ from: string; to: string; total: number; counts: Record<string, number> }>; previous: { buckets: Array<{ from: string; to: string; total: number }> } } }>(
      world,
      partner,
      `/api/stats/series${inRange({ bucket: 'day' })}`,
    );
    expectNoForeignKeysOrNames(world, partner, body);
    for (const bucket of body.data.buckets) {
      const calls = visibleBetween(world, partner, bucket.from, bucket.to);
      expect({ at: bucket.from, total: bucket.total }).toEqual({ at: bucket.from, total: calls.length });
      expect(Object.values(bucket.counts).reduce((a, b) => a + b, 0)).toBe(calls.length);
    }
    for (const bucket of body.data.previous.buckets) {
      expect({ at: bucket.from, total: bucket.total }).toEqual({ at: bucket.from, total: visibleBetween(world, partner, bucket.from, bucket.to).length });
    }
  },
};

const records: EndpointSpec = {
  name: 'records',
  routes: [{ method: 'GET', url: '/api/calls/records' }],
  async check(world, partner) {
    const expected = callsInRange(world.calls).filter((call) => partnerSeesCall(partner.scope, call));
    const rows: CallRecord[] = [];
    const limit = 7;
    for (let page = 1; ; page += 1) {
      const body = await partnerOk<{ data: CallRecord[]; meta: { total: number; pages: number } }>(world, partner, `/api/calls/records${inRange({ limit, page })}`);
      expectNoForeignKeysOrNames(world, partner, body);
      expect(body.meta.total).toBe(expected.length);
      rows.push(...body.data);
      if (page >= body.meta.pages) break;
    }
    const byId = new Map(expected.map((call) => [call.id, call]));
    expect(rows.map((r) => r.id).sort()).toEqual([...byId.keys()].sort());
    for (const row of rows) expect(received(row)).toEqual(expectedRecord(world, partner, byId.get(row.id)!));

    // Transcript search only with transcripts; caller-id search and sorting only with the caller id in full.
    const searched = await partnerGet(world, partner, `/api/calls/records${inRange({ q: 'partnerword' })}`);
    expect(searched.statusCode).toBe(partner.scope.transcripts ? 200 : 400);
    if (partner.scope.transcripts) expect(searched.json().meta.total).toBe(expected.length);
    const sorted = await partnerGet(world, partner, `/api/calls/records${inRange({ sortBy: 'callerId' })}`);
    expect(sorted.statusCode).toBe(partner.scope.callerId === 'full' ? 200 : 400);
    const byCaller = await partnerGet(world, partner, `/api/calls/records${inRange({ search: '555' })}`);
    expect(byCaller.statusCode).toBe(partner.scope.callerId === 'full' ? 200 : 400);
  },
};

const detail: EndpointSpec = {
  name: 'call detail',
  routes: [{ method: 'GET', url: '/api/calls/records/:id' }],
  async check(world, partner) {
    let oneOfTheirs: string | undefined;
    for (const call of world.calls) {
      const response = await partnerGet(world, partner, `/api/calls/records/${call.id}`);
      if (!partnerSeesCall(partner.scope, call)) {
        expect({ id: call.id, status: response.statusCode, code: response.json().code }).toEqual({ id: call.id, status: 404, code: 'NOT_FOUND' });
        continue;
      }
      oneOfTheirs ??= call.id;
      expect({ id: call.id, status: response.statusCode }).toEqual({ id: call.id, status: 200 });
      const body = response.json<{ data: CallDetail }>();
      expectNoForeignKeysOrNames(world, partner, body);
      const { audit, callerCalls, ...rest } = body.data;
      expect(received(rest as CallRecord)).toEqual(expectedRecord(world, partner, call));
      // The history goes with the call, without the network's people's names; the caller's other calls only the partner's.
      expect(audit).toEqual(call.detail.audit.map((entry) => ({ ...entry, userId: null, userName: null, userEmail: null })));
      const theirs = call.detail.callerCalls.filter((other) => partnerSeesCall(partner.scope, world.calls.find((c) => c.id === other.id)!));
      expect(callerCalls).toEqual(theirs);
    }
    if (oneOfTheirs) {
      const searched = await partnerGet(world, partner, `/api/calls/records/${oneOfTheirs}?q=partnerword`);
      expect(searched.statusCode).toBe(partner.scope.transcripts ? 200 : 400);
    }
  },
};

/** The labels of the columns a partner's file must hold when it asks for every column. */
function expectedColumns(partner: PartnerAccount) {
  const money = forbiddenMoneyKeys(partner.scope.kind);
  const { scope } = partner;
  const hidden = new Set<string>([
    ...money,
    ...(scope.transcripts ? [] : ['transcript']),
    ...(scope.recordings ? [] : ['recordingUrl']),
    ...(scope.callerId === 'hidden' ? ['callerId'] : []),
    ...(scope.counterparty ? [] : scope.kind === 'publisher' ? ['target_name', 'systemBuyerId'] : ['publisherName']),
  ]);
  return RECORD_COLUMNS.filter((c) => !hidden.has(c.key));
}

/** The caller id cell a partner's file must hold. */
const callerCell = (partner: PartnerAccount, callerId: string) => neutralise(partner.scope.callerId === 'masked' ? maskCallerId(callerId) : callerId);

/** An XLSX cell's value as text: the file's text and numbers are plain values (sheet-writer.ts). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`an export cell that is not plain text or a number: ${JSON.stringify(value)}`);
}

async function exportRows(world: PartnerWorld, partner: PartnerAccount, fmt: 'csv' | 'xlsx'): Promise<string[][]> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/calls/export${inRange({ fmt, columns: RECORD_COLUMN_KEYS.join(',') })}`,
    headers: { authorization: `Bearer ${partner.token}` },
  });
  if (response.statusCode !== 200) throw new Error(`export ${fmt} as ${partner.label}: ${response.statusCode} ${response.body}`);
  if (fmt === 'csv') {
    const parsed = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    return parsed.data;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(cellText)));
  return rows;
}

const exportFiles: EndpointSpec = {
  name: 'export (CSV and XLSX)',
  routes: [{ method: 'GET', url: '/api/calls/export' }],
  async check(world, partner) {
    const columns = expectedColumns(partner);
    const expected = callsInRange(world.calls).filter((call) => partnerSeesCall(partner.scope, call));
    for (const fmt of ['csv', 'xlsx'] as const) {
      const [header = [], ...cut] = await exportRows(world, partner, fmt);
      // A sheet's row ends at its last cell with a value: empty cells after it read as empty text.
      const rows = cut.map((row) => Array.from({ length: header.length }, (_, i) => row[i] ?? ''));
      expect({ fmt, header }).toEqual({ fmt, header: columns.map((c) => c.label) });
      expectNoForeignKeysOrNames(world, partner, rows);
      const at = (key: string) => columns.findIndex((c) => c.key === key);
      const byCallId = new Map(expected.map((call) => [call.record.systemCallId, call]));
      expect(rows.map((row) => row[at('systemCallId')]).sort()).toEqual([...byCallId.keys()].sort());
      for (const row of rows) {
        const call = byCallId.get(row[at('systemCallId')]!)!;
        if (partner.scope.callerId !== 'hidden') expect(row[at('callerId')]).toBe(callerCell(partner, call.record.callerId));
        const money = partner.scope.kind === 'publisher' ? 'payout' : 'revenue';
        expect(Number(row[at(money)])).toBeCloseTo(call.record[money]!, 2);
        if (partner.scope.transcripts) expect(row[at('transcript')]).toBe(neutralise(call.record.transcript ?? ''));
      }
    }
  },
};

export const callsSpecs: EndpointSpec[] = [stats, series, records, detail, exportFiles];
