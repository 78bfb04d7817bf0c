#!/usr/bin/env node
/**
 * Builds the front end (shell and remotes) where its dist is missing or older
 * than its sources — the package's own `src/`, the `src/` of every workspace
 * package it depends on (read from the package.json files), and the webpack
 * configuration. Used by `npm start` and by the end-to-end
 * tests; `npm run build` rebuilds everything unconditionally.
 *
 *   node scripts/build-web.js          build what is stale
 *   node scripts/build-web.js --all    build every package (npm run build)
 *   node scripts/build-web.js --check  only say what is stale (exit 1 if any)
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const registry = require('../contract/src/remotes.json');
/**
 * The shell and every remote of the front-end registry, with the file whose age says when it was built:
 * a remote's pointer to its current build (scripts/remote-builds.js), rewritten by every build that completes.
 */
const APPS = [
  { dir: registry.host.folder, output: 'dist/index.html' },
  ...registry.remotes.map((remote) => ({ dir: remote.folder, output: 'dist/current.json' })),
];
/** Inputs every app's bundle depends on besides its own packages. */
const BUILD_INPUTS = ['scripts/webpack', 'tsconfig.web.json', 'tsconfig.base.json'];

/** Workspace folders by package name (`@callboard/shared-ui` → `shared-ui`), from the root package.json. */
function workspaceFolders() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return new Map(workspaces.map((dir) => [JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name, dir]));
}

/**
 * The workspace packages an app is built from: itself and every workspace
 * package it depends on, directly or through another (so a new shared package
 * counts as soon as a package.json names it).
 */
function workspaceInputs(dir, folders = workspaceFolders(), seen = new Set()) {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    const folder = folders.get(name);
    if (folder) workspaceInputs(folder, folders, seen);
  }
  return seen;
}

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) {
    // Tests are not part of a bundle: editing one must not trigger a rebuild.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function staleApps() {
  const folders = workspaceFolders();
  const common = Math.max(...BUILD_INPUTS.map(newestMtime));
  return APPS.filter(({ dir, output }) => {
    const built = path.join(root, dir, output);
    if (!fs.existsSync(built)) return true;
    const packages = [...workspaceInputs(dir, folders)];
    const inputs = Math.max(
      common,
      newestMtime(`${dir}/webpack.config.js`),
      ...packages.flatMap((pkg) => [newestMtime(`${pkg}/src`), newestMtime(`${pkg}/package.json`)]),
    );
    return fs.statSync(built).mtimeMs < inputs;
  }).map(({ dir }) => dir);
}

function buildStale({ log = console.log, all = false } = {}) {
  const stale = all ? APPS.map(({ dir }) => dir) : staleApps();
  if (stale.length === 0) return [];
  log(`Building the front end: ${stale.join(', ')}`);
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  // Contract is compiled JavaScript for the bundles; the other packages are bundled from source.
  execFileSync(process.execPath, [tsc, '-b', path.join(root, 'contract')], { stdio: 'inherit', cwd: root });
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [root] });
  for (const dir of stale) {
    try {
      execFileSync(process.execPath, [webpackCli, '--mode', 'production'], { stdio: 'inherit', cwd: path.join(root, dir) });
    } catch (error) {
      throw new Error(`building ${dir} failed (see above)`, { cause: error });
    }
    // webpack leaves an unchanged output file untouched (and an identical remote build keeps its folder);
    // mark it as built now so the next start does not rebuild.
    const output = path.join(root, dir, APPS.find((app) => app.dir === dir).output);
    const now = new Date();
    fs.utimesSync(output, now, now);
  }
  return stale;
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const stale = staleApps();
    console.log(stale.length ? `stale: ${stale.join(', ')}` : 'front end is up to date');
    process.exit(stale.length ? 1 : 0);
  }
  try {
    buildStale({ all: process.argv.includes('--all') });
  } catch (error) {
    console.error(`The front-end build failed: ${error.message}`);
    process.exit(1);
  }
}

module.exports = { buildStale, staleApps };
