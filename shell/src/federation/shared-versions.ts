import { satisfy } from '@module-federation/enhanced/runtime';
import type { SharedVersionConflict } from './incompatible-shared-error';

/**
 * Whether a remote may run against the shared singletons this page provides.
 *
 * Every singleton exists once on the page, in the version the shell brought.
 * Module Federation only warns when a remote's `requiredVersion` is not met
 * and runs the remote against the shell's copy anyway: a Users built against
 * `@callboard/shared-auth` 2.x would call a 1.x session API that lacks what
 * it needs. A remote's manifest lists every shared module with the range it
 * needs and is read before the remote's entry (remote-manifest.ts), so the
 * ranges are checked there and a conflict throws `IncompatibleSharedError`,
 * which the area's boundary (remote-area.tsx) shows. The remote's entry is
 * then never loaded, so its own copies never join the share scope either.
 */

/** `@scope/name/sub/path` → `@scope/name`; `react/jsx-runtime` → `react`. */
export function packageOf(sharedName: string): string {
  const parts = sharedName.split('/');
  return (sharedName.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The host's shared modules as the runtime keeps them: name → the versions registered, with who provided each. */
export type HostShared = Record<string, ReadonlyArray<{ version?: string; from?: string; shareConfig?: { singleton?: boolean } }>>;
/** A manifest's `shared` list, as much of it as this check reads. */
export type ManifestShared = ReadonlyArray<{ name: string; singleton?: boolean; requiredVersion?: string | false }>;

/** The version of each package the host itself provides, and whether the host keeps it a singleton. */
function hostPackages(hostName: string, shared: HostShared): Map<string, { version: string; singleton: boolean }> {
  const packages = new Map<string, { version: string; singleton: boolean }>();
  for (const [name, provided] of Object.entries(shared)) {
    const own = provided.find((entry) => entry.from === hostName) ?? provided[0];
    if (own?.version) packages.set(packageOf(name), { version: own.version, singleton: own.shareConfig?.singleton === true });
  }
  return packages;
}

/**
 * The singletons a remote needs in a range the host's version does not satisfy, one per package.
 * A module is a singleton when either side says so: a manifest leaves `singleton` out for the
 * subpaths shared through a prefix key (`@callboard/shared-ui/button`), which are singletons all the same.
 */
export function sharedVersionConflicts(hostName: string, hostShared: HostShared, remoteShared: ManifestShared): SharedVersionConflict[] {
  const provided = hostPackages(hostName, hostShared);
  const conflicts = new Map<string, SharedVersionConflict>();
  for (const { name, singleton, requiredVersion } of remoteShared) {
    if (typeof requiredVersion !== 'string' || requiredVersion === '*') continue;
    const packageName = packageOf(name);
    const host = provided.get(packageName);
    if (!host || !(singleton === true || host.singleton) || conflicts.has(packageName)) continue;
    if (!satisfy(host.version, requiredVersion)) conflicts.set(packageName, { packageName, requiredVersion, providedVersion: host.version });
  }
  return [...conflicts.values()];
}
