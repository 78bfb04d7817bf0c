import { BULK_UPDATE_MAX_IDS, type BulkUpdateBody } from '@callboard/contract';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { formatCount } from '@callboard/shared-ui/format';
import { useChangeToasts } from '@callboard/shared-ui/use-call-change';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { bulkUpdate } from '../../call-log/api/calls-api';

export interface Redisposition {
  status: string;
  /** Blank clears it: the bot's sub disposition and reason rarely fit the status a person chose. */
  subDisposition: string;
  reason: string;
}

export function callsText(n: number): string {
  return `${formatCount(n)} call${n === 1 ? '' : 's'}`;
}

/**
 * PUT /api/calls/bulk-update for the chosen calls, then a toast with how many
 * the server changed (calls that already had the disposition are not
 * counted) and an Undo for the change set, and every cached answer that counts
 * dispositions is refetched — details, records and Reporting's stats — so no
 * screen shows the old figures (shared-ui/src/use-call-change.ts).
 * Failures become a toast; the selection stays so the person can try again.
 */
export function useRedisposition(onUpdated: () => void | Promise<void>) {
  const apiFetch = useApiFetch();
  const { offerUndo, revalidate } = useChangeToasts({ onChanged: onUpdated });
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (ids: readonly string[], change: Redisposition): Promise<boolean> => {
      if (ids.length === 0 || ids.length > BULK_UPDATE_MAX_IDS) return false;
      const body: BulkUpdateBody = {
        ids: [...ids],
        set: { status: change.status, sub_disposition: change.subDisposition.trim() || null, reason: change.reason.trim() || null },
      };
      setBusy(true);
      try {
        const answer = await bulkUpdate(apiFetch, body);
        const { updated, changeId } = answer.data;
        const unchanged = ids.length - updated;
        offerUndo(`${callsText(updated)} updated${unchanged > 0 ? ` (${formatCount(unchanged)} already had it)` : ''}`, changeId);
        // In the background: the dialog closes at once, the rows update when the answers are in.
        void revalidate().catch(() => undefined);
        return true;
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Failed to update calls');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [apiFetch, offerUndo, revalidate],
  );

  return { run, busy };
}
