import type { FastifyStaticOptions } from '@fastify/static';
import { cacheControlFor, isPublishedFile } from '../domain/web/front-end';

/**
 * How a remote's built files are sent, wherever they are served from: under `/remotes/<name>/` by the
 * API (routes/web.ts) or from an origin of their own by `npm run serve -w remote-<name>`
 * (cli/serve-remote.ts). A remote is public code that another origin's shell loads, so every file
 * says any origin may read it (`Access-Control-Allow-Origin: *`, and `Cross-Origin-Resource-Policy:
 * cross-origin` for a page that isolates itself); hashed files are cached for a year, the rest
 * revalidated; source maps are not published; the .br/.gz the build wrote are sent when accepted.
 * Files are looked up per request, so a rebuilt remote is served without a restart.
 */
export function remoteFileOptions(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    // A source map answers 404, as if the build had none.
    allowedPath: isPublishedFile,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  };
}
