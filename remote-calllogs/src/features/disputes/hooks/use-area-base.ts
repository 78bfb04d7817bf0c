import { useLocation, useParams } from '@callboard/shared-router';

/**
 * Where the area is mounted: "/calllogs" under the shell's `/calllogs/*`, "" when the remote runs on its own,
 * by the segments of the address the shell's splat did not match (as remote-reporting/src/app.tsx finds it).
 * The tabs link from there absolutely: a relative link under a splat route resolves against the whole address.
 */
export function useAreaBase(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'];
  if (rest === undefined) return '';
  // By segments, not characters: the address is percent-encoded, the matched rest is not.
  const segments = pathname.split('/').filter(Boolean);
  const restSegments = rest.split('/').filter(Boolean).length;
  return segments.slice(0, segments.length - restSegments).map((segment) => `/${segment}`).join('');
}
