import { REMOTES } from '@callboard/contract';

/**
 * Which remotes exist comes from the registry (contract); where each one lives
 * is learnt at run time from `/remotes.json` (served by the API, each entry
 * overridable by environment), so a remote can move to another host or CDN,
 * or be deployed again, without rebuilding the shell. An entry is a remote's
 * `mf-manifest.json` (the usual case: remote-manifest.ts reads it) or a plain
 * `remoteEntry.js`. Registering a remote with the federation runtime happens
 * when its area is first opened (load-remote-app.ts).
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

/** Reads `/remotes.json` now. */
export async function readRemoteDirectory(): Promise<RemoteDirectory> {
  const response = await fetch('/remotes.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes.json: ${response.status} ${response.statusText}`);
  return parseRemoteDirectory(await response.json());
}

let directory: Promise<RemoteDirectory> | undefined;

/**
 * The directory this tab runs with: read once (bootstrap starts it while the
 * first screen renders). A failure is not remembered, so a Retry in any remote
 * area asks again.
 */
export function remoteDirectory(): Promise<RemoteDirectory> {
  directory ??= readRemoteDirectory().catch((error: unknown) => {
    directory = undefined;
    throw error;
  });
  return directory;
}
