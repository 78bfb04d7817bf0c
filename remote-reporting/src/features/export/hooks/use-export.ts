import type { ExportFormat } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { filterParamsAtom } from '@callboard/shared-ui/filter-atoms';
import { columnSettingsAtom, visibleColumnKeys } from '@callboard/shared-ui/record-columns-atom';
import { useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadExport, type DownloadProgress, type ExportDownloadOptions, type StreamedFile } from '../api/export-download';
import { fallbackExportName } from '../components/export-file-name';
import { saveFile } from '@callboard/shared-ui/save-file';

/** How long "Export Complete" stays before the popup goes. */
export const EXPORT_RESET_DELAY_MS = 3000;

/** The export's states; `progress` is 0 until the file is complete, then 100. */
export type ExportState =
  | { status: 'idle'; progress: 0 }
  | { status: 'processing'; progress: 0; format: ExportFormat; received: DownloadProgress }
  | { status: 'completed'; progress: 100; format: ExportFormat; filename: string; received: DownloadProgress }
  | { status: 'error'; progress: 0; format: ExportFormat; message: string };

export const IDLE: ExportState = { status: 'idle', progress: 0 };

export interface UseExportOptions {
  /** Seams for tests and other callers; the real download and save by default. */
  download?: (store: Parameters<typeof downloadExport>[0], options: ExportDownloadOptions) => Promise<StreamedFile>;
  save?: (blob: Blob, filename: string) => void;
}

export interface ExportController {
  state: ExportState;
  /** Starts an export of the current filters with the table's visible columns; ignored while one is processing. */
  start: (format: ExportFormat) => void;
  /** Back to idle: the close button. An export still streaming is cancelled. */
  reset: () => void;
  isProcessing: boolean;
}

/**
 * The records export as a headless state machine: idle → processing →
 * completed (the file is saved, and 3 s later back to idle) or error (stays
 * until closed, so the reason can be read). The popup and the menu only draw it.
 */
export function useExport({ download = downloadExport, save = saveFile }: UseExportOptions = {}): ExportController {
  const store = useStore();
  const { seesField } = useScreenAccess();
  const [state, setState] = useState<ExportState>(IDLE);
  const running = useRef<AbortController | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearResetTimer = () => {
    if (resetTimer.current !== null) clearTimeout(resetTimer.current);
    resetTimer.current = null;
  };

  const reset = useCallback(() => {
    clearResetTimer();
    running.current?.abort();
    running.current = null;
    setState(IDLE);
  }, []);

  const start = useCallback(
    (format: ExportFormat) => {
      if (running.current) return;
      clearResetTimer();
      const controller = new AbortController();
      running.current = controller;
      const stillMine = () => running.current === controller && !controller.signal.aborted;
      setState({ status: 'processing', progress: 0, format, received: { bytes: 0, rows: null, totalRows: null } });

      download(store, {
        format,
        query: store.get(filterParamsAtom),
        // The file holds what the table shows, in its order: never a column the person may not see.
        columns: visibleColumnKeys(store.get(columnSettingsAtom)).filter(seesField),
        fallbackFilename: fallbackExportName(format),
        signal: controller.signal,
        onProgress: (received) => {
          if (stillMine()) setState({ status: 'processing', progress: 0, format, received });
        },
      }).then(
        (file) => {
          if (!stillMine()) return;
          running.current = null;
          save(file.blob, file.filename);
          setState({ status: 'completed', progress: 100, format, filename: file.filename, received: file.progress });
          resetTimer.current = setTimeout(() => {
            resetTimer.current = null;
            setState(IDLE);
          }, EXPORT_RESET_DELAY_MS);
        },
        (error: unknown) => {
          // A cancelled export was closed on purpose: nothing to report.
          if (!stillMine()) return;
          running.current = null;
          setState({ status: 'error', progress: 0, format, message: errorText(error) });
        },
      );
    },
    [download, save, store, seesField],
  );

  // Leaving the page cancels a running export and its timer.
  useEffect(
    () => () => {
      clearResetTimer();
      running.current?.abort();
      running.current = null;
    },
    [],
  );

  return { state, start, reset, isProcessing: state.status === 'processing' };
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error occurred';
}
