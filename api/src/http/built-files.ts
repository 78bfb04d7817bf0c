import type { FastifyStaticOptions } from '@fastify/static';
import { cacheControlFor, isPublishedFile } from '../domain/web/front-end';

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
 * A remote's files under `prefix`. A remote is public code that a shell on another origin loads, so
 * every file says any origin may read it (`Access-Control-Allow-Origin: *`) and run it
 * (`Cross-Origin-Resource-Policy: cross-origin`: the API's default, same-origin, would forbid it).
 */
export function remoteFileOptions(root: string, prefix: string): FastifyStaticOptions {
  const built = builtFileOptions(root);
  return {
    ...built,
    prefix,
    decorateReply: false,
    wildcard: true,
    setHeaders: (reply, filePath, stat) => {
      built.setHeaders?.(reply, filePath, stat);
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  };
}
