import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES } from '@callboard/contract';
import { currentRemoteBuild, DEFAULT_WEB_ROOT, frontEndFolders, isPublishedRemoteFile, remoteEntries, remoteUrlProblem } from './front-end';

// DEFAULT_WEB_ROOT is a path relative to this file: moving the file must not quietly point it elsewhere.
test('the default web root is the repository root, holding the shell and every remote', () => {
  expect(existsSync(path.join(DEFAULT_WEB_ROOT, 'shell', 'package.json'))).toBe(true);
  for (const remote of REMOTES) expect(existsSync(path.join(DEFAULT_WEB_ROOT, remote.folder, 'package.json'))).toBe(true);
  expect(frontEndFolders(DEFAULT_WEB_ROOT).shell).toBe(path.join(DEFAULT_WEB_ROOT, 'shell', 'dist'));
});

describe('kept remote builds', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'callboard-front-end-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  test('the current build is what the pointer names; none without a pointer; a broken one is reported and counts as none', () => {
    const problems: string[] = [];
    const report = (message: string) => problems.push(message);
    expect(currentRemoteBuild(dist, report)).toBeUndefined();
    expect(problems).toEqual([]);
    writeFileSync(path.join(dist, 'current.json'), '{"build":"1.0.0-0123456789"}');
    expect(currentRemoteBuild(dist, report)).toBe('1.0.0-0123456789');
    writeFileSync(path.join(dist, 'current.json'), '{"build":"latest"}');
    expect(currentRemoteBuild(dist, report)).toBeUndefined();
    writeFileSync(path.join(dist, 'current.json'), 'not json');
    expect(currentRemoteBuild(dist, report)).toBeUndefined();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`${path.join(dist, 'current.json')}: current.json: "build" must name a build folder`);
  });

  test('/remotes.json: a configured URL, else the current build\'s manifest, else where it would be', () => {
    for (const remote of REMOTES) mkdirSync(path.join(dist, remote.folder, 'dist'), { recursive: true });
    writeFileSync(path.join(dist, 'remote-users', 'dist', 'current.json'), '{"build":"2.0.0-abcdefabcd"}');
    expect(remoteEntries(frontEndFolders(dist), { calllogs: 'https://cdn.example.com/calllogs/mf-manifest.json' })).toEqual({
      remote_reporting: '/remotes/reporting/mf-manifest.json',
      remote_calllogs: 'https://cdn.example.com/calllogs/mf-manifest.json',
      remote_users: '/remotes/users/2.0.0-abcdefabcd/mf-manifest.json',
    });
  });

  test.each([
    ['/1.0.0-0123456789/remoteEntry.js', true],
    ['/1.0.0-0123456789/assets/chunk.0123456789.js', true],
    ['/1.0.0-0123456789/', true],
    ['/1.0.0-0123456789/remoteEntry.js.map', false],
    ['/1.0.0-0123456789', false],
    ['/current.json', false],
    ['/remoteEntry.js', false],
    ['/.staging-1-abcdef01/remoteEntry.js', false],
    ['/latest/remoteEntry.js', false],
  ])('%s is published: %s', (file, published) => {
    expect(isPublishedRemoteFile(file)).toBe(published);
  });
});

describe('where a remote may be loaded from', () => {
  test.each([
    'https://cdn.example.com/users/mf-manifest.json',
    '/static/users/remoteEntry.js',
    'http://127.0.0.1:3003/mf-manifest.json',
    'http://localhost:3003/mf-manifest.json',
    'http://[::1]:3003/mf-manifest.json',
  ])('%s is accepted', (url) => {
    expect(remoteUrlProblem(url)).toBeUndefined();
  });

  // A remote's code runs as the signed-in person: fetched in clear from another machine, anyone on the way could replace it.
  test.each(['http://cdn.example.com/users/mf-manifest.json', 'http://0.0.0.0:4003/remoteEntry.js', 'http://192.168.1.20:4003/remoteEntry.js', 'http://localhost.example.com/x.js'])(
    '%s is refused: plain HTTP from another machine',
    (url) => {
      expect(remoteUrlProblem(url)).toBe('must be https:// for a host other than this machine: http:// only for localhost, 127.0.0.1 or ::1');
    },
  );

  test.each(['ftp://x', 'remotes/users/remoteEntry.js', '//cdn.example.com/remoteEntry.js', 'https://'])('%s is not a URL a remote may have', (url) => {
    expect(remoteUrlProblem(url)).toBe('must be an absolute http:// or https:// URL or a path starting with /');
  });
});
