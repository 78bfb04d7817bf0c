/**
 * Where the built front end lives and how it is described to browsers: the
 * shell at `/`, each remote at `/remotes/<name>/`, and the runtime list of
 * remote entries at `/remotes.json`. Which remotes exist, and their folders and
 * federation names, come from the front-end registry in contract. No HTTP
 * here: the routes are in routes/web.ts.
 */
import path from 'node:path';
import { FRONT_END_HOST, REMOTES, remoteNamed } from '@callboard/contract';

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

/** The body of `/remotes.json`, keyed by federation name (`remote_users`). */
export function remoteEntries(urls: RemoteUrls = {}): Record<string, string> {
  const entries = REMOTE_NAMES.map((name) => [remoteNamed(name).federationName, urls[name] ?? `/remotes/${name}/remoteEntry.js`]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The origins of the remotes hosted elsewhere: the Content-Security-Policy must allow them. */
export function remoteOrigins(urls: RemoteUrls = {}): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(urls)) {
    if (url !== undefined && /^https?:\/\//i.test(url) && URL.canParse(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** A remote URL is an absolute http(s) URL or a path on this server (`/…`, not the protocol-relative `//…`). */
export function isRemoteUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/** A source map, or its compressed copy: the build keeps them on disk (for debugging a build), but they are not published. */
const SOURCE_MAP = /\.map(?:\.gz|\.br)?$/i;

/** Whether a built file may be sent to browsers: everything but source maps, which would hand out the original source. */
export function isPublishedFile(filePath: string): boolean {
  return !SOURCE_MAP.test(filePath);
}

/** webpack's `[name].[contenthash:10].js` (with its `.map` and `.LICENSE.txt`), or an asset named by its hash alone. */
const HASHED_FILE = /(?:^|\.)[0-9a-f]{10,}\.[a-z0-9]+(?:\.map|\.LICENSE\.txt)?(?:\.gz|\.br)?$/i;

/**
 * Hashed files never change under their name, so browsers keep them for a
 * year; everything else (index.html, remoteEntry.js, manifests) is
 * revalidated on every use, so a new deployment is picked up at once.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export const NOT_BUILT_MESSAGE = 'The front end is not built: run npm run build';
