import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CHANGES_CSV_COLUMNS, type CallChange } from '@callboard/contract/changes';
import { neutralise } from '../export/neutralise';
import { createCsvLineWriter, type SheetColumn } from '../export/sheet-writer';
import type { WrittenChange } from './read-changes';

const COLUMNS: SheetColumn[] = CHANGES_CSV_COLUMNS.map((header) => ({ header, kind: header === 'seq' ? 'number' : 'text' }));

/** A text cell as every file of calls writes it (domain/export/sheet-writer.ts): neutralised, quoted, its quotes doubled. */
const cell = (value: string | null) => (value === null ? '""' : `"${neutralise(value).replace(/"/g, '""')}"`);

/** Where `changed` starts in a change's JSON: its last key, and no earlier string can hold the key's quotes unescaped. */
const CHANGED_KEY = ',"changed":';

/** One change's line: the change's other keys read from its JSON, `changed` cut from it as it was written. */
function line({ json }: WrittenChange): string {
  const at = json.indexOf(CHANGED_KEY);
  const change = JSON.parse(`${json.slice(0, at)}}`) as Omit<CallChange, 'changed'>;
  const changed = json.slice(at + CHANGED_KEY.length, -1);
  return [String(change.seq), cell(change.at), cell(change.callId), cell(change.systemCallId), cell(change.kind), cell(change.actor), cell(change.changeSet), cell(changed)].join(',');
}

/**
 * A page of the changes feed as CSV (contract/src/changes.ts CHANGES_CSV_COLUMNS), as every file of calls is
 * written (a header row, text cells quoted and formula-neutralised, so a platform's call id cannot become a
 * formula); `changed` is the JSON object of the JSON answer, as the log holds it.
 */
export async function changesCsv(changes: readonly WrittenChange[]): Promise<string> {
  const output = new PassThrough();
  const file = text(output);
  const writer = createCsvLineWriter(COLUMNS, output);
  await writer.write(changes.map(line));
  await writer.end();
  return file;
}
