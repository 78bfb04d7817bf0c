import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREENS, remoteNamed } from '@callboard/contract';
import {
  frontEndFolders,
  NOT_BUILT_MESSAGE,
  REMOTE_NAMES,
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
 * at `/` with its client routes falling back to its index.html, every kept build of each remote
 * at `/remotes/<name>/<version>-<hash>/` (public code, so any origin may load it), and
 * `/remotes.json`, where the shell learns at run time where each remote lives: the current
 * build's manifest, read from the remote's pointer at each request, so a deploy needs no restart.
 * A missing build is not fatal: the API keeps working and the page says what to run.
 */
export default async function webRoutes(fastify: FastifyInstance, options: WebRouteOptions): Promise<void> {
  const folders = frontEndFolders(options.webRoot);
  const reportPointerProblem = (message: string) => fastify.log.error(`remote build pointer: ${message}`);
  if (!existsSync(path.join(folders.shell, 'index.html'))) {
    fastify.log.warn(`the front end is not built (no ${path.join(folders.shell, 'index.html')}): / answers 503 until npm run build`);
  }

  // The pages are written per response (their CSP nonces), so they cannot be compressed ahead like the
  // built files: `reply.compress` does it as they are sent (a sign-in page of 25 KB goes as about 6).
  // No hook: every other answer of the API is left as it is.
  await fastify.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
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
        summary: "Where each remote is loaded from: REMOTE_*_URL, or its current build's mf-manifest.json on this server",
        response: {
          200: {
            type: 'object',
            properties: Object.fromEntries(REMOTE_NAMES.map((name) => [remoteNamed(name).federationName, { type: 'string' }])),
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return remoteEntries(folders, options.remoteUrls, reportPointerProblem);
    },
  );

  /** The page the shell's build prerendered for a route (its sign-in form already in the HTML), by path. */
  const prerenderedPages = new Map(FIRST_SCREENS.map((screen) => [screen.path, screen.file]));
  /**
   * The route of each prerendered page, by the page's file (`/login.html` → `/login`). A page is only ever
   * sent by sendPage: served as a file it would lack this response's nonces, the policy would block its
   * inline script, and a submit of its form would be left to the browser.
   */
  const routesOfPageFiles = new Map(FIRST_SCREENS.map((screen) => [`/${screen.file}`, screen.path]));

  /**
   * The shell's page: the route's prerendered one when the build wrote it, else index.html. This
   * response's CSP nonce goes to the styles react-hot-toast injects, and to the page's own inline
   * style and script (a prerendered page's stylesheet and early-input script, built with it).
   */
  async function sendPage(reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    const prerendered = prerenderedPages.get(pathname);
    let html: string | undefined;
    for (const file of prerendered ? [prerendered, 'index.html'] : ['index.html']) {
      try {
        html = await readFile(path.join(folders.shell, file), 'utf8');
        break;
      } catch {
        // A build from before this page was prerendered: the bare index.html serves it too.
      }
    }
    if (html === undefined) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${NOT_BUILT_MESSAGE}\n`);
    }
    // goober (react-hot-toast's styles) writes a <style> element and tags it with window.__nonce__.
    const { script, style } = reply.cspNonce;
    html = withNonces(html, script, style);
    const tag = `<script nonce="${script}">window.__nonce__=${JSON.stringify(style)}</script>`;
    const head = /<head[^>]*>/i.exec(html);
    html = head ? html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length) : tag + html;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').compress(html);
    return reply;
  }

  routePrerenderedForms(fastify);

  fastify.get(
    '/*',
    { schema: { hide: true }, helmet: { enableCSPNonces: true } },
    async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const pathname = `/${request.params['*']}`;
      if (SERVER_PATHS.test(pathname)) return reply.callNotFound();
      if (pathname === '/' || pathname === '/index.html') return sendPage(reply, pathname);
      // Its route, without the query: an address written by the old raw page's form may hold a password.
      const route = routesOfPageFiles.get(pathname);
      if (route !== undefined) return reply.redirect(route, 301);
      // A file: the shell's, or a 404 (an asset never gets the page in its place).
      if (HAS_EXTENSION.test(pathname)) return reply.sendFile(pathname);
      // A client route (/reporting, /users/…): the shell's page, which routes in the browser.
      if ((request.headers.accept ?? '').includes('text/html')) return sendPage(reply, pathname);
      return reply.callNotFound();
    },
  );
}

/**
 * A prerendered form sent by the browser itself (JavaScript off, or blocked): its `method="post"` put
 * the password in the body, never in the address. The body is not read (the answer is given before it
 * is parsed, so no content type is refused either), and the browser is sent back to the page: a 303, so
 * a reload does not send the form again. The page tells a person without JavaScript that signing in needs it.
 */
function routePrerenderedForms(fastify: FastifyInstance): void {
  for (const { path: route } of FIRST_SCREENS) {
    const backToThePage = async (_request: FastifyRequest, reply: FastifyReply) => reply.redirect(route, 303);
    fastify.post(route, { schema: { hide: true }, onRequest: backToThePage }, backToThePage);
  }
}

/** The built page's inline `<script>`s (those without `src`) and `<style>`s, given this response's nonces. */
export function withNonces(html: string, scriptNonce: string, styleNonce: string): string {
  return html
    .replace(/<script(?![^>]*\ssrc=)(?=[\s>])/gi, `<script nonce="${scriptNonce}"`)
    .replace(/<style(?=[\s>])/gi, `<style nonce="${styleNonce}"`);
}
