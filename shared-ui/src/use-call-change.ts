/**
 * Changing calls from a screen: one call's disposition, restoring the AI's
 * verdict, and undoing any change (these two, or Call Logs' bulk update).
 * Reporting's call detail and Call Logs' panel and keyboard share it, so every
 * change ends the same way: a toast offering Undo for UNDO_WINDOW_MS, and every
 * cached answer that counts dispositions (the call's detail, records pages,
 * stats, timeline, costs) revalidated, plus whatever the caller shows besides.
 */
import {
  callDispositionPath,
  restoreVerdictPath,
  roleMay,
  undoChangePath,
  type ApiSuccess,
  type CallChangeResult,
  type DispositionBody,
  type UndoResult,
} from '@callboard/contract';
import { ApiError } from '@callboard/shared-auth/api-fetch';
import { callDetailKey } from '@callboard/shared-auth/data/call-detail';
import { dependsOnDispositions } from '@callboard/shared-auth/data/call-keys';
import { userAtom } from '@callboard/shared-auth/session';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import { showUndoToast } from './undo-toast';

/** Whether the signed-in person may change calls (a reviewer or an admin); the server refuses everyone else with 403. */
export function useMayChangeCalls(): boolean {
  const store = useStore();
  return roleMay(useAtomValue(userAtom, { store })?.role, 'redispositionCalls');
}

export interface CallChangeOptions {
  /** After a change or an undo: refetch what the caller shows that SWR does not hold (Call Logs' log). */
  onChanged?: () => void | Promise<void>;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Revalidation after a change and the Undo that follows it. `offerUndo` is
 * what Call Logs' bulk update calls with its answer's changeId.
 */
export function useChangeToasts({ onChanged }: CallChangeOptions = {}) {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  // The toast outlives the render that raised it: it reads the caller's latest callback.
  const changed = useRef(onChanged);
  changed.current = onChanged;

  const revalidate = useCallback(async () => {
    await Promise.all([mutate(dependsOnDispositions), changed.current?.()]);
  }, [mutate]);

  const undo = useCallback(
    async (changeId: string): Promise<void> => {
      try {
        await apiFetch<ApiSuccess<UndoResult>>(undoChangePath(changeId), { method: 'POST' });
        toast.success('Change undone');
      } catch (error) {
        // 409: some calls were changed again since and kept; the message says how many of each.
        toast.error(messageOf(error, 'Failed to undo the change'));
        if (!(error instanceof ApiError && error.status === 409)) return;
      }
      await revalidate().catch(() => undefined);
    },
    [apiFetch, revalidate],
  );

  const offerUndo = useCallback(
    (message: string, changeId: string | null) => {
      if (changeId === null) toast.success(message);
      else showUndoToast(message, () => void undo(changeId));
    },
    [undo],
  );

  return { offerUndo, undo, revalidate };
}

/**
 * One call's disposition and restoring its AI verdict. Each answers the call
 * as it now is (null after a failure, which is toasted): the detail's cache
 * takes it at once, before the other answers are refetched.
 */
export function useCallChange(options: CallChangeOptions = {}) {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const { offerUndo, revalidate } = useChangeToasts(options);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (id: string, request: () => Promise<ApiSuccess<CallChangeResult>>, done: (call: CallChangeResult) => string, failed: string) => {
      setBusy(true);
      try {
        const answer = await request();
        const call = answer.data;
        await mutate(callDetailKey(id), answer, { revalidate: false });
        if (call.changeId === null) toast.success('Nothing to change: the call already has that verdict');
        else offerUndo(done(call), call.changeId);
        void revalidate().catch(() => undefined);
        return call;
      } catch (error) {
        toast.error(messageOf(error, failed));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [mutate, offerUndo, revalidate],
  );

  const setDisposition = useCallback(
    (id: string, body: DispositionBody) =>
      run(
        id,
        () => apiFetch<ApiSuccess<CallChangeResult>>(callDispositionPath(id), { method: 'PUT', body }),
        (call) => `Call set to ${call.status}`,
        'Failed to change the disposition',
      ),
    [apiFetch, run],
  );

  const restoreVerdict = useCallback(
    (id: string) =>
      run(
        id,
        () => apiFetch<ApiSuccess<CallChangeResult>>(restoreVerdictPath(id), { method: 'POST' }),
        (call) => `AI verdict restored: ${call.status}`,
        'Failed to restore the AI verdict',
      ),
    [apiFetch, run],
  );

  return { setDisposition, restoreVerdict, busy };
}
