import { type ExportFormat } from '@callboard/contract';
import { DISPUTE_REASON_LABELS, type Dispute, type DisputeDecision } from '@callboard/contract/disputes';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { Button } from '@callboard/shared-ui/button';
import {
  DecideDisputeDialog,
  DisputeStatusBadge,
  reportFailure,
  useDisputeActions,
  useDisputesExport,
  useDisputesPage,
  useMayWithdraw,
  useWithdrawDispute,
} from '@callboard/shared-ui/disputes';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCallTime, formatMoney } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useChangeToasts } from '@callboard/shared-ui/use-call-change';
import { useEffect, useMemo, useRef, useState } from 'react';
import { disputeFiltersSearch, disputesQuery, readDisputeFilters, type DisputeFilters, type StatusChoice } from '../hooks/dispute-filters';
import { useQueueKeys } from '../hooks/use-queue-keys';
import { CallLogsTabs } from './call-logs-tabs';
import { DisputePane } from './dispute-pane';
import { DisputeWindowsButton } from './dispute-windows';
import { DisputesFilterBar } from './disputes-filter-bar';

const OUTCOME_WORDS: Record<DisputeDecision, string> = { accept: 'accepted', partial: 'partially accepted', reject: 'rejected' };

/**
 * The Disputes tab of Call Logs (issue 35 item 2; loaded lazily by app.tsx). Reviewers and admins work the queue
 * with the keyboard like the log (j / k, Enter, a / p / r, Escape): the open disputes first, each opened beside
 * the list with the buyer's claim next to the QC evidence frozen at opening; a decision ends in a toast with
 * Undo for 10 s (the same as every change to calls), and a 409 (decided meanwhile) says so and reads the list
 * again. A buyer partner reads its own disputes and withdraws an open one; a publisher partner reads the
 * outcomes on its calls (what was clawed back and why). The filters live in the address; the list exports to
 * CSV or XLSX.
 */
