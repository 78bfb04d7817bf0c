import { API_PATHS } from '@callboard/contract';
import { type ScorecardExportBody, type ScorecardGroupBy } from '@callboard/contract/scorecard';
import { useApiDownload } from '@callboard/shared-auth/use-session';
import { filterParamsAtom } from '@callboard/shared-ui/filter-atoms';
import { saveFile } from '@callboard/shared-ui/save-file';
import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { ScorecardSort } from '../api/scorecard-api';

/**
 * Exports the scorecard as the tab shows it (the same filters, grouping,
 * order and minimum of calls for a flag): POST /api/scorecard/export builds the CSV on the server, like every
 * other export, and it is saved. A second click while one runs is ignored.
 */
export function useScorecardExport(groupBy: ScorecardGroupBy, sort: ScorecardSort, minCalls: number): { exporting: boolean; exportCsv: () => Promise<void> } {
  const download = useApiDownload();
  const filters = useAtomValue(filterParamsAtom);
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);

  const exportCsv = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const body: ScorecardExportBody = { ...filters, groupBy, sortBy: sort.sortBy, sortDir: sort.sortDir, minCalls, fmt: 'csv' };
      const file = await download(API_PATHS.scorecardExport, { method: 'POST', body, fallbackFilename: `scorecard_by_${groupBy}.csv` });
      saveFile(file.blob, file.filename);
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running.current = false;
      setExporting(false);
    }
  }, [download, filters, groupBy, sort, minCalls]);

  return { exporting, exportCsv };
}
