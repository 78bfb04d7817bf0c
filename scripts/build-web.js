#!/usr/bin/env node
/**
 * Builds the front end (shell and remotes) where its dist is missing or older
 * than its sources — the packages' own `src/`, the shared packages, contract,
 * and the webpack configuration. Used by `npm start` and by the end-to-end
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
const APPS = [
  { dir: 'shell', output: 'dist/index.html' },
  { dir: 'remote-reporting', output: 'dist/remoteEntry.js' },
  { dir: 'remote-calllogs', output: 'dist/remoteEntry.js' },
  { dir: 'remote-users', output: 'dist/remoteEntry.js' },
];
/** Sources every app's bundle depends on besides its own. */
const COMMON_INPUTS = ['shared-auth/src', 'shared-ui/src', 'contract/src', 'scripts/webpack', 'tsconfig.web.json', 'tsconfig.base.json'];

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
  const common = Math.max(...COMMON_INPUTS.map(newestMtime));
  return APPS.filter(({ dir, output }) => {
    const built = path.join(root, dir, output);
    if (!fs.existsSync(built)) return true;
    const inputs = Math.max(common, newestMtime(`${dir}/src`), newestMtime(`${dir}/webpack.config.js`), newestMtime(`${dir}/package.json`));
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
    // webpack leaves an unchanged output file untouched; mark it as built now so the next start does not rebuild.
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
