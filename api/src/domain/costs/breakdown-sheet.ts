import { PassThrough } from 'node:stream';
import type { Breakdown, BreakdownGroup } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import { costBreakdown } from './cost-breakdown';
import { createSheetWriter, type SheetColumn, type SheetFormat } from '../export/sheet-writer';

export const BREAKDOWN_COLUMNS: SheetColumn[] = [
  { header: 'Group', kind: 'text', width: 40 },
  { header: 'Calls', kind: 'number', width: 12 },
  { header: 'Sales', kind: 'number', width: 12 },
  { header: 'Revenue', kind: 'number', width: 14 },
  { header: 'Payout', kind: 'number', width: 14 },
  { header: 'Profit', kind: 'number', width: 14 },
  { header: 'Conversion Rate', kind: 'number', width: 16 },
];

/**
 * The breakdown as a CSV or XLSX file. A breakdown has one row per campaign,
 * publisher, target or buyer (hundreds, not millions), so the file is built
 * whole before it is sent: a failure is still an ordinary error response.
 */
export async function breakdownFile(breakdown: Breakdown, format: SheetFormat): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const writer = createSheetWriter(format, BREAKDOWN_COLUMNS, output, 'Cost breakdown');
  await writer.write(breakdown.rows.map((r) => [r.label, r.calls, r.sales, r.revenue, r.payout, r.profit, r.conversionRate]));
  await writer.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The breakdown of the calls a filter selects, grouped by `groupBy`, as a file. */
export async function costBreakdownFile(db: Queryable, filter: CallFilter, groupBy: BreakdownGroup, format: SheetFormat): Promise<Buffer> {
  return breakdownFile(await costBreakdown(db, filter, groupBy), format);
}
