import { PassThrough } from 'node:stream';
import { SCORECARD_COLUMNS, scorecardColumnHeader, type ScorecardData } from '@callboard/contract/scorecard';
import { createSheetWriter, type SheetCell, type SheetColumn } from '../export/sheet-writer';

/** The table's columns (text for the name, numbers for the figures), then each row's flags and its previous period. */
function columnsOf(data: ScorecardData): SheetColumn[] {
  return [
    ...SCORECARD_COLUMNS.map((c): SheetColumn => ({ header: scorecardColumnHeader(c.key, data.groupBy), kind: c.kind === 'label' ? 'text' : 'number' })),
    { header: 'Flags', kind: 'text' },
    { header: 'Previous calls', kind: 'number' },
    { header: 'Previous sales rate', kind: 'number' },
    { header: 'Previous profit', kind: 'number' },
  ];
}

/**
 * The scorecard as the table shows it (its rows, in its order) as CSV: the
 * figures as the API gives them (percentages in percent units, money in
 * decimal dollars), names formula-safe like every export (sheet-writer.ts).
 * Built whole: a scorecard has at most SCORECARD_MAX_LIMIT rows.
 */
export async function scorecardCsv(data: ScorecardData): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const writer = createSheetWriter('csv', columnsOf(data), output, 'Scorecard');
  await writer.write(
    data.rows.map((row): SheetCell[] => [
      ...SCORECARD_COLUMNS.map((c) => (c.kind === 'label' ? row.label : row[c.key])),
      row.flags.join(' '),
      row.previous.calls,
      row.previous.salesRate,
      row.previous.profit,
    ]),
  );
  await writer.end();
  await ended;
  return Buffer.concat(chunks);
}
