import type { ImportField, ImportValue } from '@callboard/contract/imports';
import { DASH, formatDateTime, formatDuration, formatMoney } from '@callboard/shared-ui/format';

/** A previewed value as the screens show the field: the call time on the New York clock, money in dollars, yes/no. */
export function previewText(field: ImportField, value: ImportValue | undefined): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (field) {
    case 'callTimestamp':
      return formatDateTime(String(value));
    case 'durationSec':
    case 'connectedDurationSec':
      return formatDuration(value);
    case 'revenue':
    case 'payout':
      return formatMoney(value);
    default:
      return String(value);
  }
}
