import { tooCommonSearchText, type CallRecord } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Button } from '@callboard/shared-ui/button';
import { filtersAtom, setPageAtom, toggleSortAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { ColumnsIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { PageSummary, Pagination } from '@callboard/shared-ui/pagination';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ColumnSettingsModal } from '../../columns/components/column-settings-modal';
import { useColumnVisibility } from '../../columns/hooks/use-column-visibility';
import { ExportMenu } from '../../export/components/export-menu';
import { ExportPopup } from '../../export/components/export-popup';
import { useExport } from '../../export/hooks/use-export';
import { useRecords } from '../api/records';
import { DispositionFilter } from './disposition-filter';
import { RecordsTable } from './records-table';
import { copyRowJson } from './row-json';
import { SearchBox, searchModesFor } from './search-box';
import './records.css';

export const NO_RECORDS_TEXT = 'No records found.';
export const NO_DATA_TEXT = 'No data available';

export interface RecordsCardProps {
  /** View Details or a row click. */
  onOpen: (record: CallRecord) => void;
}

/**
 * The Records view: search, Dispositions, Export and Columns above
 * the table, "Showing X-Y of N items" and the pagination under it.
 */
export function RecordsCard({ onOpen }: RecordsCardProps) {
  const filters = useAtomValue(filtersAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const toggleSort = useSetAtom(toggleSortAtom);
  const setPage = useSetAtom(setPageAtom);
  const { rows, meta, current, error, isLoading } = useRecords();
  const { columns, visibleColumns, setVisible } = useColumnVisibility();
  const exporter = useExport();
  const [columnsOpen, setColumnsOpen] = useState(false);
  const access = useScreenAccess();
  const searchModes = useMemo(() => searchModesFor(access), [access]);

  // A page kept from an earlier visit may no longer exist under today's data: go to the last one there is.
  useEffect(() => {
    if (current && meta && meta.pages > 0 && filters.page > meta.pages) setPage(meta.pages);
  }, [current, meta, filters.page, setPage]);

  const onCopy = useCallback((record: CallRecord) => void copyRowJson(record, visibleColumns), [visibleColumns]);

  const total = meta?.total ?? 0;
  const failed = error !== undefined && !current;

  return (
    <section className="cb-card records" aria-labelledby="records-heading">
      <header className="records__header">
        <h2 id="records-heading" className="records__title">
          Call Records
        </h2>
        <div className="records__toolbar">
          {searchModes.length > 0 ? <SearchBox search={filters.search} q={filters.q} onSearch={updateFilters} modes={searchModes} /> : null}
          <DispositionFilter />
          <span className="cb-spacer" />
          <ExportMenu onExport={exporter.start} disabled={exporter.isProcessing} />
          <Button size="sm" icon={<ColumnsIcon size={14} />} onClick={() => setColumnsOpen(true)}>
            Columns
          </Button>
        </div>
      </header>

      {error !== undefined ? (
        <LoadError className="records__error" title="Failed to load records." error={error} />
      ) : null}

      <RecordsTable
        rows={failed ? [] : rows}
        columns={visibleColumns}
        sort={{ sortBy: filters.sortBy, sortDir: filters.sortDir }}
        onSort={toggleSort}
        onOpen={onOpen}
        onCopy={onCopy}
        loading={isLoading}
        emptyText={current ? (meta?.qTooCommon ? `${NO_RECORDS_TEXT} ${tooCommonSearchText(filters.q)}` : NO_RECORDS_TEXT) : NO_DATA_TEXT}
      />

      <footer className="records__footer">
        <PageSummary page={filters.page} limit={filters.limit} total={failed ? 0 : total} />
        <Pagination page={filters.page} totalPages={failed ? 0 : (meta?.pages ?? 0)} onPageChange={setPage} loading={isLoading} label="Records pages" />
      </footer>

      <ColumnSettingsModal open={columnsOpen} columns={columns} onSave={setVisible} onClose={() => setColumnsOpen(false)} />
      <ExportPopup state={exporter.state} onClose={exporter.reset} />
    </section>
  );
}
