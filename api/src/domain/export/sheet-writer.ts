import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { neutralise } from './neutralise';

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetColumn {
  header: string;
  /** Text cells are formula-neutralised and quoted; number cells stay numbers. */
  kind: 'text' | 'number';
  /** XLSX column width in characters. */
  width?: number;
}

export type SheetCell = string | number | null;

export interface SheetWriter {
  write(rows: SheetCell[][]): Promise<void>;
  /** Finishes the file; the output stream is ended. */
  end(): Promise<void>;
}

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Excel refuses longer cells; long transcripts are cut rather than producing a corrupt file. */
export const XLSX_MAX_CELL_LENGTH = 32_767;

function textCell(value: SheetCell): string {
  return value === null ? '' : neutralise(String(value));
}

async function writeWithBackpressure(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

/**
 * CSV per RFC 4180 from lines already rendered (by `render`): a UTF-8 BOM for
 * Excel and the quoted header first, CRLF line ends, backpressure respected.
 */
function csvFile<T>(columns: SheetColumn[], output: Writable, render: (rows: T[]) => string[]) {
  let started = false;
  return {
    async write(rows: T[]) {
      const lines = render(rows);
      let chunk = lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
      if (!started) {
        chunk = `\uFEFF${Papa.unparse([columns.map((c) => c.header)], { quotes: true, newline: '\r\n' })}\r\n${chunk}`;
        started = true;
      }
      if (chunk) await writeWithBackpressure(output, chunk);
    },
    async end() {
      if (!started) await this.write([]);
      output.end();
      await once(output, 'finish').catch(() => undefined);
    },
  };
}

/** CSV of cells: text fields always quoted (quotes doubled, formula-neutralised), numbers bare. */
function csvWriter(columns: SheetColumn[], output: Writable): SheetWriter {
  const quotes = columns.map((c) => c.kind === 'text');
  return csvFile<SheetCell[]>(columns, output, (rows) => {
    if (rows.length === 0) return [];
    const prepared = rows.map((row) => row.map((cell, i) => (columns[i]?.kind === 'number' ? (cell ?? '') : textCell(cell))));
    return [Papa.unparse(prepared, { quotes, newline: '\r\n' })];
  });
}

/** A CSV writer for lines the database has already rendered and neutralised (export-query.ts CSV_LINE_SQL). */
export interface CsvLineWriter {
  write(lines: string[]): Promise<void>;
  end(): Promise<void>;
}

export function createCsvLineWriter(columns: SheetColumn[], output: Writable): CsvLineWriter {
  return csvFile<string>(columns, output, (lines) => lines);
}

/** XLSX through exceljs's streaming writer: rows are committed as they come, no shared strings, no styles. */
function xlsxWriter(columns: SheetColumn[], output: Writable, sheetName: string): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  return {
    async write(rows) {
      for (const row of rows) {
        sheet
          .addRow(
            row.map((cell, i) => {
              if (columns[i]?.kind === 'number') return cell === null || cell === '' ? null : Number(cell);
              return textCell(cell).slice(0, XLSX_MAX_CELL_LENGTH);
            }),
          )
          .commit();
      }
      // exceljs has no backpressure of its own; waiting for the socket keeps memory flat.
      if (output.writableNeedDrain) await once(output, 'drain');
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function createSheetWriter(format: SheetFormat, columns: SheetColumn[], output: Writable, sheetName = 'Sheet1'): SheetWriter {
  return format === 'csv' ? csvWriter(columns, output) : xlsxWriter(columns, output, sheetName);
}

/** The server picks the download's name, never the client: `{base}_{timestamp}.{ext}`. */
export function downloadName(base: string, format: SheetFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${base}_${stamp}.${format}`;
}
