import { registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemoteDirectory } from './remote-directory';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

// A manifest (the usual case) or a plain remoteEntry.js: the runtime tells them apart by the address.
const complete = {
  remote_reporting: '/remotes/reporting/1.0.0-0123456789/mf-manifest.json',
  remote_calllogs: '/remotes/calllogs/1.0.0-0123456789/mf-manifest.json',
  remote_users: 'https://cdn.example.com/users/remoteEntry.js',
};

describe('parseRemoteDirectory', () => {
  test('accepts one entry per remote', () => {
    expect(parseRemoteDirectory(complete)).toEqual(complete);
  });

  test.each([
    [null, 'remotes.json is not an object'],
    ['text', 'remotes.json is not an object'],
    [{ ...complete, remote_users: undefined }, 'remotes.json has no entry for remote_users'],
    [{ ...complete, remote_calllogs: '  ' }, 'remotes.json has no entry for remote_calllogs'],
    [{ ...complete, remote_reporting: 42 }, 'remotes.json has no entry for remote_reporting'],
  ])('rejects %p', (value, message) => {
    expect(() => parseRemoteDirectory(value)).toThrow(message);
  });
});

describe('ensureRemotesRegistered', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    jest.resetModules();
    (registerRemotes as jest.Mock).mockClear();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: status === 200 ? 'OK' : 'Bad Gateway', json: async () => body });

  test('registers every remote from /remotes.json once', async () => {
    fetchMock.mockResolvedValue(answer(200, complete));
    const { ensureRemotesRegistered } = await import('./remote-directory');
    await Promise.all([ensureRemotesRegistered(), ensureRemotesRegistered()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/remotes.json');
    const { registerRemotes: register } = await import('@module-federation/enhanced/runtime');
    expect(register).toHaveBeenCalledWith([
      { name: 'remote_reporting', entry: complete.remote_reporting },
      { name: 'remote_calllogs', entry: complete.remote_calllogs },
      { name: 'remote_users', entry: complete.remote_users },
    ]);
  });

  test('a failed read is not remembered, so a retry asks again', async () => {
    fetchMock.mockResolvedValueOnce(answer(502, {})).mockResolvedValueOnce(answer(200, complete));
    const { ensureRemotesRegistered } = await import('./remote-directory');
    await expect(ensureRemotesRegistered()).rejects.toThrow('remotes.json: 502 Bad Gateway');
    await expect(ensureRemotesRegistered()).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
