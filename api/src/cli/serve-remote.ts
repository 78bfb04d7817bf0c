/**
 * `npm run serve -w remote-<name> -- --port <p> [--host <address>]`: one remote's build, from an
 * origin of its own, the way a feature team deploys it to a static host or CDN. It serves the
 * remote's `dist/` folder tree with the headers a cross-origin remote needs (http/built-files.ts)
 * and nothing else: no API, no proxy. Point the shell at it with
 * `REMOTE_<NAME>_URL=http://<host>:<p>/remoteEntry.js` on this machine, an https:// address behind a TLS
 * proxy from any other (docs/deploying.md, "Deploying a remote").
 * Exit codes: 0 stopped, 1 failed (not built, port taken), 2 wrong arguments.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { REMOTES, type RemoteInfo } from '@callboard/contract';
import { REMOTE_MANIFEST_FILE } from '@callboard/contract/remote-builds';
import { isLoopbackHost } from '../config/loopback-host';
import { currentRemoteBuild } from '../domain/web/front-end';
import { remoteFileOptions } from '../http/built-files';
import { readOptions, UsageError, wholeNumber } from './command-line';

const USAGE = `Usage: npm run serve -w remote-<name> -- --port <p> [--host <address>]

  --port P      the port to listen on (0 to 65535; 0 takes any free port and prints it)
  --host H      the address to listen on (default 127.0.0.1; 0.0.0.0 for all)

Serves the remote's kept builds in dist/ (build it first: npm run build -w remote-<name>).`;

/**
 * Where the remote's current build's manifest is, as a path on this server (its builds are kept in
 * `dist/<version>-<hash>/` and `dist/current.json` names the current one: scripts/remote-builds.js);
 * undefined when nothing is built. The documented address to give the shell is this path on the
 * server's origin; an older kept build stays served at its own path, for a rollback.
 */
export function remoteEntryPath(distDir: string): string | undefined {
  const build = currentRemoteBuild(distDir, (problem) => console.error(problem));
  return build === undefined ? undefined : `/${build}/${REMOTE_MANIFEST_FILE}`;
}

export interface ServeArguments {
  port: number;
  host: string;
}

/** Reads the command line; throws UsageError naming the first wrong argument. */
export function parseServeArguments(argv: string[]): ServeArguments | 'help' {
  const values = readOptions(argv, { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) return 'help';
  if (typeof values.port !== 'string') throw new UsageError('--port is required');
  const port = wholeNumber('port', values.port, 0, 0, 65535);
  const host = typeof values.host === 'string' ? values.host.trim() : '127.0.0.1';
  if (host === '') throw new UsageError('--host must name an address');
  return { port, host };
}

/** The remote whose package folder this is (npm run -w runs a package's script in its folder). */
export function remoteInFolder(folder: string): RemoteInfo {
  const remote = REMOTES.find((candidate) => candidate.folder === path.basename(folder));
  if (!remote) {
    throw new UsageError(`${folder} is not a remote's folder: run it as npm run serve -w ${REMOTES.map((r) => r.folder).join('|')}`);
  }
  return remote;
}

/** A server for one remote's `dist/`, not yet listening. */
export async function buildRemoteServer(distDir: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  await server.register(fastifyStatic, remoteFileOptions(distDir, '/'));
  return server;
}

async function main(): Promise<void> {
  let options: ServeArguments | 'help';
  let remote: RemoteInfo;
  try {
    options = parseServeArguments(process.argv.slice(2));
    remote = remoteInFolder(process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const distDir = path.join(process.cwd(), 'dist');
  const entryPath = remoteEntryPath(distDir);
  if (entryPath === undefined || !existsSync(path.join(distDir, entryPath))) {
    console.error(`${remote.folder} is not built (no current build in ${distDir}): run npm run build -w ${remote.folder}`);
    process.exit(1);
  }
  const server = await buildRemoteServer(distDir);
  const origin = await server.listen({ port: options.port, host: options.host });
  const variable = `REMOTE_${remote.name.toUpperCase()}_URL`;
  console.log(`${remote.label} (${remote.federationName}): serving ${distDir} at ${origin}`);
  console.log(`Point the shell at it: ${variable}=${origin}${entryPath}`);
  // The API takes http:// remotes on this machine only (domain/web/front-end.ts, remoteUrlProblem).
  if (!isLoopbackHost(options.host)) console.log(`From other machines, serve it over HTTPS (a TLS proxy in front) and give ${variable} its https:// address.`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
