#!/usr/bin/env node
/**
 * `npm start`: builds what is out of date, then runs the one Callboard
 * process (API + front end) on the embedded database, seeded with demo data
 * on first start. Configuration: the environment variables in README.md.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { buildStale } = require('./build-web');

const root = path.resolve(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });

console.log('Building the API (incremental)…');
// `tsc -b` rebuilds only what changed, so a second start costs about a second.
execFileSync(process.execPath, [tsc, '-b', path.join(root, 'api')], { stdio: 'inherit', cwd: root });

// The front end is rebuilt only where a package's dist is missing or older than its sources.
try {
  if (buildStale().length === 0) console.log('The front end is up to date.');
} catch {
  console.error('\nThe front-end build failed (its output is above); npm start stops here. Fix it and run npm start again.');
  process.exit(1);
}

process.chdir(root);
require(path.join(root, 'api', 'dist', 'server.js'));
