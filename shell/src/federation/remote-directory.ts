import { registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Where each remote lives is learnt at run time from `/remotes.json` (served by
 * the API, each entry overridable by environment), so a feature team ships a
 * new remote without rebuilding the shell (DESIGN §3).
 */
export const REMOTE_NAMES = ['remote_reporting', 'remote_calllogs', 'remote_users'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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
      registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: directory[name] })));
    },
    (error: unknown) => {
      registration = undefined;
      throw error;
    },
  );
  return registration;
}
