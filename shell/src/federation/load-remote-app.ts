import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { ensureRemotesRegistered, type RemoteName } from './remote-directory';

/** What every remote exposes as `./App`: its area's route tree, with no required props. */
export type RemoteAppModule = { default: ComponentType };

/** Each remote's `./App` once it has loaded, so an area whose code came ahead of it renders without suspending. */
const loadedApps = new Map<RemoteName, RemoteAppModule>();

/** Loads `<remote>/App`, registering the remotes first if the shell has not yet. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  await ensureRemotesRegistered();
  const module = await loadRemote<RemoteAppModule>(`${remote}/App`);
  if (!module || typeof module.default !== 'function') throw new Error(`${remote} did not provide ./App`);
  loadedApps.set(remote, module);
  return module;
}

/** `<remote>/App` if it has already loaded (the sign-in screen fetches the next area's ahead: auth/prefetch-after-sign-in.ts). */
export function loadedRemoteApp(remote: RemoteName): RemoteAppModule | undefined {
  return loadedApps.get(remote);
}
