import { API_PATHS, type BreakdownGroup } from '@callboard/contract';
import { useApiDownload } from '@callboard/shared-auth/use-session';
import { filterParamsAtom } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { saveFile } from '@callboard/shared-ui/save-file';

export type ExportFormat = 'csv' | 'xlsx';

export interface BreakdownExport {
  exporting: ExportFormat | null;
  exportAs: (fmt: ExportFormat) => Promise<void>;
}

/**
 * Exports the breakdown as the page shows it (same filters, same grouping):
 * POST /api/cost/export streams the file, which is then saved. One export at a
 * time: a second click while one runs is ignored rather than queued.
 */
export function useBreakdownExport(groupBy: BreakdownGroup): BreakdownExport {
  const download = useApiDownload();
  const filters = useAtomValue(filterParamsAtom);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const running = useRef(false);

  const exportAs = useCallback(
    async (fmt: ExportFormat) => {
      if (running.current) return;
      running.current = true;
      setExporting(fmt);
      try {
        const file = await download(API_PATHS.costExport, {
          method: 'POST',
          body: { ...filters, fmt, groupBy },
          fallbackFilename: `cost_breakdown.${fmt}`,
        });
        saveFile(file.blob, file.filename);
      } catch (error) {
        toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running.current = false;
        setExporting(null);
      }
    },
    [download, filters, groupBy],
  );

  return { exporting, exportAs };
}
