/**
 * The CSV imports as the Import tab reads and changes them (contract/src/imports.ts): the upload, the mapping,
 * the run, its progress and the rejected rows' file. The browser never parses the file (no CSV library in the
 * bundle): it sends it as it is, gzip-compressed when the browser can (CompressionStream), and the server reads it.
 */
import {
  IMPORTS_PATH,
  IMPORT_CONTENT_TYPES,
  IMPORT_NAME_PARAM,
  importMappingPath,
  importPath,
  importRejectsPath,
  importRunPath,
  type ImportDetail,
  type ImportMappingEntry,
  type ImportSummary,
} from '@callboard/contract/imports';
import { useApiDownload, useApiFetch } from '@callboard/shared-auth/use-session';
import { saveFile } from '@callboard/shared-ui/save-file';
import { useCallback, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { failureMessage, fieldErrorsOf, useAdminRequest, type ActionResult, type Answer } from '../../admin-tools/admin-request';

export const IMPORTS_TEXT = {
  loadFailed: 'Failed to load imports',
  loadOneFailed: 'Failed to load the import',
  uploadFailed: 'Failed to upload the file',
  mappingFailed: 'Failed to save the mapping',
  runFailed: 'Failed to start the import',
  rejectsFailed: 'Failed to download the rejected rows',
} as const;

/** How often a running import's progress is read. */
export const PROGRESS_POLL_MS = 1000;
/** An upload of the largest file over a slow line: far past JSON's 30 s. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

const isRunning = (status: ImportSummary['status'] | undefined) => status === 'queued' || status === 'running';

/**
 * The shell answers a repeated request from SWR's cache for 30 s (its deduping window), which would hold a poll
 * to one every 30 s: while following a run, the window is kept under the poll's interval.
 */
const FOLLOWING = { dedupingInterval: PROGRESS_POLL_MS / 2 } as const;

export function useImports() {
  return useSWR<Answer<ImportSummary[]>, Error>(IMPORTS_PATH, {
    ...FOLLOWING,
    // While one of them runs, the list follows its progress too.
    refreshInterval: (latest) => (latest?.data.some((i) => isRunning(i.status)) ? PROGRESS_POLL_MS : 0),
  });
}

/** One import; read again every second while it runs, so its progress bar moves. */
export function useImport(id: string) {
  return useSWR<Answer<ImportDetail>, Error>(importPath(id), {
    ...FOLLOWING,
    refreshInterval: (latest) => (isRunning(latest?.data.status) ? PROGRESS_POLL_MS : 0),
  });
}

/** The file as the body: gzip-compressed where the browser can (a 50 MB export becomes a few), else as it is. */
async function bodyOf(file: Blob): Promise<{ body: Blob; headers: Record<string, string> }> {
  const headers: Record<string, string> = { 'content-type': IMPORT_CONTENT_TYPES[0] };
  if (typeof CompressionStream !== 'function' || typeof file.stream !== 'function') return { body: file, headers };
  const compressed = await new Response(file.stream().pipeThrough(new CompressionStream('gzip'))).blob();
  return { body: compressed, headers: { ...headers, 'content-encoding': 'gzip' } };
}

export function useImportActions() {
  const apiFetch = useApiFetch();
  const apiDownload = useApiDownload();
  const { mutate } = useSWRConfig();
  const { run, pending } = useAdminRequest();

  const [uploading, setUploading] = useState(false);

  /** The form says what went wrong beside the file chooser (no toast): a refused file is something to fix there. */
  const upload = useCallback(
    async (file: File): Promise<ActionResult<Answer<ImportDetail>>> => {
      setUploading(true);
      try {
        const { body, headers } = await bodyOf(file);
        const answer = await apiFetch<Answer<ImportDetail>>(IMPORTS_PATH, { method: 'POST', body, headers, query: { [IMPORT_NAME_PARAM]: file.name }, timeoutMs: UPLOAD_TIMEOUT_MS });
        void mutate(IMPORTS_PATH);
        return { ok: true, answer };
      } catch (error) {
        return { ok: false, fieldErrors: fieldErrorsOf(error), message: failureMessage(error, IMPORTS_TEXT.uploadFailed) };
      } finally {
        setUploading(false);
      }
    },
    [apiFetch, mutate],
  );

  /** The answer is the import with its new preview: the page shows it at once. */
  const saveMapping = useCallback(
    (id: string, mapping: ImportMappingEntry[]) =>
      run(
        async () => {
          const answer = await apiFetch<Answer<ImportDetail>>(importMappingPath(id), { method: 'PUT', body: { mapping } });
          await mutate(importPath(id), answer, { revalidate: false });
          return answer;
        },
        { success: null, failure: IMPORTS_TEXT.mappingFailed, toastFieldErrors: false },
      ),
    [apiFetch, run, mutate],
  );

  const start = useCallback(
    (id: string) =>
      run(
        async () => {
          const answer = await apiFetch<Answer<ImportDetail>>(importRunPath(id), { method: 'POST' });
          await mutate(importPath(id), answer, { revalidate: false });
          return answer;
        },
        { success: 'Import started', failure: IMPORTS_TEXT.runFailed, then: () => mutate(IMPORTS_PATH) },
      ),
    [apiFetch, run, mutate],
  );

  const downloadRejects = useCallback(
    (id: string) =>
      run(
        async () => {
          const file = await apiDownload(importRejectsPath(id), { fallbackFilename: 'rejected-rows.csv' });
          saveFile(file.blob, file.filename);
          return { message: undefined };
        },
        { success: null, failure: IMPORTS_TEXT.rejectsFailed },
      ),
    [apiDownload, run],
  );

  return useMemo(
    () => ({ upload, saveMapping, start, downloadRejects, uploading, pending: pending || uploading }),
    [upload, saveMapping, start, downloadRejects, uploading, pending],
  );
}
