import type { CallRecord } from '@callboard/contract';
import { cellText, formatCallTime, formatDuration, formatMoney } from '@callboard/shared-ui/format';
import { EditIcon } from '@callboard/shared-ui/icons';
import { RepeatBadge } from '@callboard/shared-ui/repeat-badge';
import { DisputeBadge, StatusBadge } from '@callboard/shared-ui/status-badge';
import type { TableColumn } from '@callboard/shared-ui/table';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { RowSelectionActions } from '../../selection/hooks/use-row-selection';

export interface SelectionColumnState {
  selectedIds: ReadonlySet<string>;
  loadedIds: readonly string[];
  actions: RowSelectionActions;
}

/** What a row's checkbox is called: the caller and the time, which is how a reviewer tells calls apart. */
export function callLabel(call: CallRecord): string {
  return `call from ${call.callerId || 'unknown caller'} at ${formatCallTime(call.callTimestamp)}`;
}

/** Narrow columns cut names with an ellipsis; the whole name is a hover away. */
function clipped(value: string | null) {
  const text = cellText(value);
  return <span title={text}>{text}</span>;
}

/** Shift-clicks select text in the table by default; the range is what is meant. */
function keepTextSelection(event: MouseEvent) {
  if (event.shiftKey) event.preventDefault();
}

function SelectAllCheckbox({ selectedIds, loadedIds, actions }: SelectionColumnState) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = loadedIds.filter((id) => selectedIds.has(id)).length;
  const all = loadedIds.length > 0 && chosen === loadedIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="cb-table__checkbox"
      aria-label="Select all loaded calls"
      checked={all}
      disabled={loadedIds.length === 0}
      onChange={() => (all ? actions.clear() : actions.select(loadedIds))}
    />
  );
}

/** Money on a call's card, at its right under the status. */
const MONEY_ON_CARD = { card: 'figure', className: 'calllogs__money' } as const;

/**
 * The log's columns: time in New York, caller, campaign, publisher,
 * target, buyer, duration, status, revenue and payout. The checkbox column is
 * drawn here rather than by the table's own selection, which does not say
 * whether shift was held. On a phone each call is a card (shared-ui table.css)
 * of its checkbox, time, caller, publisher, status and money: the rest is in
 * its details, a tap away.
 */
export function callLogColumns(selection: SelectionColumnState): TableColumn<CallRecord>[] {
  return [
    {
      key: 'select',
      label: <SelectAllCheckbox {...selection} />,
      width: 40,
      align: 'center',
      className: 'cb-table__select',
      card: 'lead',
      render: (call) => (
        <input
          type="checkbox"
          className="cb-table__checkbox"
          aria-label={`Select ${callLabel(call)}`}
          checked={selection.selectedIds.has(call.id)}
          // Names the row's call for scripts and end-to-end tests, which see no ids otherwise.
          data-call-id={call.id}
          onMouseDown={keepTextSelection}
          // React reports a checkbox change from its click, which carries the shift key.
          onChange={(event) => selection.actions.toggle(call.id, { range: (event.nativeEvent as globalThis.MouseEvent).shiftKey === true })}
        />
      ),
    },
    {
      key: 'callTimestamp',
      label: 'Time',
      width: 156,
      nowrap: true,
      className: 'calllogs__time',
      card: 'title',
      render: (call) => formatCallTime(call.callTimestamp),
    },
    {
      key: 'callerId',
      label: 'Caller',
      width: 150,
      nowrap: true,
      className: 'calllogs__mono',
      card: 'detail',
      render: (call) => (
        <>
          {clipped(call.callerId)}
          <RepeatBadge call={call} />
        </>
      ),
    },
    { key: 'campaignName', label: 'Campaign', width: 110, nowrap: true, render: (call) => clipped(call.campaignName) },
    {
      key: 'publisherName',
      label: 'Publisher',
      width: 104,
      nowrap: true,
      className: 'calllogs__publisher',
      card: 'detail',
      render: (call) => clipped(call.publisherName),
    },
    { key: 'target_name', label: 'Target', width: 100, nowrap: true, render: (call) => clipped(call.target_name) },
    { key: 'buyerName', label: 'Buyer', width: 92, nowrap: true, render: (call) => clipped(call.buyerName) },
    { key: 'durationSec', label: 'Duration', width: 64, align: 'end', render: (call) => formatDuration(call.durationSec) },
    {
      key: 'status',
      label: 'Status',
      width: 146,
      card: 'badge',
      render: (call) => (
        <span className="calllogs__status">
          <StatusBadge status={call.status} />
          {call.statusOverridden ? (
            <EditIcon size={12} className="calllogs__overridden" title="Set by a person" />
          ) : null}
          <DisputeBadge call={call} />
        </span>
      ),
    },
    { key: 'revenue', label: 'Revenue', width: 76, align: 'end', ...MONEY_ON_CARD, cardLabel: 'Revenue', render: (call) => formatMoney(call.revenue) },
    { key: 'payout', label: 'Payout', width: 76, align: 'end', ...MONEY_ON_CARD, cardLabel: 'Payout', render: (call) => formatMoney(call.payout) },
  ];
}
