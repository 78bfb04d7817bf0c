/**
 * The first rows of a file as the import will store them: read by the importer's own reader and checked by its
 * own checkRow (import-calls.ts), so the preview and the run cannot disagree about a row.
 */
import type { Readable } from 'node:stream';
import type { ImportField, ImportPreviewRow, ImportValue } from '@callboard/contract/imports';
import type { NormalisedCall } from '../domain/calls/ingest-validation';
import { columnsUnder } from './column-mapping';
import { csvRecords, headerOf, isBlank, type CsvRecord } from './csv-records';
import type { HeaderRecognition } from './header-recognition';
import { checkRow } from './import-calls';

/** A long text (a transcript) is cut to this in the preview: a screen's row shows its start. */
export const PREVIEW_TEXT_MAX_LENGTH = 300;

export interface FileHead {
  headers: string[];
  /** The first data rows (blank lines skipped). */
  rows: CsvRecord[];
}

/** The header row and the first `count` data rows; reads no further. Throws CsvHeaderError as the importer would. */
export async function readFileHead(stream: Readable, count: number): Promise<FileHead> {
  let headers: string[] | undefined;
  const rows: CsvRecord[] = [];
  try {
    for await (const record of csvRecords(stream, count + 1)) {
      if (!headers) headers = headerOf(record);
      else if (!isBlank(record.fields)) rows.push(record);
      if (rows.length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return { headers: headers ?? headerOf(undefined), rows };
}

const clip = (value: ImportValue): ImportValue =>
  typeof value === 'string' && value.length > PREVIEW_TEXT_MAX_LENGTH ? `${value.slice(0, PREVIEW_TEXT_MAX_LENGTH - 1)}…` : value;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A valid row's call as it will be stored, in the fields' names (money in dollars, the time as the stored instant). */
function storedValues(call: NormalisedCall): Partial<Record<ImportField, ImportValue>> {
  return {
    systemCallId: call.systemCallId,
    callTimestamp: new Date(call.callTs).toISOString(),
    callerId: call.callerId,
    campaignName: call.campaignName,
    publisherName: call.publisherName,
    targetName: call.targetName,
    buyerName: call.buyerName,
    systemName: call.systemName,
    systemPublisherId: call.systemPublisherId,
    systemBuyerId: call.systemBuyerId,
    durationSec: call.durationSec,
    connected: call.connected,
    recordingUrl: call.recordingUrl,
    transcript: call.transcript,
    revenue: dollars(call.revenueCents),
    payout: dollars(call.payoutCents),
    'qc.disposition': call.qc?.disposition ?? null,
    'qc.sub_disposition': call.qc?.sub_disposition ?? null,
    'qc.reason': call.qc?.reason ?? null,
    'qc.summary': call.qc?.summary ?? null,
  };
}

/** A refused row's values as the mapping read them (what could be converted), flattened to the fields' names. */
function mappedValues(mapped: Record<string, unknown>): Partial<Record<ImportField, ImportValue>> {
  const { qc, ...call } = mapped;
  const values: Record<string, unknown> = { ...call };
  if (typeof qc === 'object' && qc !== null) for (const [key, value] of Object.entries(qc)) values[`qc.${key}`] = value;
  return values;
}

/** The rows under `recognition`'s mapping, each with its values and problems (none: it will be stored). */
export function previewRows(head: FileHead, recognition: HeaderRecognition): ImportPreviewRow[] {
  const columns = columnsUnder(head.headers, recognition);
  return head.rows.map((record) => {
    const checked = checkRow(record, columns);
    const values = checked.call ? storedValues(checked.call) : checked.mapped ? mappedValues(checked.mapped) : {};
    return {
      line: record.line,
      values: Object.fromEntries(Object.entries(values).map(([field, value]) => [field, clip(value ?? null)])),
      problems: checked.errors,
    };
  });
}
