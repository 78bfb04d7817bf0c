import { neutralise, type ScorecardGroupBy, type ScorecardRow } from '@callboard/contract';
import Papa from 'papaparse';
import { columnLabel, SCORECARD_COLUMNS } from './scorecard-columns';

/**
 * The table as shown (its columns, its order) as CSV: the figures as the API
 * gives them (percentages in percent units, money in decimal dollars), each
 * row's crossed thresholds and its previous-period figures after them. Text
 * cells are made formula-safe by the API's exports' rule (neutralise); numbers
 * are written as numbers.
 */
export function scorecardCsv(groupBy: ScorecardGroupBy, rows: readonly ScorecardRow[]): string {
  const header = [...SCORECARD_COLUMNS.map((c) => columnLabel(c.key, groupBy)), 'Flags', 'Previous calls', 'Previous sales rate', 'Previous profit'];
  const body = rows.map((row) => [
    ...SCORECARD_COLUMNS.map((c) => (c.kind === 'label' ? neutralise(row.label) : row[c.key])),
    row.flags.join(' '),
    row.previous.calls,
    row.previous.salesRate,
    row.previous.profit,
  ]);
  // A byte order mark first, so a spreadsheet reads the names as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: header, data: body }, { newline: '\r\n' })}\r\n`;
}
