import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { ensureRemotesRegistered, type RemoteName } from './remote-directory';

/** What every remote exposes as `./App`: its area's route tree, with no required props. */
export type RemoteAppModule = { default: ComponentType };

/** Loads `<remote>/App`, registering the remotes first if the shell has not yet. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  await ensureRemotesRegistered();
  const module = await loadRemote<RemoteAppModule>(`${remote}/App`);
  if (!module || typeof module.default !== 'function') throw new Error(`${remote} did not provide ./App`);
  return module;
}
