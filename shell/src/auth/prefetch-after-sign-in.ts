import { REMOTES } from '@callboard/contract';
import { DashboardLayout } from '../app/dashboard-frame';
import { loadRemoteApp } from '../federation/load-remote-app';

/**
 * While the person types on the sign-in screen, the code of the screen they will land on is fetched:
 * the signed-in frame and the landing area's remote (its entry, `./App` and the chunks it needs).
 * Not its data: there is no token yet. Sign-in then waits only for the login answer and the area's
 * first requests, not for code (docs/decisions/0029-first-screen-in-the-html.md). Once per page: a
 * failure here is not retried on every key, the area loads (and reports a failure) on its own when shown.
 */
const prefetched = new Set<string>();

/** The remote whose area shows `target` (`/reporting?page=2`), if any. */
export function remoteFor(target: string): string | undefined {
  const pathname = target.split(/[?#]/)[0] ?? target;
  return REMOTES.find((remote) => pathname === remote.route || pathname.startsWith(`${remote.route}/`))?.federationName;
}

export function prefetchAfterSignIn(target: string): void {
  const remote = remoteFor(target);
  const key = remote ?? '';
  if (prefetched.has(key)) return;
  prefetched.add(key);
  void DashboardLayout.preload().catch(() => undefined);
  if (remote) void loadRemoteApp(remote).catch(() => undefined);
}
