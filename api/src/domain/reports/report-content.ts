import {
  DEFAULT_RECORD_COLUMN_KEYS,
  DIMENSIONS,
  DIMENSION_OF_PARAM,
  parseExportColumns,
  partnerSeesDimension,
  type DimensionParam,
  type PartnerScope,
  type RecordColumnKey,
  type StatsData,
  type ViewArea,
} from '@callboard/contract';
import { REPORT_ATTACHMENT_MAX_ROWS, REPORT_PERIOD_PRESETS, REPORT_TOP_MOVERS, type ReportAttachment, type ReportFrequency } from '@callboard/contract/report-schedules';
import { parseViewQuery } from '@callboard/contract/view-query';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { InteractiveGate } from '../../plugins/app/export-pacing';
import { parseCallFilter, type CallFilter } from '../calls/call-filter';
import { percentOf, statsFor, type FlagThresholds } from '../calls/stats';
import { openCallExport } from '../export/call-export';
import { exportExpressions } from '../export/export-query';
import { SHEET_CONTENT_TYPES } from '../export/sheet-writer';
import { partnerSeesColumn } from '../partners/field-visibility';
import { currentPartnerScope } from '../partners/request-scope';
import { totalsPerValue } from '../scorecard/scorecard-sums';
import { callFilterParams } from '../views/view-rules';

/** The dimensions a report lists top movers of, in the order the email shows them. */
export const MOVER_DIMENSIONS = ['publisher', 'campaign', 'buyer'] as const satisfies readonly DimensionParam[];

/** One publisher, campaign or buyer in the period and the one before it. */
export interface Mover {
  id: number;
  name: string;
  calls: number;
  previousCalls: number;
  /** Percent of the period's calls (2 decimals), as the cards' shares are counted. */
  share: number;
  previousShare: number;
}

export interface MoverGroup {
  dimension: (typeof MOVER_DIMENSIONS)[number];
  label: string;
  movers: Mover[];
}

/** The records: attached, left out for their number, or not asked for. */
export type ReportRecords =
  | { kind: 'none' }
  | { kind: 'attached'; filename: string; contentType: string; content: Buffer; rows: number }
  | { kind: 'too-many'; rows: number };

export interface ReportContent {
  /** Exactly GET /api/stats's answer for the view's filter with the period's preset, asked at the period's end. */
  stats: StatsData;
  movers: MoverGroup[];
  records: ReportRecords;
  /** Path and query of the view with the period as its custom range. */
  link: string;
}

/** What a report is made of: the view, the period (as its frequency's preset at `at`), the attachment. */
export interface ReportQuestion {
  view: { name: string; area: ViewArea; query: string; columns: string[] | null };
  frequency: ReportFrequency;
  /** The end of the period: its preset resolved here is the period (yesterday, last week, last month). */
  at: Date;
  attachment: ReportAttachment;
}

export interface ReportReaders {
  /** The database as the running request sees it: behind the partner wall inside a partner's scope (db/partner-wall.ts). */
  db: Database;
  gate: InteractiveGate;
  log: FastifyBaseLogger;
  thresholds: FlagThresholds;
}

/** Where each area's screen lives (contract/src/remotes.json). */
const AREA_PATHS: Record<ViewArea, string> = { reporting: '/reporting', callLogs: '/callLogs' };

/**
 * The view's own params with its dates replaced by the period's custom range: the address the email links to,
 * where the records and cards show exactly that period.
 */
export function viewLink(view: ReportQuestion['view'], period: { from: Date; to: Date }): string {
  const params = new URLSearchParams(view.query);
  for (const param of ['datePreset', 'startDate', 'endDate', 'page']) params.delete(param);
  params.set('datePreset', 'custom');
  params.set('startDate', period.from.toISOString());
  params.set('endDate', period.to.toISOString());
  return `${AREA_PATHS[view.area]}?${params.toString()}`;
}

/**
 * The calls filter of a report: the view's filters with the period's preset in place of its own dates, parsed by
 * the very function every calls route parses a query string with. In a partner's scope that narrows it to the
 * partner's sources and history (domain/partners/scope-filter.ts), or refuses a filter the partner may not use
 * (an HttpError 400 naming the field).
 */
export function reportFilter(question: Pick<ReportQuestion, 'view' | 'frequency' | 'at'>): CallFilter {
  const { params } = parseViewQuery(question.view.area, new URLSearchParams(question.view.query));
  const callParams = callFilterParams(params);
  return parseCallFilter({ ...callParams, datePreset: REPORT_PERIOD_PRESETS[question.frequency], startDate: undefined, endDate: undefined }, question.at);
}

