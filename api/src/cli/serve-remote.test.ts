import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  const dist = mkdtempSync(path.join(os.tmpdir(), 'serve-remote-'));
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'var remote_users;');
  writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{}');
  writeFileSync(path.join(dist, '4412.0123456789.js'), '/* chunk */');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test('serves the entry (revalidated) and chunks (a year) to any origin, and nothing else', async () => {
    const server = await buildRemoteServer(dist);
    try {
      const entry = await server.inject({ url: remoteEntryPath(dist), headers: { origin: 'http://127.0.0.1:8080' } });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe('var remote_users;');
      expect(entry.headers['access-control-allow-origin']).toBe('*');
      expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(entry.headers['cache-control']).toBe('no-cache');

      const chunk = await server.inject('/4412.0123456789.js');
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers['access-control-allow-origin']).toBe('*');

      expect((await server.inject('/remoteEntry.js.map')).statusCode).toBe(404);
      expect((await server.inject('/api/health')).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
