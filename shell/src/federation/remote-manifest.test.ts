import { getInstance } from '@module-federation/enhanced/runtime';
import { parseRemoteManifest, remoteEntryFor } from './remote-manifest';
import { IncompatibleSharedError } from './incompatible-shared-error';

jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  getInstance: jest.fn(),
}));

const MANIFEST_URL = '/remotes/users/1.0.0-0123456789/mf-manifest.json';
/** What a remote build writes, as much of it as the shell reads. */
const manifest = (requiredVersion = '^1.0.0', extra: Record<string, unknown> = {}) => ({
  id: 'remote_users',
  name: 'remote_users',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto', ...extra },
  shared: [
    { name: '@callboard/shared-auth/session', version: '1.0.0', requiredVersion },
    { name: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
  ],
  exposes: [{ name: 'App', path: './App' }],
});
const host = { options: { name: 'shell', shared: { '@callboard/shared-auth/session': [{ version: '1.0.0', from: 'shell', shareConfig: { singleton: true } }] } } };

describe('parseRemoteManifest', () => {
  test('the entry sits beside the manifest (publicPath auto), as an absolute URL', () => {
    expect(parseRemoteManifest(manifest(), MANIFEST_URL).entry).toBe('http://localhost/remotes/users/1.0.0-0123456789/remoteEntry.js');
    expect(parseRemoteManifest(manifest(), 'https://cdn.example.com/users/mf-manifest.json').entry).toBe('https://cdn.example.com/users/remoteEntry.js');
  });

  test('a build that said where its files are, and an entry in a subfolder', () => {
    const elsewhere = manifest('^1.0.0', { publicPath: 'https://static.example.com/u/', remoteEntry: { name: 'remoteEntry.js', path: 'js/' } });
    expect(parseRemoteManifest(elsewhere, MANIFEST_URL).entry).toBe('https://static.example.com/u/js/remoteEntry.js');
  });

  test.each([
    [null, 'not an object'],
    [{ shared: [] }, 'no metaData'],
    [{ metaData: { remoteEntry: {} }, shared: [] }, 'no metaData.remoteEntry.name'],
    [{ metaData: { remoteEntry: { name: 'remoteEntry.js' } } }, 'no shared list'],
    [{ metaData: { remoteEntry: { name: 'remoteEntry.js' } }, shared: [{ version: '1.0.0' }] }, 'no shared list'],
  ])('refuses %p', (value, problem) => {
    expect(() => parseRemoteManifest(value, MANIFEST_URL)).toThrow(`${MANIFEST_URL} is not a Module Federation manifest: ${problem}`);
  });
});

describe('remoteEntryFor', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
    (getInstance as jest.Mock).mockReturnValue(host);
  });
  const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: status === 200 ? 'OK' : 'Not Found', json: async () => body });

  test('a compatible manifest gives its entry', async () => {
    fetchMock.mockResolvedValue(answer(200, manifest()));
    await expect(remoteEntryFor('remote_users', MANIFEST_URL)).resolves.toBe('http://localhost/remotes/users/1.0.0-0123456789/remoteEntry.js');
    expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL, expect.anything());
  });

  test('a manifest needing another major of a shared singleton is refused, naming package and versions', async () => {
    fetchMock.mockResolvedValue(answer(200, manifest('^2.0.0')));
    const refusal = remoteEntryFor('remote_users', MANIFEST_URL);
    await expect(refusal).rejects.toBeInstanceOf(IncompatibleSharedError);
    await expect(refusal).rejects.toMatchObject({
      remote: 'remote_users',
      conflicts: [{ packageName: '@callboard/shared-auth', requiredVersion: '^2.0.0', providedVersion: '1.0.0' }],
    });
  });

  test('a missing manifest fails with its address', async () => {
    fetchMock.mockResolvedValue(answer(404, {}));
    await expect(remoteEntryFor('remote_users', MANIFEST_URL)).rejects.toThrow(`${MANIFEST_URL}: 404 Not Found`);
  });

  test('a plain remoteEntry.js is registered as given, without a read', async () => {
    await expect(remoteEntryFor('remote_users', 'https://cdn.example.com/users/remoteEntry.js')).resolves.toBe('https://cdn.example.com/users/remoteEntry.js');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
