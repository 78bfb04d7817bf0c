#!/usr/bin/env node
/**
 * `npm run dev`: the API (port 8080, embedded database) plus one webpack dev
 * server per front-end package, on the ports of the front-end registry
 * (contract/src/remotes.json). The API's /remotes.json points the shell at the
 * remotes' dev servers, and each dev server proxies /api to the API.
 * Open http://127.0.0.1:3000. Ctrl-C stops everything.
 *
 * Edits take effect by themselves: the dev servers apply React Fast Refresh
 * (scripts/webpack/fast-refresh.js), and the API is recompiled by `tsc -b --watch`
 * and restarted by `node --watch`, which follows the very modules the server
 * loaded (api/dist, contract/dist): built into Node, no watcher to configure.
 */
const { spawn, execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [root] });

const registry = require('../contract/src/remotes.json');
const API_PORT = process.env.PORT ?? '8080';

execFileSync(process.execPath, [tsc, '-b', path.join(root, 'api'), path.join(root, 'contract')], { stdio: 'inherit', cwd: root });

const children = [];
function run(name, args, options) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${name}] `;
  const forward = (stream, out) => stream.on('data', (chunk) => out.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`${prefix}exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

const remoteUrls = Object.fromEntries(
  registry.remotes.map(({ name, devPort }) => [`REMOTE_${name.toUpperCase()}_URL`, `http://127.0.0.1:${devPort}/mf-manifest.json`]),
);
run('tsc', [tsc, '-b', path.join(root, 'api'), path.join(root, 'contract'), '--watch', '--preserveWatchOutput'], { cwd: root });
run('api', ['--watch', path.join(root, 'api/dist/server.js')], { cwd: root, env: { ...process.env, PORT: API_PORT, ...remoteUrls } });
for (const { folder: dir, devPort: port } of [registry.host, ...registry.remotes]) {
  run(dir, [webpackCli, 'serve', '--mode', 'development', '--port', String(port)], {
    cwd: path.join(root, dir),
    env: { ...process.env, CALLBOARD_DEV_API: `http://127.0.0.1:${API_PORT}` },
  });
}
console.log(`Callboard dev: open http://127.0.0.1:${registry.host.devPort} (API on :${API_PORT})`);

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
