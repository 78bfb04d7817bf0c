import { choiceShowing, sanitizeColumnChoice, shownColumnKeys, type ChoosableColumn, type ColumnChoice } from '@callboard/shared-ui/column-choice';
import { persistedAtom } from '@callboard/shared-ui/persisted-atom';
import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

/** Call Logs' columns a reader can show or hide, in the log's order; the checkbox column always shows. */
export const CALL_LOG_COLUMN_CHOICES = [
  { key: 'callTimestamp', label: 'Time', visible: true },
  { key: 'callerId', label: 'Caller', visible: true },
  { key: 'campaignName', label: 'Campaign', visible: true },
  { key: 'publisherName', label: 'Publisher', visible: true },
  { key: 'target_name', label: 'Target', visible: true },
  { key: 'buyerName', label: 'Buyer', visible: true },
  { key: 'durationSec', label: 'Duration', visible: true },
  { key: 'status', label: 'Status', visible: true },
  { key: 'revenue', label: 'Revenue', visible: true },
  { key: 'payout', label: 'Payout', visible: true },
  { key: 'profit', label: 'Profit', visible: false },
  { key: 'connected', label: 'Connected', visible: false },
  { key: 'repeat', label: 'Repeat', visible: false },
] as const satisfies ReadonlyArray<ChoosableColumn<string> & { label: string }>;

export type CallLogColumnKey = (typeof CALL_LOG_COLUMN_CHOICES)[number]['key'];

/** Its own key: Reporting's records keep theirs apart (shared-ui/src/record-columns-atom.ts). */
export const CALL_LOG_COLUMNS_STORAGE_KEY = 'callboard.calllogs.columns';

const callLogColumnsAtom = persistedAtom<ColumnChoice<CallLogColumnKey>>(CALL_LOG_COLUMNS_STORAGE_KEY, (stored) =>
  sanitizeColumnChoice(stored, CALL_LOG_COLUMN_CHOICES),
);

export interface CallLogColumns {
  /** The shown columns' keys, in the log's order. */
  shown: CallLogColumnKey[];
  /** Shows exactly these columns. */
  show: (keys: Iterable<string>) => void;
}

/** Which of Call Logs' columns are shown, kept in localStorage so the choice survives a reload. */
export function useCallLogColumns(): CallLogColumns {
  const [choice, setChoice] = useAtom(callLogColumnsAtom);
  const shown = useMemo(() => shownColumnKeys(choice, CALL_LOG_COLUMN_CHOICES), [choice]);
  const show = useCallback((keys: Iterable<string>) => setChoice(choiceShowing(keys, CALL_LOG_COLUMN_CHOICES)), [setChoice]);
  return { shown, show };
}
