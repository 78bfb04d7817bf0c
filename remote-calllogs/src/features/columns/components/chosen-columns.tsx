import { callProfit, type CallRecord } from '@callboard/contract';
import { formatMoney } from '@callboard/shared-ui/format';
import type { TableColumn } from '@callboard/shared-ui/table';

/**
 * The log's columns that are off until a reader turns them on (Columns, in the
 * header), after revenue and payout: profit (revenue − payout), whether the call
 * connected, and whether it is a repeat.
 */
export const CHOSEN_CALL_LOG_COLUMNS: TableColumn<CallRecord>[] = [
  { key: 'profit', label: 'Profit', width: 76, align: 'end', render: (call) => formatMoney(callProfit(call)) },
  { key: 'connected', label: 'Connected', width: 84, render: (call) => (call.connected ? 'Yes' : 'No') },
  { key: 'repeat', label: 'Repeat', width: 68, render: (call) => (call.repeat ? 'Yes' : 'No') },
];
