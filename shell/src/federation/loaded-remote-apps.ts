import type { ComponentType } from 'react';
import type { RemoteName } from './remote-directory';

/** What every remote exposes as `./App`: its area's route tree, with no required props. */
export type RemoteAppModule = { default: ComponentType };

/**
 * Each remote's `./App` once it has loaded, so an area whose code came ahead of it (the sign-in screen
 * fetches the landing area's while the person types: auth/prefetch-after-sign-in.ts) renders without
 * suspending. Its own module, free of the loading code, because the route table reads it and /login's
 * JS must not carry manifest reading and registration (load-remote-app.ts is imported on first use).
 */
const loadedApps = new Map<RemoteName, RemoteAppModule>();

export function rememberLoadedApp(remote: RemoteName, module: RemoteAppModule): void {
  loadedApps.set(remote, module);
}

/** `<remote>/App` if it has already loaded in this tab. */
export function loadedRemoteApp(remote: RemoteName): RemoteAppModule | undefined {
  return loadedApps.get(remote);
}
