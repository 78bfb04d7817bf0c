import type { FastifyStaticOptions } from '@fastify/static';
import { cacheControlFor, IMMUTABLE_CACHE, isPublishedFile, isPublishedRemoteFile } from '../domain/web/front-end';

/**
 * How the built front end's files are sent, wherever they are served from: the shell's and each
 * remote's by the API (routes/web.ts), a remote's from an origin of its own by `npm run serve -w
 * remote-<name>` (cli/serve-remote.ts). Hashed files are cached for a year, the rest revalidated;
 * source maps are not published (404, as if the build had none); the .br/.gz the build wrote are
 * sent when the browser accepts them. Files are looked up per request, so a rebuild is served
 * without a restart.
 */
export function builtFileOptions(root: string): FastifyStaticOptions {
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    // reply.sendFile asks this too.
    allowedPath: isPublishedFile,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  };
}

/**
 * A remote's kept builds under `prefix` (`<prefix><version>-<hash>/…`, scripts/remote-builds.js). A
 * build's folder is named by its content and never changes, so everything in it is kept for a year,
 * the entry and the manifest included; only the pointer to the current build is revalidated, and
 * it is read by /remotes.json, never served. A remote is public code that a shell on another origin
 * loads, so every file says any origin may read it (`Access-Control-Allow-Origin: *`) and run it
 * (`Cross-Origin-Resource-Policy: cross-origin`: the API's default, same-origin, would forbid it).
 */
export function remoteFileOptions(root: string, prefix: string): FastifyStaticOptions {
  return {
    ...builtFileOptions(root),
    prefix,
    decorateReply: false,
    wildcard: true,
    // Only files inside a kept build; a source map answers 404, as if the build had none.
    allowedPath: isPublishedRemoteFile,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE_CACHE);
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  };
}
