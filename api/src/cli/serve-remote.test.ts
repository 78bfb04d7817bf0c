import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRemoteServer, parseServeArguments, remoteEntryPath, remoteInFolder } from './serve-remote';

describe('parseServeArguments', () => {
  test('a port, and the loopback address unless told', () => {
    expect(parseServeArguments(['--port', '4003'])).toEqual({ port: 4003, host: '127.0.0.1' });
    expect(parseServeArguments(['--port', '0', '--host', '0.0.0.0'])).toEqual({ port: 0, host: '0.0.0.0' });
    expect(parseServeArguments(['--help'])).toBe('help');
  });

  test.each([
    [[], '--port is required'],
    [['--port', 'abc'], '--port must be a whole number from 0 to 65,535 (got "abc")'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65,535 (got "70000")'],
    [['--port', '4003', '--host', ' '], '--host must name an address'],
    [['--port', '4003', '--proxy', 'x'], "Unknown option '--proxy'"],
  ])('%p is refused: %s', (argv, message) => {
    expect(() => parseServeArguments(argv)).toThrow(message);
  });
});

test('the remote is the one whose package folder the command runs in', () => {
  expect(remoteInFolder('/repo/remote-users').federationName).toBe('remote_users');
  expect(() => remoteInFolder('/repo/shell')).toThrow('/repo/shell is not a remote\'s folder: run it as npm run serve -w remote-reporting|remote-calllogs|remote-users');
});

describe('the server', () => {
  // The layout a build leaves (scripts/remote-builds.js): kept builds in dist/<version>-<hash>/, a pointer to the current one.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'serve-remote-'));
  const build = path.join(dist, '1.0.0-0123456789');
  mkdirSync(build);
  writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ build: '1.0.0-0123456789' }));
  writeFileSync(path.join(build, 'mf-manifest.json'), '{"id":"remote_users"}');
  writeFileSync(path.join(build, 'remoteEntry.js'), 'var remote_users;');
  writeFileSync(path.join(build, 'remoteEntry.js.map'), '{}');
  writeFileSync(path.join(build, '4412.0123456789.js'), '/* chunk */');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test('the address to give the shell is the current build\'s manifest; none before a build', () => {
    expect(remoteEntryPath(dist)).toBe('/1.0.0-0123456789/mf-manifest.json');
    const empty = mkdtempSync(path.join(os.tmpdir(), 'serve-remote-empty-'));
    try {
      expect(remoteEntryPath(empty)).toBeUndefined();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test('serves a kept build\'s files, kept a year, to any origin, and nothing else', async () => {
    const server = await buildRemoteServer(dist);
    try {
      const manifest = await server.inject({ url: remoteEntryPath(dist)!, headers: { origin: 'http://127.0.0.1:8080' } });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['access-control-allow-origin']).toBe('*');
      expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');

      const entry = await server.inject({ url: '/1.0.0-0123456789/remoteEntry.js', headers: { origin: 'http://127.0.0.1:8080' } });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe('var remote_users;');
      // A build's folder is named by its content and never changes.
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const chunk = await server.inject('/1.0.0-0123456789/4412.0123456789.js');
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers['access-control-allow-origin']).toBe('*');

      expect((await server.inject('/1.0.0-0123456789/remoteEntry.js.map')).statusCode).toBe(404);
      expect((await server.inject('/current.json')).statusCode).toBe(404);
      expect((await server.inject('/api/health')).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
