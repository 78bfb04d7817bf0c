import { useLocation, useNavigate, useParams } from '@callboard/shared-router';
import { useCallback } from 'react';

/**
 * The call whose details are open, kept in the address as a path of the area
 * (`calls/{id}`, the same shape as Reporting's), so a link to a call works in
 * both areas and a call under review can be shared or reloaded. Paths are
 * relative to wherever the shell mounts the area, and the query is kept, so
 * closing goes back to the log as it was.
 */
export function useOpenCall(): [openId: string | null, show: (id: string | null) => void] {
  const { callId } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const openId = callId ?? null;

  const show = useCallback(
    (id: string | null) => {
      // From calls/{id}, up two segments to the area's index first.
      const index = openId === null ? '.' : '../..';
      const pathname = id === null ? index : `${index}/calls/${encodeURIComponent(id)}`;
      // Replace, not push: walking the log with j/k must not fill the history.
      void navigate({ pathname, search }, { replace: true, relative: 'path' });
    },
    [navigate, openId, search],
  );

  return [openId, show];
}
