import { PERMISSION_DENIED, tooCommonSearchText, type CallRecord } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useCallChange, useMayChangeCalls } from '@callboard/shared-ui/use-call-change';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BulkBar } from '../../bulk-redisposition/components/bulk-bar';
import { CallDetailPanel } from '../../call-detail/components/call-detail-panel';
import { CHOSEN_CALL_LOG_COLUMNS } from '../../columns/components/chosen-columns';
import { ColumnsMenu } from '../../columns/components/columns-menu';
import { CallLogsTabs } from '../../disputes/components/call-logs-tabs';
import { useCallLogColumns } from '../../columns/hooks/use-call-log-columns';
import { DispositionPicker } from '../../review-keys/components/disposition-picker';
import { useReviewKeys } from '../../review-keys/hooks/use-review-keys';
import { useRowSelection } from '../../selection/hooks/use-row-selection';
import { isWithinReach, useInView } from '../hooks/use-in-view';
import { useLiveLog } from '../hooks/use-live-log';
import { useOpenCall } from '../hooks/use-open-call';
import { callLogColumns } from './call-log-columns';
import { LogHeader } from './log-header';
import { NewCallsMarker } from './new-calls-marker';
import { VirtualLogTable } from './virtual-log-table';
import './call-log.css';

/**
 * The live call log for one set of filters (the page remounts it when they
 * change): header, rows with infinite scroll (only those in view are drawn:
 * virtual-log-table.tsx), the new-calls marker, the bulk bar while calls are
 * selected, and the detail panel.
 */
