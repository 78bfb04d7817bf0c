import { recordColumnValue, type CallRecord, type RecordColumn } from '@callboard/contract';
import toast from 'react-hot-toast';

export const ROW_COPIED_TOAST = 'Row copied!';

/**
 * What Copy JSON puts on the clipboard: the row's visible columns,
 * keyed by column key, in table order, with the values as the API sent them
 * (the full text, the ISO time; profit worked out from revenue and payout), so the copy can be pasted into a tool as data.
 */
export function rowJson(record: CallRecord, columns: readonly Pick<RecordColumn, 'key'>[]): string {
  const picked = Object.fromEntries(columns.map(({ key }) => [key, recordColumnValue(record, key) ?? null]));
  return JSON.stringify(picked, null, 2);
}

/** Copies a row as JSON and says so; a refused clipboard (no permission, insecure page) says that instead of throwing. */
export async function copyRowJson(record: CallRecord, columns: readonly Pick<RecordColumn, 'key'>[]): Promise<void> {
  try {
    await navigator.clipboard.writeText(rowJson(record, columns));
    toast.success(ROW_COPIED_TOAST);
  } catch {
    toast.error('Could not copy the row');
  }
}
