#!/usr/bin/env node
/**
 * A remote's kept production builds on disk: one folder per build,
 * `dist/<version>-<hash>/`, and the pointer `dist/current.json` naming the one
 * `/remotes.json` serves (the layout and its rules: contract/src/remote-builds.ts).
 *
 * A build is written to a staging folder, moved into place by one rename when
 * it is complete, and only then does the pointer flip (written to a temporary
 * file and renamed over the old one), so a reader sees the old build or the
 * new one, never half of one. The last five builds stay, so a tab that loaded
 * an older entry still gets its chunks. Used by the webpack build
 * (scripts/webpack/remote-build-plugin.js), build-web.js, the e2e tests and
 * anything that serves a remote's current build.
 *
 *   node scripts/remote-builds.js list <remote>            the kept builds, newest first, the current one marked
 *   node scripts/remote-builds.js use <remote> <build>     point at a kept build (a rollback, or forward again)
 *
 * <remote> is a registry name (`users`) or folder (`remote-users`).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  parseRemoteBuildId,
  parseRemoteBuildPointer,
  remoteBuildId,
  remoteBuildsToPrune,
  REMOTE_BUILD_POINTER,
  KEPT_REMOTE_BUILDS,
} = require('@callboard/contract/remote-builds');

const STAGING_PREFIX = '.staging-';
/** A staging folder this old belongs to a build that died: no build takes a day. */
const ABANDONED_STAGING_MS = 24 * 60 * 60 * 1000;

/** A fresh staging folder's path inside `distDir` (not created: webpack creates and cleans it). */
function newStagingDir(distDir) {
  return path.join(distDir, `${STAGING_PREFIX}${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
}

/** The kept builds, newest first: `{ id, version, hash, installedAt, dir }`. */
function listBuilds(distDir) {
  if (!fs.existsSync(distDir)) return [];
  const builds = [];
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    const parsed = entry.isDirectory() ? parseRemoteBuildId(entry.name) : undefined;
    if (!parsed) continue;
    const dir = path.join(distDir, entry.name);
    builds.push({ ...parsed, installedAt: fs.statSync(dir).mtimeMs, dir });
  }
  return builds.sort((a, b) => b.installedAt - a.installedAt || (a.id < b.id ? 1 : -1));
}

/** The build the pointer names, or undefined when there is no pointer yet; a broken pointer throws, naming the file. */
function currentBuild(distDir) {
  const file = path.join(distDir, REMOTE_BUILD_POINTER);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parseRemoteBuildPointer(JSON.parse(text)).build;
  } catch (error) {
    throw new Error(`${file}: ${error.message}`, { cause: error });
  }
}

/** Writes `data` to `file` so that readers see the old content or the new, never a part: a temporary file, then a rename. */
function writeFileAtomically(file, data) {
  const temporary = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

/** Points `/remotes.json` at a kept build. */
function pointTo(distDir, id) {
  if (!parseRemoteBuildId(id)) throw new Error(`"${id}" is not a build folder name (<semver>-<10 hex digits>)`);
  if (!fs.existsSync(path.join(distDir, id))) {
    const kept = listBuilds(distDir).map((build) => build.id);
    throw new Error(`${path.join(distDir, id)} does not exist; kept builds: ${kept.join(', ') || 'none'}`);
  }
  writeFileAtomically(path.join(distDir, REMOTE_BUILD_POINTER), `${JSON.stringify({ build: id })}\n`);
}

/** SHA-256 over every file's path (relative, `/`-separated) and content, in a fixed order: the same build, the same hash. */
function hashFolder(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (relative) => {
    const entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else hash.update(`${child}\0`).update(fs.readFileSync(path.join(dir, child))).update('\0');
    }
  };
  walk('');
  return hash.digest('hex');
}

/**
 * Moves a complete build from its staging folder into `dist/<version>-<hash>/`,
 * points at it and prunes. The same content built again is the folder already
 * there: the staging copy is dropped and that folder becomes current (and the newest).
 * Returns the build's id.
 */
function installBuild(distDir, stagingDir, version) {
  const id = remoteBuildId(version, hashFolder(stagingDir));
  const target = path.join(distDir, id);
  if (fs.existsSync(target)) fs.rmSync(stagingDir, { recursive: true, force: true });
  else fs.renameSync(stagingDir, target);
  const now = new Date();
  fs.utimesSync(target, now, now);
  pointTo(distDir, id);
  pruneBuilds(distDir);
  return id;
}

/** Deletes all but the last `keep` builds (never the current one) and staging folders left by builds that died. */
function pruneBuilds(distDir, keep = KEPT_REMOTE_BUILDS) {
  const doomed = remoteBuildsToPrune(listBuilds(distDir), currentBuild(distDir), keep);
  for (const id of doomed) fs.rmSync(path.join(distDir, id), { recursive: true, force: true });
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.name.startsWith(STAGING_PREFIX)) continue;
    const full = path.join(distDir, entry.name);
    if (Date.now() - fs.statSync(full).mtimeMs > ABANDONED_STAGING_MS) fs.rmSync(full, { recursive: true, force: true });
  }
  return doomed;
}

/** A remote's `dist` folder from its registry name or folder. */
function remoteDistDir(remote, root = path.resolve(__dirname, '..')) {
  const registry = require('../contract/src/remotes.json');
  const entry = registry.remotes.find((candidate) => candidate.name === remote || candidate.folder === remote);
  if (!entry) throw new Error(`no remote "${remote}" in contract/src/remotes.json (${registry.remotes.map((r) => r.name).join(', ')})`);
  return path.join(root, entry.folder, 'dist');
}

function main([command, remote, build]) {
  const usage = 'usage: node scripts/remote-builds.js list <remote> | use <remote> <build>';
  if (!remote || !['list', 'use'].includes(command)) throw new Error(usage);
  const distDir = remoteDistDir(remote);
  if (command === 'use') {
    if (!build) throw new Error(usage);
    pointTo(distDir, build);
    console.log(`${remote}: /remotes.json now names ${build}`);
    return;
  }
  const current = currentBuild(distDir);
  const builds = listBuilds(distDir);
  if (builds.length === 0) console.log(`${remote}: no builds in ${distDir}`);
  for (const { id, installedAt } of builds) {
    console.log(`${id === current ? '*' : ' '} ${id}  built ${new Date(installedAt).toISOString()}`);
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

module.exports = { newStagingDir, listBuilds, currentBuild, pointTo, hashFolder, installBuild, pruneBuilds, remoteDistDir, writeFileAtomically };
