import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CHANGES_CSV_COLUMNS, type CallChange } from '@callboard/contract/changes';
import { createSheetWriter, type SheetCell, type SheetColumn } from '../export/sheet-writer';
import type { WrittenChange } from './read-changes';

const COLUMNS: SheetColumn[] = CHANGES_CSV_COLUMNS.map((header) => ({ header, kind: header === 'seq' ? 'number' : 'text' }));

const cells = ({ json }: WrittenChange): SheetCell[] => {
  const change = JSON.parse(json) as CallChange;
  return [change.seq, change.at, change.callId, change.systemCallId, change.kind, change.actor, change.changeSet, JSON.stringify(change.changed)];
};

/**
 * A page of the changes feed as CSV (contract/src/changes.ts CHANGES_CSV_COLUMNS), written as every file of
 * calls is (domain/export/sheet-writer.ts: a header row, text cells quoted and formula-neutralised, so a
 * platform's call id cannot become a formula); `changed` is the JSON object of the JSON answer.
 */
export async function changesCsv(changes: readonly WrittenChange[]): Promise<string> {
  const output = new PassThrough();
  const file = text(output);
  const writer = createSheetWriter('csv', COLUMNS, output);
  await writer.write(changes.map(cells));
  await writer.end();
  return file;
}
