import { useSyncExternalStore } from 'react';
import type { RemoteDirectory, RemoteName } from './remote-directory';

/**
 * Which remotes were deployed again since this tab registered them.
 *
 * A tab keeps running the remote code it loaded: swapping an area's code
 * under someone mid-task would lose what they were doing, and the builds it
 * loaded stay served (the last five: scripts/remote-builds.js). So when the
 * window regains focus (at most once a minute) the shell reads `/remotes.json`
 * again, and an area whose remote now points elsewhere offers a reload
 * (remote-area.tsx) instead of changing by itself.
 */
export const REMOTES_RECHECK_INTERVAL_MS = 60_000;

let registered: RemoteDirectory | undefined;
let lastRead = 0;
let checking = false;
const updated = new Set<RemoteName>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Compares a fresh read of `/remotes.json` with what this tab registered: a
 * remote is updated while its entry differs (a rollback to what the tab runs clears it).
 */
export function noteRemoteDirectory(directory: RemoteDirectory): void {
  if (!registered) return;
  let changed = false;
  for (const [name, entry] of Object.entries(directory)) {
    const differs = registered[name] !== undefined && registered[name] !== entry;
    if (differs === updated.has(name)) continue;
    if (differs) updated.add(name);
    else updated.delete(name);
    changed = true;
  }
  if (changed) notify();
}

/**
 * Starts watching once the remotes are registered (remote-directory.ts): `read`
 * fetches `/remotes.json` again. A failed read is ignored: the next focus
 * a minute later asks again, and the running areas are unaffected.
 */
export function watchForRemoteUpdates(directory: RemoteDirectory, read: () => Promise<RemoteDirectory>, now: () => number = Date.now): () => void {
  registered = directory;
  lastRead = now();
  const onFocus = () => {
    if (checking || now() - lastRead < REMOTES_RECHECK_INTERVAL_MS) return;
    checking = true;
    lastRead = now();
    read()
      .then(noteRemoteDirectory, (error: unknown) => console.warn('[remotes] could not re-read /remotes.json', error))
      .finally(() => {
        checking = false;
      });
  };
  window.addEventListener('focus', onFocus);
  return () => window.removeEventListener('focus', onFocus);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `remote` was deployed again since this tab registered it. */
export function useRemoteUpdated(remote: RemoteName): boolean {
  return useSyncExternalStore(subscribe, () => updated.has(remote));
}

/** Forgets everything (tests). */
export function resetRemoteUpdates(): void {
  registered = undefined;
  lastRead = 0;
  checking = false;
  updated.clear();
}
