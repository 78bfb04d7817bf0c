import { parseRemoteDirectory } from './remote-directory';

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

describe('remoteDirectory', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    jest.resetModules();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: status === 200 ? 'OK' : 'Bad Gateway', json: async () => body });

  test('reads /remotes.json once for the tab, revalidating the cached copy', async () => {
    fetchMock.mockResolvedValue(answer(200, complete));
    const { remoteDirectory } = await import('./remote-directory');
    const [first, second] = await Promise.all([remoteDirectory(), remoteDirectory()]);
    expect(first).toEqual(complete);
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/remotes.json');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-cache' });
  });

  test('a failed read is not remembered, so a retry asks again', async () => {
    fetchMock.mockResolvedValueOnce(answer(502, {})).mockResolvedValueOnce(answer(200, complete));
    const { remoteDirectory } = await import('./remote-directory');
    await expect(remoteDirectory()).rejects.toThrow('remotes.json: 502 Bad Gateway');
    await expect(remoteDirectory()).resolves.toEqual(complete);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