/** The names of some values of a dimension. */
async function namesOf(db: Queryable, table: string, ids: number[]): Promise<Map<number, string>> {
  const named = ids.filter((id) => id > 0);
  if (named.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE id = ANY($1::int[])`, [named]);
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * The values of one dimension whose calls moved most against the period before: the largest change in calls
 * first, then the largest change in share. Read by the scorecard's sums (scorecard/scorecard-sums.ts), the
 * per-value figures of the scorecard, so a mover's calls are the scorecard's for the same filter.
 */
async function moversOf(db: Queryable, filter: CallFilter, dimension: MoverGroup['dimension'], totals: { current: number; previous: number }): Promise<Mover[]> {
  const [current = [], previous = []] = await totalsPerValue(db, filter, DIMENSION_OF_PARAM[dimension], [filter.range, filter.range.previous]);
  const callsOf = (value: { counts: Array<{ calls: number }> }) => value.counts.reduce((sum, c) => sum + c.calls, 0);
  const byId = new Map<number, { calls: number; previousCalls: number }>();
  for (const value of current) byId.set(value.id, { calls: callsOf(value), previousCalls: 0 });
  for (const value of previous) byId.set(value.id, { calls: byId.get(value.id)?.calls ?? 0, previousCalls: callsOf(value) });
  // A dimension with one value has nothing to compare it with: the cards already say how it moved.
  if (byId.size < 2) return [];
  const moved = [...byId.entries()]
    .map(([id, v]) => ({ id, ...v, share: percentOf(v.calls, totals.current), previousShare: percentOf(v.previousCalls, totals.previous) }))
    .filter((v) => v.calls !== v.previousCalls || v.share !== v.previousShare)
    .sort((a, b) => Math.abs(b.calls - b.previousCalls) - Math.abs(a.calls - a.previousCalls) || Math.abs(b.share - b.previousShare) - Math.abs(a.share - a.previousShare) || a.id - b.id)
    .slice(0, REPORT_TOP_MOVERS);
  const names = await namesOf(db, DIMENSIONS[DIMENSION_OF_PARAM[dimension]].table, moved.map((v) => v.id));
  return moved.map((v) => ({ ...v, name: names.get(v.id) ?? `#${v.id}` }));
}

/** The columns the file holds: the view's (or the table's defaults), less those a partner may not read. */
function attachmentColumns(view: ReportQuestion['view'], scope: PartnerScope | undefined): RecordColumnKey[] {
  // A view's columns were judged when it was saved (routes/api/views); the defaults stand in for none.
  const asked = parseExportColumns(view.columns?.join(','));
  const keys = 'keys' in asked ? asked.keys : [...DEFAULT_RECORD_COLUMN_KEYS];
  return scope ? keys.filter((key) => partnerSeesColumn(scope, key)) : keys;
}

/** The period's records as a file, through the export's own writer (domain/export/call-export.ts). */
async function recordsOf(readers: ReportReaders, question: ReportQuestion, filter: CallFilter, rows: number): Promise<ReportRecords> {
  if (question.attachment === 'none') return { kind: 'none' };
  if (rows > REPORT_ATTACHMENT_MAX_ROWS) return { kind: 'too-many', rows };
  const scope = currentPartnerScope();
  const fmt = question.attachment;
  const columns = attachmentColumns(question.view, scope);
  const { body } = await openCallExport({
    db: readers.db,
    gate: readers.gate,
    log: readers.log,
    filter,
    fmt,
    columns,
    expressions: exportExpressions(scope?.callerId),
    who: { report: question.view.name, format: fmt, columns: columns.length },
    xlsxMaxRows: REPORT_ATTACHMENT_MAX_ROWS,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  const stamp = filter.range.from.toISOString().slice(0, 10);
  return { kind: 'attached', filename: `${fileBase(question.view.name)}_${stamp}.${fmt}`, contentType: SHEET_CONTENT_TYPES[fmt], content: Buffer.concat(chunks), rows };
}

/** A view's name as a file name: letters, digits, dashes and underscores. */
function fileBase(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'report';
}

/**
 * Everything one recipient's email shows, read as whoever runs it: the network, or inside a partner's scope
 * (the caller enters it: report-sender.ts), whose filter, figures, movers, columns and caller ids are then the
 * partner's. The cards come from statsFor, the function GET /api/stats answers with.
 */
export async function reportContent(readers: ReportReaders, question: ReportQuestion): Promise<ReportContent> {
  const filter = reportFilter(question);
  const scope = currentPartnerScope();
  const stats = await statsFor(readers.db, filter, readers.thresholds);
  const totals = { current: stats.totalCalls, previous: stats.previous.totalCalls };
  const dimensions = MOVER_DIMENSIONS.filter((dimension) => !scope || partnerSeesDimension(scope, dimension));
  const movers: MoverGroup[] = [];
  for (const dimension of dimensions) {
    const rows = await moversOf(readers.db, filter, dimension, totals);
    if (rows.length > 0) movers.push({ dimension, label: DIMENSIONS[DIMENSION_OF_PARAM[dimension]].label, movers: rows });
  }
  const records = await recordsOf(readers, question, filter, stats.totalCalls);
  return { stats, movers, records, link: viewLink(question.view, filter.range) };
}
