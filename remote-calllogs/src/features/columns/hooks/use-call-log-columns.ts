import { choiceShowing, isColumnShown, sanitizeColumnChoice, shownColumnKeys, type ChoosableColumn, type ColumnChoice } from '@callboard/shared-ui/column-choice';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
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
  /** The columns the person may see (screen-access.ts), in the log's order: what Columns offers. */
  offered: readonly (typeof CALL_LOG_COLUMN_CHOICES)[number][];
  /** The shown columns' keys, in the log's order. */
  shown: CallLogColumnKey[];
  /** Shows exactly these columns. */
  show: (keys: Iterable<string>) => void;
}

/**
 * Which of Call Logs' columns are shown, kept in localStorage so the choice survives a reload. A column the
 * person may not see (a partner's counterparty, the other side's money, a hidden caller id) is neither
 * offered nor shown, whatever the saved choice says.
 */
export function useCallLogColumns(): CallLogColumns {
  const [choice, setChoice] = useAtom(callLogColumnsAtom);
  const { seesField } = useScreenAccess();
  const offered = useMemo(() => CALL_LOG_COLUMN_CHOICES.filter((column) => seesField(column.key)), [seesField]);
  const shown = useMemo(() => shownColumnKeys(choice, offered), [choice, offered]);
  // The columns not offered keep their saved choice: the same browser may be an admin's tomorrow.
  const show = useCallback(
    (keys: Iterable<string>) => {
      const hidden = CALL_LOG_COLUMN_CHOICES.filter((column) => !seesField(column.key) && isColumnShown(choice, column)).map((column) => column.key);
      setChoice(choiceShowing([...keys, ...hidden], CALL_LOG_COLUMN_CHOICES));
    },
    [setChoice, seesField, choice],
  );
  return { offered, shown, show };
}
