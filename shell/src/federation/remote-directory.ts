import { REMOTES } from '@callboard/contract';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { watchForRemoteUpdates } from './remote-updates';

/**
 * Which remotes exist comes from the registry (contract); where each one lives
 * is learnt at run time from `/remotes.json` (served by the API, each entry
 * overridable by environment), so a remote can move to another host or CDN
 * without rebuilding the shell. An entry is a remote's `mf-manifest.json` (the
 * usual case: the runtime reads the entry's address and the shared versions the
 * remote needs from it, which shared-version-plugin.ts checks) or a plain
 * `remoteEntry.js`.
 */
export const REMOTE_NAMES: readonly string[] = REMOTES.map((remote) => remote.federationName);
/** A remote's Module Federation name (`remote_users`). */
export type RemoteName = string;

export type RemoteDirectory = Record<RemoteName, string>;

/** Checks the document's shape so a broken deployment fails with a message, not a stack trace. */
export function parseRemoteDirectory(value: unknown): RemoteDirectory {
  if (typeof value !== 'object' || value === null) throw new Error('remotes.json is not an object');
  const record = value as Record<string, unknown>;
  const directory = {} as RemoteDirectory;
  for (const name of REMOTE_NAMES) {
    const entry = record[name];
    if (typeof entry !== 'string' || entry.trim() === '') throw new Error(`remotes.json has no entry for ${name}`);
    directory[name] = entry;
  }
  return directory;
}

async function fetchRemoteDirectory(): Promise<RemoteDirectory> {
  const response = await fetch('/remotes.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes.json: ${response.status} ${response.statusText}`);
  return parseRemoteDirectory(await response.json());
}

let registration: Promise<void> | undefined;

/**
 * Reads the directory once and registers every remote. A failure is not
 * remembered, so a Retry in any remote area asks again.
 */
export function ensureRemotesRegistered(): Promise<void> {
  registration ??= fetchRemoteDirectory().then(
    (directory) => {
      registerRemotes(Object.entries(directory).map(([name, entry]) => ({ name, entry })));
      watchForRemoteUpdates(directory, fetchRemoteDirectory);
    },
    (error: unknown) => {
      registration = undefined;
      throw error;
    },
  );
  return registration;
}
