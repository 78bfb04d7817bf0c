/**
 * Where the built front end lives and how it is described to browsers: the
 * shell at `/`, each kept build of a remote at `/remotes/<name>/<version>-<hash>/`,
 * and at `/remotes.json` where the shell loads each remote from (the current
 * build's manifest, or `REMOTE_<NAME>_URL`). Which remotes exist, and their
 * folders and federation names, come from the front-end registry in contract;
 * how builds sit on disk, from contract/src/remote-builds.ts. No HTTP here:
 * the routes are in routes/web.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONT_END_HOST, REMOTES, remoteNamed } from '@callboard/contract';
import { parseRemoteBuildId, parseRemoteBuildPointer, REMOTE_BUILD_POINTER, REMOTE_MANIFEST_FILE } from '@callboard/contract/remote-builds';
import { isLoopbackHost } from '../../config/loopback-host';

/** The remotes' short names (`users`): their `/remotes/<name>/` folder and `REMOTE_<NAME>_URL` variable. */
export const REMOTE_NAMES: readonly string[] = REMOTES.map((remote) => remote.name);
export type RemoteName = string;
/** A remote entry's URL per remote, when it is hosted somewhere other than this server. */
export type RemoteUrls = Partial<Record<RemoteName, string>>;

/**
 * The repository root, where `npm start` builds `shell/dist` and
 * `remote-*\/dist`. This file sits at the same depth under `api/src` (tests,
 * ts runners) and `api/dist` (the compiled server), so one relative path fits both.
 */
export const DEFAULT_WEB_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface FrontEndFolders {
  shell: string;
  remotes: Record<RemoteName, string>;
}

export function frontEndFolders(webRoot: string): FrontEndFolders {
  const remotes = Object.fromEntries(REMOTES.map((remote) => [remote.name, path.join(webRoot, remote.folder, 'dist')]));
  return { shell: path.join(webRoot, FRONT_END_HOST.folder, 'dist'), remotes };
}

/**
 * The build a remote's pointer names (`1.2.0-3f9c2a71d0`), read at each call so a
 * deploy is seen without a restart. Undefined when the remote is not built; a
 * pointer that cannot be read is reported through `onProblem` and counts as none.
 */
export function currentRemoteBuild(distDir: string, onProblem: (message: string) => void = () => {}): string | undefined {
  const file = path.join(distDir, REMOTE_BUILD_POINTER);
  try {
    return parseRemoteBuildPointer(JSON.parse(readFileSync(file, 'utf8'))).build;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onProblem(`${file}: ${(error as Error).message}`);
    return undefined;
  }
}

/** The URL of a build's manifest on this server. */
export function remoteManifestPath(name: RemoteName, build: string): string {
  return `/remotes/${name}/${build}/${REMOTE_MANIFEST_FILE}`;
}

/**
 * The body of `/remotes.json`, keyed by federation name (`remote_users`):
 * `REMOTE_<NAME>_URL` when set, else the current build's manifest on this server.
 * A remote with no build gets the address its manifest would have without one,
 * which answers 404, so only its area shows the failure.
 */
export function remoteEntries(folders: FrontEndFolders, urls: RemoteUrls = {}, onProblem?: (message: string) => void): Record<string, string> {
  const entries = REMOTE_NAMES.map((name) => {
    const configured = urls[name];
    if (configured !== undefined) return [remoteNamed(name).federationName, configured];
    const build = currentRemoteBuild(folders.remotes[name] as string, onProblem);
    return [remoteNamed(name).federationName, build ? remoteManifestPath(name, build) : `/remotes/${name}/${REMOTE_MANIFEST_FILE}`];
  });
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * Whether a path under `/remotes/<name>/` (`/1.2.0-3f9c2a71d0/remoteEntry.js`) is a
 * published file of a kept build: inside a build folder (not the pointer, not a
 * build still being written) and not a source map.
 */
export function isPublishedRemoteFile(pathUnderRemote: string): boolean {
  const [, folder, ...rest] = pathUnderRemote.split('/');
  return folder !== undefined && parseRemoteBuildId(folder) !== undefined && rest.length > 0 && isPublishedFile(pathUnderRemote);
}

/** The origins of the remotes hosted elsewhere: the Content-Security-Policy must allow them. */
export function remoteOrigins(urls: RemoteUrls = {}): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(urls)) {
    if (url !== undefined && /^https?:\/\//i.test(url) && URL.canParse(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * Why `value` cannot be where a remote is loaded from (the rule, for REMOTE_<NAME>_URL's error), or
 * undefined when it can: a path on this server (`/…`, not the protocol-relative `//…`), an absolute
 * https:// URL, or http:// to this machine only (`npm run dev`, a remote served beside the API). A
 * remote's code runs as the signed-in person: fetched in clear from another machine, anyone on the
 * way could replace it.
 */
export function remoteUrlProblem(value: string): string | undefined {
  const notAUrl = 'must be an absolute http:// or https:// URL or a path starting with /';
  if (value.startsWith('/')) return value.startsWith('//') || value.includes('\\') ? notAUrl : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return notAUrl;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') return notAUrl;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'must be https:// for a host other than this machine: http:// only for localhost, 127.0.0.1 or ::1';
  }
  return undefined;
}

/** A source map, or its compressed copy: the build keeps them on disk (for debugging a build), but they are not published. */
const SOURCE_MAP = /\.map(?:\.gz|\.br)?$/i;

/** Whether a built file may be sent to browsers: everything but source maps, which would hand out the original source. */
export function isPublishedFile(filePath: string): boolean {
  return !SOURCE_MAP.test(filePath);
}

/** A file in a folder named by its content never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** webpack's `[name].[contenthash:10].js` (with its `.map` and `.LICENSE.txt`), or an asset named by its hash alone. */
const HASHED_FILE = /(?:^|\.)[0-9a-f]{10,}\.[a-z0-9]+(?:\.map|\.LICENSE\.txt)?(?:\.gz|\.br)?$/i;

/**
 * Hashed files never change under their name, so browsers keep them for a
 * year; everything else of the shell (index.html) is revalidated on every use,
 * so a new deployment is picked up at once. (A remote's build folder is named
 * by its content, so all of it is kept for a year: routes/web.ts.)
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? IMMUTABLE_CACHE : 'no-cache';
}

export const NOT_BUILT_MESSAGE = 'The front end is not built: run npm run build';