export default function DisputesPage({ base }: { base: string }) {
  const access = useScreenAccess();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const defaultStatus: StatusChoice = access.partner === null ? 'open' : access.partner.kind === 'publisher' ? 'decided' : 'all';
  const filters = useMemo(() => readDisputeFilters(new URLSearchParams(search), defaultStatus), [search, defaultStatus]);
  const setFilters = (next: Partial<DisputeFilters>, replace = false) =>
    void navigate({ pathname, search: disputeFiltersSearch({ ...filters, ...next }, defaultStatus) }, { replace });

  const query = useMemo(() => disputesQuery(filters), [filters]);
  const { page, error, isValidating, reload } = useDisputesPage(query);
  const rows = useMemo(() => page?.data ?? [], [page]);
  const actions = useDisputeActions();
  const { offerUndo } = useChangeToasts({ onChanged: actions.refresh });
  const exportFile = useDisputesExport();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ dispute: Dispute; decision: DisputeDecision } | null>(null);
  const { withdraw, withdrawing } = useWithdrawDispute();
  const mayWithdraw = useMayWithdraw();
  const tableRef = useRef<HTMLDivElement>(null);

  const ids = rows.map((row) => row.id);
  const focused = rows.find((row) => row.id === focusedId) ?? null;
  const opened = filters.open === null ? null : (rows.find((row) => row.id === filters.open) ?? null);

  const openDispute = (id: string | null) => setFilters({ open: id }, true);
  const move = (step: 1 | -1) => {
    if (ids.length === 0) return;
    const at = focusedId === null ? -1 : ids.indexOf(focusedId);
    const next = ids[at === -1 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step))] as string;
    setFocusedId(next);
    // With a dispute open the pane follows the focus row, as the log's detail panel does.
    if (filters.open !== null) openDispute(next);
  };
  /** The dispute a / p / r decide: the one open beside the list, else the focus row. */
  const decide = (decision: DisputeDecision, dispute: Dispute | null = opened ?? focused) => {
    if (!access.mayDecideDisputes || !dispute) return;
    // A decided or withdrawn dispute has nothing to decide: its pane says how it ended.
    if (dispute.status !== 'open') return;
    setDeciding({ dispute, decision });
  };

  useQueueKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      if (focusedId !== null) openDispute(focusedId);
    },
    accept: () => decide('accept'),
    partial: () => decide('partial'),
    reject: () => decide('reject'),
    close: () => {
      if (filters.open !== null) openDispute(null);
    },
  });

  // The focus row takes the keyboard focus, so screen readers follow it and it stays in view.
  useEffect(() => {
    if (focusedId === null) return;
    const row = tableRef.current?.querySelector<HTMLElement>('tr.disputes__row--focused');
    if (!row) return;
    if (!row.contains(document.activeElement)) row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  }, [focusedId, rows]);

  const decided = (dispute: Dispute, decision: DisputeDecision, changeId: string | null) => {
    offerUndo(`Dispute of call ${dispute.systemCallId} ${OUTCOME_WORDS[decision]}`, changeId);
    // The queue goes on to the next dispute, as the log goes on to the next call after a disposition.
    if (filters.open === dispute.id) openDispute(null);
  };

  const download = async (fmt: ExportFormat) => {
    setExporting(fmt);
    try {
      await exportFile(disputesQuery(filters, false), fmt);
    } catch (failure) {
      reportFailure(failure, 'Failed to export the disputes');
    } finally {
      setExporting(null);
    }
  };

  const columns = useDisputeColumns();
  const meta = page?.meta;

  return (
    <section className={opened ? 'cb-page calllogs disputes disputes--with-pane' : 'cb-page calllogs disputes'} aria-labelledby="disputes-title">
      <header className="calllogs__header">
        <div className="calllogs__heading">
          <h1 id="disputes-title" className="cb-page__title">
            Call Logs
          </h1>
          <CallLogsTabs active="disputes" />
        </div>
        <div className="calllogs__meta">
          <p className="calllogs__count" aria-live="polite">
            {meta ? `${meta.total} dispute${meta.total === 1 ? '' : 's'}` : 'Loading disputes...'}
          </p>
          <p className="calllogs__keys" aria-label="Keyboard shortcuts">
            <kbd>j</kbd>
            <kbd>k</kbd> move <kbd>Enter</kbd> evidence
            {access.mayDecideDisputes ? (
              <>
                {' '}
                <kbd>a</kbd> accept <kbd>p</kbd> partial <kbd>r</kbd> reject
              </>
            ) : null}{' '}
            <kbd>Esc</kbd> close
          </p>
          <div className="disputes__export">
            <DisputeWindowsButton />
            <Button size="sm" busy={exporting === 'csv'} disabled={exporting !== null} onClick={() => void download('csv')}>
              Export CSV
            </Button>
            <Button size="sm" busy={exporting === 'xlsx'} disabled={exporting !== null} onClick={() => void download('xlsx')}>
              Export XLSX
            </Button>
          </div>
        </div>
      </header>

      <DisputesFilterBar filters={filters} onChange={(next) => setFilters(next)} />

      {error && !page ? (
        <LoadError title="Failed to load the disputes." error={error} onRetry={() => void reload()} />
      ) : page && rows.length === 0 ? (
        <div className="cb-card">
          <EmptyState title="No disputes" description="No disputes match these filters." />
        </div>
      ) : (
        <div className="disputes__list" ref={tableRef}>
          <Table
            label="Disputes"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={isValidating && page === undefined}
            loadingText="Loading disputes..."
            onRowClick={(row) => {
              setFocusedId(row.id);
              openDispute(row.id);
            }}
            rowClassName={(row) =>
              ['disputes__row', row.id === focusedId && 'disputes__row--focused', row.id === filters.open && 'disputes__row--open'].filter(Boolean).join(' ')
            }
          />
        </div>
      )}

      {meta && meta.pages > 1 ? (
        <nav className="disputes__pages" aria-label="Pages">
          <Button size="sm" disabled={filters.page <= 1} onClick={() => setFilters({ page: filters.page - 1, open: null })}>
            Previous
          </Button>
          <span className="cb-text-sm">
            Page {meta.page} of {meta.pages}
          </span>
          <Button size="sm" disabled={filters.page >= meta.pages} onClick={() => setFilters({ page: filters.page + 1, open: null })}>
            Next
          </Button>
        </nav>
      ) : null}

      {opened ? (
        <DisputePane
          dispute={opened}
          callPath={`${base}/calls/${encodeURIComponent(opened.callId)}`}
          mayDecide={access.mayDecideDisputes}
          mayWithdraw={mayWithdraw(opened)}
          withdrawing={withdrawing === opened.id}
          onDecide={(decision) => decide(decision, opened)}
          onWithdraw={() => void withdraw(opened.id)}
          onClose={() => openDispute(null)}
        />
      ) : null}

      {deciding ? (
        <DecideDisputeDialog
          dispute={deciding.dispute}
          initialDecision={deciding.decision}
          onSubmit={(body) => actions.decide(deciding.dispute.id, body)}
          onDecided={(result) => decided(deciding.dispute, result.dispute.decision?.decision ?? deciding.decision, result.changeId)}
          onConflict={() => void reload()}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </section>
  );
}

/** The queue's columns, as far as the person may see each (the other side's name, the other side's money). */
function useDisputeColumns(): TableColumn<Dispute>[] {
  const { seesDimension, seesMoney } = useScreenAccess();
  return useMemo(() => {
    const columns: Array<TableColumn<Dispute> | false> = [
      { key: 'openedAt', label: 'Opened', width: 130, nowrap: true, render: (row) => formatCallTime(row.openedAt) },
      { key: 'callTimestamp', label: 'Call', width: 130, nowrap: true, render: (row) => formatCallTime(row.callTimestamp) },
      { key: 'status', label: 'Status', width: 130, render: (row) => <DisputeStatusBadge status={row.status} /> },
      { key: 'reason', label: 'Reason', width: 150, render: (row) => DISPUTE_REASON_LABELS[row.reason] },
      seesDimension('buyer') && { key: 'buyerName', label: 'Buyer', width: 120, nowrap: true, render: (row) => row.buyerName ?? '' },
      seesDimension('publisher') && { key: 'publisherName', label: 'Publisher', width: 120, nowrap: true, render: (row) => row.publisherName ?? '' },
      { key: 'campaignName', label: 'Campaign', width: 120, nowrap: true },
      seesMoney('revenue') && { key: 'revenue', label: 'Revenue', width: 80, align: 'end', render: (row) => formatMoney(row.revenue) },
      seesMoney('revenue') && { key: 'credited', label: 'Credited', width: 80, align: 'end', render: (row) => (row.decision?.credited === undefined ? '' : formatMoney(row.decision.credited)) },
      seesMoney('payout') && { key: 'payout', label: 'Payout', width: 80, align: 'end', render: (row) => formatMoney(row.payout) },
      seesMoney('payout') && {
        key: 'clawedBack',
        label: 'Clawed back',
        width: 90,
        align: 'end',
        render: (row) => (row.decision?.clawedBack === undefined ? '' : formatMoney(row.decision.clawedBack)),
      },
    ];
    return columns.filter((column): column is TableColumn<Dispute> => column !== false);
  }, [seesDimension, seesMoney]);
}