export function CallLog({ filters }: { filters: FilterQuery }) {
  const { ref: topRef, inView: atTop } = useInView<HTMLDivElement>({ initial: true });
  // The end sentinel sits a screenful above the last row (call-log.css), so the next page is asked for
  // before the reader gets there. A root margin would not do: the shell's <main> clips it away.
  const end = useInView<HTMLDivElement>();
  const log = useLiveLog(filters, atTop);
  const { rows, hasMore, isLoadingMore, error, loadMore } = log;
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const [selected, selection] = useRowSelection(ids);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [openId, showCall] = useOpenCall();
  const pageRef = useRef<HTMLElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const mayChange = useMayChangeCalls();
  // A partner reads the log: no selection (bulk updates are the network's), no disposition list.
  const selects = useScreenAccess().partner === null;
  const { setDisposition } = useCallChange({ onChanged: log.reload });
  // The `d` list: open on the focus row, under that row's box.
  const [picker, setPicker] = useState<{ id: string; anchor: DOMRect | null } | null>(null);
  // What the last keyboard change came to, for screen readers (the toast says it to the eye).
  const [announcement, setAnnouncement] = useState('');

  // Infinite scroll: while the end is near, keep asking for the next page (one at a time, never after a failure).
  // Measured again here because right after a page lands the observer still speaks of the shorter list.
  const nearEnd = end.inView;
  const endElement = end.element;
  useEffect(() => {
    if (nearEnd && hasMore && !isLoadingMore && !error && isWithinReach(endElement)) loadMore();
  }, [nearEnd, hasMore, isLoadingMore, error, loadMore, endElement, rows.length]);

  const openDetail = useCallback(
    (id: string) => {
      setFocusedId(id);
      showCall(id);
    },
    [showCall],
  );
  const closeDetail = useCallback(() => showCall(null), [showCall]);

  const move = (step: 1 | -1) => {
    if (ids.length === 0) return;
    const at = focusedId === null ? -1 : ids.indexOf(focusedId);
    const next = ids[at === -1 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step))] as string;
    setFocusedId(next);
    // With the panel open it follows the focus row, so a reviewer reads call after call.
    if (openId !== null) openDetail(next);
  };

  useReviewKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      if (focusedId !== null) openDetail(focusedId);
    },
    toggle: (range) => {
      if (focusedId !== null && selects) selection.toggle(focusedId, { range });
    },
    pick: () => {
      if (focusedId === null || !selects) return;
      if (!mayChange) {
        setAnnouncement(PERMISSION_DENIED.redispositionCalls);
        return;
      }
      const row = tableRef.current?.querySelector<HTMLElement>('tr.calllogs__row--focused');
      setPicker({ id: focusedId, anchor: row?.getBoundingClientRect() ?? null });
    },
    close: () => {
      if (openId !== null) closeDetail();
    },
  });

  const focusRow = () => tableRef.current?.querySelector<HTMLElement>('tr.calllogs__row--focused')?.focus({ preventScroll: true });
  const cancelPick = () => {
    setPicker(null);
    focusRow();
  };
  // Enter in the list: the reviewer goes on to the next call at once; the answer is announced when it comes.
  const savePick = (id: string, status: string) => {
    const caller = rows.find((row) => row.id === id)?.callerId ?? 'the call';
    setPicker(null);
    setAnnouncement(`Saving ${status} for ${caller}…`);
    if (id === focusedId && ids.indexOf(id) < ids.length - 1) move(1);
    else focusRow();
    // The status alone: the server's one rule (contract's verdictAfter) clears the old status's sub disposition
    // and reason, as the panel's and the dialog's editor show before saving.
    void setDisposition(id, { status }).then((call) =>
      setAnnouncement(call ? `${caller} set to ${call.status}` : `${caller} was not changed`),
    );
  };
  const pickedRow = picker === null ? undefined : rows.find((row) => row.id === picker.id);

  // The focus row takes the keyboard focus (so screen readers follow and Enter/Space reach it) and stays in view.
  useEffect(() => {
    if (focusedId === null) return;
    const row = tableRef.current?.querySelector<HTMLElement>('tr.calllogs__row--focused');
    if (!row) return;
    if (!row.contains(document.activeElement)) row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  }, [focusedId]);

  const showNewCalls = () => {
    pageRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    log.showNewCalls();
  };

  const { shown } = useCallLogColumns();
  const columns = useMemo(() => {
    const chosen = new Set<string>(shown);
    return [...callLogColumns({ selectedIds: selectedSet, loadedIds: ids, actions: selection }), ...CHOSEN_CALL_LOG_COLUMNS].filter(
      (column) => (column.key === 'select' ? selects : chosen.has(column.key)),
    );
  }, [selectedSet, ids, selection, shown, selects]);

  const rowClassName = (row: CallRecord) =>
    [
      'calllogs__row',
      row.id === focusedId && 'calllogs__row--focused',
      row.id === openId && 'calllogs__row--open',
      selectedSet.has(row.id) && 'calllogs__row--selected',
      log.arrivedIds.has(row.id) && 'calllogs__row--arrived',
    ]
      .filter(Boolean)
      .join(' ');

  const openRow = openId === null ? undefined : rows.find((row) => row.id === openId);
  const focusAt = focusedId === null ? -1 : ids.indexOf(focusedId);
  const focusIndex = focusAt === -1 ? null : focusAt;

  return (
    <section ref={pageRef} className={openId === null ? 'cb-page calllogs' : 'cb-page calllogs calllogs--with-panel'} aria-labelledby="calllogs-title">
      <div ref={topRef} className="calllogs__top-sentinel" data-testid="log-top" aria-hidden="true" />
      <LogHeader loaded={rows.length} total={log.total} loading={log.isLoadingFirst} actions={<ColumnsMenu />} tabs={<CallLogsTabs active="log" />} />

      {error && rows.length === 0 ? (
        <LoadError title="Failed to load records." error={error} onRetry={log.retry} />
      ) : log.isLoadingFirst ? (
        <div className="calllogs__loading" role="status">
          <Spinner size="md" decorative />
          <span>Loading calls...</span>
        </div>
      ) : rows.length === 0 ? (
        <div className="cb-card">
          <EmptyState
            title="No calls found"
            description={
              log.qTooCommon && filters.q
                ? tooCommonSearchText(filters.q)
                : 'No calls match the current filters. Try a wider date range or fewer filters.'
            }
          />
        </div>
      ) : (
        <div className="calllogs__list" ref={tableRef}>
          <NewCallsMarker count={log.newCount} orMore={log.newCountIsFloor} onShow={showNewCalls} />
          <VirtualLogTable
            label="Call log"
            className="calllogs__table"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            onRowClick={(row) => openDetail(row.id)}
            rowClassName={rowClassName}
            loading={log.isReloading}
            loadingText="Refreshing..."
            focusIndex={focusIndex}
          />
          <div ref={end.ref} className="calllogs__end-sentinel" data-testid="log-end" aria-hidden="true" />
        </div>
      )}

      {isLoadingMore ? (
        <div className="calllogs__more" role="status">
          <Spinner size="sm" decorative />
          <span>Loading more calls...</span>
        </div>
      ) : null}
      {error && rows.length > 0 ? (
        <LoadError title={log.failedMore ? 'Failed to load more calls.' : 'Failed to refresh the calls.'} error={error} onRetry={log.retry} />
      ) : null}
      {!hasMore && !error && rows.length > 0 ? <p className="calllogs__end">That’s every call for these filters.</p> : null}

      {selected.length > 0 ? <BulkBar selectedIds={selected} onClear={selection.clear} onUpdated={log.reload} /> : null}
      {picker !== null && pickedRow ? (
        <DispositionPicker
          callLabel={pickedRow.callerId ?? pickedRow.systemCallId}
          current={pickedRow.status}
          anchor={picker.anchor}
          onPick={(status) => savePick(picker.id, status)}
          onCancel={cancelPick}
        />
      ) : null}
      {/* A live region without the status role: the log's header is the page's one status. */}
      <p className="cb-sr-only" aria-live="polite" aria-atomic="true" data-testid="review-announcement">
        {announcement}
      </p>
      {openId !== null ? <CallDetailPanel callId={openId} row={openRow} onClose={closeDetail} onChanged={log.reload} /> : null}
    </section>
  );
}
