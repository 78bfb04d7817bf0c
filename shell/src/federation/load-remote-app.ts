import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { rememberLoadedApp, type RemoteAppModule } from './loaded-remote-apps';
import { readRemoteDirectory, remoteDirectory, type RemoteName } from './remote-directory';
import { remoteEntryFor } from './remote-manifest';
import { watchForRemoteUpdates } from './remote-updates';

export type { RemoteAppModule } from './loaded-remote-apps';

const registrations = new Map<RemoteName, Promise<void>>();
let watching = false;

/**
 * Registers a remote the first time its area opens: its address from
 * `/remotes.json`, its manifest read and checked, then the entry handed to the
 * runtime. A failure is not remembered, so Retry starts over. From the first
 * registration on, the tab watches `/remotes.json` for deployments.
 */
function ensureRegistered(remote: RemoteName): Promise<void> {
  let registration = registrations.get(remote);
  if (!registration) {
    registration = (async () => {
      const directory = await remoteDirectory();
      if (!watching) {
        watching = true;
        watchForRemoteUpdates(directory, readRemoteDirectory);
      }
      const entry = await remoteEntryFor(remote, directory[remote] as string);
      registerRemotes([{ name: remote, entry }]);
    })();
    registrations.set(remote, registration);
    registration.catch(() => registrations.delete(remote));
  }
  return registration;
}

/** Loads `<remote>/App`, registering the remote first if this tab has not yet. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  await ensureRegistered(remote);
  const module = await loadRemote<RemoteAppModule>(`${remote}/App`);
  if (!module || typeof module.default !== 'function') throw new Error(`${remote} did not provide ./App`);
  rememberLoadedApp(remote, module);
  return module;
}
