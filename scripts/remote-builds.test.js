const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { currentBuild, hashFolder, installBuild, listBuilds, newStagingDir, pointTo, pruneBuilds } = require('./remote-builds');

let dist;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'callboard-remote-builds-'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

/** What webpack leaves in a staging folder: an entry naming its chunk, and the chunk. */
function stage(label) {
  const dir = newStagingDir(dist);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `load("chunk.${label}.js")`);
  fs.writeFileSync(path.join(dir, 'assets', `chunk.${label}.js`), `/* ${label} */`);
  return dir;
}

/** Installs builds one after another, each a millisecond later (folder times are the order). */
function installMany(labels, version = '1.0.0') {
  return labels.map((label, index) => {
    const id = installBuild(dist, stage(label), version);
    const when = new Date(Date.UTC(2026, 0, 1) + index * 1000);
    fs.utimesSync(path.join(dist, id), when, when);
    return id;
  });
}

test('a build moves into <version>-<hash>/ whole, and the pointer flips to it', () => {
  const staging = stage('a');
  const id = installBuild(dist, staging, '1.2.0');
  expect(id).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
  expect(fs.existsSync(staging)).toBe(false);
  expect(fs.readFileSync(path.join(dist, id, 'assets', 'chunk.a.js'), 'utf8')).toBe('/* a */');
  expect(JSON.parse(fs.readFileSync(path.join(dist, 'current.json'), 'utf8'))).toEqual({ build: id });
  expect(currentBuild(dist)).toBe(id);
  // Nothing else is left beside the build and the pointer (no temporary pointer file).
  expect(fs.readdirSync(dist).sort()).toEqual([id, 'current.json']);
});

test('the hash is the content: the same files give the same folder, a changed file another', () => {
  const [first] = installMany(['a']);
  const again = installBuild(dist, stage('a'), '1.0.0');
  expect(again).toBe(first);
  expect(listBuilds(dist).map((build) => build.id)).toEqual([first]);
  const changed = installBuild(dist, stage('b'), '1.0.0');
  expect(changed).not.toBe(first);
  expect(currentBuild(dist)).toBe(changed);
  expect(hashFolder(path.join(dist, first))).toMatch(new RegExp(`^${first.slice(-10)}`));
});

test('the last five builds are kept, older ones deleted', () => {
  const ids = installMany(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  expect(listBuilds(dist).map((build) => build.id)).toEqual(ids.slice(2).reverse());
  expect(currentBuild(dist)).toBe(ids[6]);
});

test('a rollback points at a kept build, which stays while pointed at however old it is', () => {
  const ids = installMany(['a', 'b', 'c', 'd', 'e']);
  pointTo(dist, ids[0]);
  expect(currentBuild(dist)).toBe(ids[0]);
  expect(pruneBuilds(dist, 2).sort()).toEqual([ids[1], ids[2]].sort());
  expect(listBuilds(dist).map((build) => build.id)).toEqual([ids[4], ids[3], ids[0]]);
  // The next deploy flips the pointer forward again.
  const [next] = installMany(['f']);
  expect(currentBuild(dist)).toBe(next);
});

test('pointing at something that is not a kept build is refused, leaving the pointer as it was', () => {
  const [id] = installMany(['a']);
  expect(() => pointTo(dist, '9.9.9-0123456789')).toThrow(`does not exist; kept builds: ${id}`);
  expect(() => pointTo(dist, '../elsewhere')).toThrow('"../elsewhere" is not a build folder name');
  expect(currentBuild(dist)).toBe(id);
});

test('no pointer is no current build; a broken one names the file', () => {
  expect(currentBuild(dist)).toBeUndefined();
  expect(listBuilds(path.join(dist, 'missing'))).toEqual([]);
  fs.writeFileSync(path.join(dist, 'current.json'), '{"build":"latest"}');
  expect(() => currentBuild(dist)).toThrow(`${path.join(dist, 'current.json')}: current.json: "build" must name a build folder`);
  fs.writeFileSync(path.join(dist, 'current.json'), '{"build":');
  expect(() => currentBuild(dist)).toThrow(path.join(dist, 'current.json'));
});

test('staging folders of builds that died are cleared after a day; one being written is left alone', () => {
  installMany(['a']);
  const dead = stage('dead');
  const live = stage('live');
  const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000);
  fs.utimesSync(dead, yesterday, yesterday);
  pruneBuilds(dist);
  expect(fs.existsSync(dead)).toBe(false);
  expect(fs.existsSync(live)).toBe(true);
});
