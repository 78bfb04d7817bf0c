import { getInstance } from '@module-federation/enhanced/runtime';
import { IncompatibleSharedError } from './incompatible-shared-error';
import { sharedVersionConflicts, type ManifestShared } from './shared-versions';

/**
 * A remote is loaded through its `mf-manifest.json` (written by every remote
 * build): the manifest names the entry and the shared versions the remote
 * needs, so those are checked (shared-versions.ts) before the entry is
 * registered and any of the remote's code runs. The shell reads the manifest
 * itself, in this chunk loaded after sign-in, rather than through the
 * federation runtime's manifest support, whose code would sit in the entry
 * that /login downloads (docs/decisions/0027-versioned-remote-builds.md).
 */
export interface RemoteManifest {
  /** The absolute URL of the remote's entry. */
  entry: string;
  shared: ManifestShared;
}

const MANIFEST_ADDRESS = /\.json(?:[?#]|$)/i;

/** Reads a manifest's JSON, saying which field is wrong; the entry is resolved against the manifest's URL. */
export function parseRemoteManifest(value: unknown, manifestUrl: string): RemoteManifest {
  const fail = (what: string): never => {
    throw new Error(`${manifestUrl} is not a Module Federation manifest: ${what}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const { metaData, shared } = value as { metaData?: unknown; shared?: unknown };
  if (typeof metaData !== 'object' || metaData === null) return fail('no metaData');
  const { remoteEntry, publicPath } = metaData as { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
  if (typeof remoteEntry?.name !== 'string' || remoteEntry.name === '') return fail('no metaData.remoteEntry.name');
  const folder = typeof remoteEntry.path === 'string' && remoteEntry.path !== '' ? `${remoteEntry.path.replace(/\/+$/, '')}/` : '';
  if (!Array.isArray(shared) || !shared.every((item) => typeof (item as { name?: unknown })?.name === 'string')) return fail('no shared list');
  const manifestAbsolute = new URL(manifestUrl, window.location.href);
  // `auto` (our builds): the files sit beside the manifest. Otherwise the build said where they are.
  const base = typeof publicPath === 'string' && publicPath !== 'auto' ? new URL(publicPath, manifestAbsolute) : manifestAbsolute;
  return { entry: new URL(`${folder}${remoteEntry.name}`, base).href, shared: shared as ManifestShared };
}

/**
 * The entry to register for a remote listed at `address` in `/remotes.json`: a
 * manifest is read and checked first (throwing `IncompatibleSharedError` for a
 * remote that needs another major of a shared singleton); a plain
 * `remoteEntry.js` is registered as it is, unchecked.
 */
export async function remoteEntryFor(remote: string, address: string): Promise<string> {
  if (!MANIFEST_ADDRESS.test(address)) return address;
  const response = await fetch(address, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${address}: ${response.status} ${response.statusText}`);
  const manifest = parseRemoteManifest(await response.json(), address);
  const host = getInstance();
  if (host) {
    const conflicts = sharedVersionConflicts(host.options.name, host.options.shared, manifest.shared);
    if (conflicts.length > 0) throw new IncompatibleSharedError(remote, conflicts);
  }
  return manifest.entry;
}
