/**
 * How a remote's production builds are laid out on disk, decided once for the
 * two sides that meet there: the build (scripts/remote-builds.js writes the
 * folders and the pointer) and the API (api/src/domain/web/front-end.ts serves
 * the folders and names the current one in `/remotes.json`).
 *
 *   remote-users/dist/1.0.0-3f9c2a71d0/   one complete build: `<version>-<hash>`
 *   remote-users/dist/1.1.0-8b0e44c2aa/
 *   remote-users/dist/current.json        {"build":"1.1.0-8b0e44c2aa"}: the one `/remotes.json` names
 *
 * A build's folder never changes once it is in place, so a tab that loaded an
 * older entry still finds every chunk of it until the folder is pruned.
 */

/** The pointer file beside the build folders. */
export const REMOTE_BUILD_POINTER = 'current.json';

/** The file the shell loads a remote through: Module Federation's manifest, written into every build. */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/** How many builds are kept (the current one is always kept on top of these). */
export const KEPT_REMOTE_BUILDS = 5;

/** Hex digits of the build's content hash in its folder name. */
export const REMOTE_BUILD_HASH_LENGTH = 10;

/**
 * `<semver>-<hash>`: the version from the remote's package.json (a pre-release
 * such as `1.2.0-beta.1` allowed; no build metadata, whose `+` is awkward in a
 * path) and the first hex digits of the build's content hash. The identifiers
 * never hold `/`, `\` or an empty part, so an id is always one safe path segment.
 */
const BUILD_ID = /^((?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)-([0-9a-f]{10})$/;

export interface RemoteBuildId {
  id: string;
  version: string;
  hash: string;
}

/** The parts of a build folder's name, or undefined for anything else (the pointer, a build still being written). */
export function parseRemoteBuildId(name: string): RemoteBuildId | undefined {
  const match = BUILD_ID.exec(name);
  if (!match) return undefined;
  return { id: name, version: match[1] as string, hash: match[2] as string };
}

/** The folder name for a build of `version` whose content hashes to `hash` (hex, at least 10 digits). */
export function remoteBuildId(version: string, hash: string): string {
  const id = `${version}-${hash.slice(0, REMOTE_BUILD_HASH_LENGTH).toLowerCase()}`;
  if (!parseRemoteBuildId(id)) throw new Error(`"${version}" and "${hash}" do not make a build folder name (<semver>-<10 hex digits>)`);
  return id;
}

/** The pointer's content: which build is current. */
export interface RemoteBuildPointer {
  build: string;
}

/** Reads the pointer file's JSON, saying what is wrong with a broken one. */
export function parseRemoteBuildPointer(value: unknown): RemoteBuildPointer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${REMOTE_BUILD_POINTER} is not an object`);
  const build = (value as Record<string, unknown>).build;
  if (typeof build !== 'string' || !parseRemoteBuildId(build)) {
    throw new Error(`${REMOTE_BUILD_POINTER}: "build" must name a build folder (<semver>-<10 hex digits>), got ${JSON.stringify(build)}`);
  }
  return { build };
}

/** A build folder and when it was put in place (ms since the epoch). */
export interface InstalledRemoteBuild {
  id: string;
  installedAt: number;
}

/**
 * The builds to delete: all but the `keep` most recently installed, never the
 * current one (a rollback may point at an old build; it stays while pointed at).
 */
export function remoteBuildsToPrune(builds: readonly InstalledRemoteBuild[], current: string | undefined, keep = KEPT_REMOTE_BUILDS): string[] {
  const newestFirst = [...builds].sort((a, b) => b.installedAt - a.installedAt || (a.id < b.id ? 1 : -1));
  return newestFirst.slice(keep).map((build) => build.id).filter((id) => id !== current);
}
