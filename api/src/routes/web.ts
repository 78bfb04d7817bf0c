import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  frontEndFolders,
  NOT_BUILT_MESSAGE,
  remoteEntries,
  type RemoteUrls,
} from '../domain/web/front-end';
import { builtFileOptions, remoteFileOptions } from '../http/built-files';

export interface WebRouteOptions {
  /** The folder holding `shell/dist` and `remote-*\/dist`. */
  webRoot: string;
  remoteUrls?: RemoteUrls;
}

/** Paths that belong to the API and never fall back to the app's page. */
const SERVER_PATHS = /^\/(?:api|remotes|recordings)(?:\/|$)/;
const HAS_EXTENSION = /\.[^/]*$/;

/**
 * The built front end, from the same origin as the API (no CORS, one cookie scope): the shell
 * at `/` with its client routes falling back to its index.html, each remote's
 * files at `/remotes/<name>/` (public code, so any origin may load them), and
 * `/remotes.json`, where the shell learns at run time where each remote lives.
 * A missing build is not fatal: the API keeps working and the page says what to run.
 */
export default async function webRoutes(fastify: FastifyInstance, options: WebRouteOptions): Promise<void> {
  const folders = frontEndFolders(options.webRoot);
  const entries = remoteEntries(options.remoteUrls);
  if (!existsSync(path.join(folders.shell, 'index.html'))) {
    fastify.log.warn(`the front end is not built (no ${path.join(folders.shell, 'index.html')}): / answers 503 until npm run build`);
  }

  // The shell's files go through the fallback route below, so this one only lends `reply.sendFile`.
  await fastify.register(fastifyStatic, { ...builtFileOptions(folders.shell), serve: false });
  for (const [name, folder] of Object.entries(folders.remotes)) {
    await fastify.register(fastifyStatic, remoteFileOptions(folder, `/remotes/${name}/`));
  }

  fastify.get(
    '/remotes.json',
    {
      schema: {
        tags: ['front end'],
        summary: "Where each remote's entry is loaded from (REMOTE_*_URL, or this server)",
        response: {
          200: {
            type: 'object',
            properties: Object.fromEntries(Object.keys(entries).map((key) => [key, { type: 'string' }])),
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return entries;
    },
  );

  /** The shell's page, with this response's CSP nonce handed to the styles react-hot-toast injects. */
  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    let html: string;
    try {
      html = await readFile(path.join(folders.shell, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${NOT_BUILT_MESSAGE}\n`);
    }
    // goober (react-hot-toast's styles) writes a <style> element and tags it with window.__nonce__.
    const { script, style } = reply.cspNonce;
    const tag = `<script nonce="${script}">window.__nonce__=${JSON.stringify(style)}</script>`;
    const head = /<head[^>]*>/i.exec(html);
    html = head ? html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length) : tag + html;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  fastify.get(
    '/*',
    { schema: { hide: true }, helmet: { enableCSPNonces: true } },
    async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const pathname = `/${request.params['*']}`;
      if (SERVER_PATHS.test(pathname)) return reply.callNotFound();
      if (pathname === '/' || pathname === '/index.html') return sendIndex(reply);
      // A file: the shell's, or a 404 (an asset never gets the page in its place).
      if (HAS_EXTENSION.test(pathname)) return reply.sendFile(pathname);
      // A client route (/reporting, /users/…): the shell's page, which routes in the browser.
      if ((request.headers.accept ?? '').includes('text/html')) return sendIndex(reply);
      return reply.callNotFound();
    },
  );
}
