import { act, renderHook } from '@testing-library/react';
import { noteRemoteDirectory, REMOTES_RECHECK_INTERVAL_MS, resetRemoteUpdates, useRemoteUpdated, watchForRemoteUpdates } from './remote-updates';

const first = {
  remote_reporting: '/remotes/reporting/1.0.0-aaaaaaaaaa/mf-manifest.json',
  remote_calllogs: '/remotes/calllogs/1.0.0-aaaaaaaaaa/mf-manifest.json',
  remote_users: '/remotes/users/1.0.0-aaaaaaaaaa/mf-manifest.json',
};
const usersDeployed = { ...first, remote_users: '/remotes/users/1.0.1-bbbbbbbbbb/mf-manifest.json' };

let clock: number;
let stop: () => void;
const read = jest.fn();
const focus = () => act(() => void window.dispatchEvent(new Event('focus')));
/** Lets the read's promise settle. */
const settle = () => act(async () => {});

beforeEach(() => {
  resetRemoteUpdates();
  clock = 1_000_000;
  read.mockReset().mockResolvedValue(usersDeployed);
  stop = watchForRemoteUpdates(first, read, () => clock);
});
afterEach(() => stop());

test('a focus a minute after registration re-reads /remotes.json, and only the remote that changed is marked', async () => {
  const users = renderHook(() => useRemoteUpdated('remote_users'));
  const reporting = renderHook(() => useRemoteUpdated('remote_reporting'));
  expect(users.result.current).toBe(false);
  clock += REMOTES_RECHECK_INTERVAL_MS;
  focus();
  await settle();
  expect(read).toHaveBeenCalledTimes(1);
  expect(users.result.current).toBe(true);
  expect(reporting.result.current).toBe(false);
});

test('at most one read a minute, however often the window is focused', async () => {
  focus();
  clock += REMOTES_RECHECK_INTERVAL_MS - 1;
  focus();
  expect(read).not.toHaveBeenCalled();
  clock += 1;
  focus();
  focus();
  await settle();
  expect(read).toHaveBeenCalledTimes(1);
  clock += 30_000;
  focus();
  await settle();
  expect(read).toHaveBeenCalledTimes(1);
  clock += 30_000;
  focus();
  await settle();
  expect(read).toHaveBeenCalledTimes(2);
});

test('a failed read changes nothing and a later focus asks again', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  read.mockReset().mockRejectedValueOnce(new Error('remotes.json: 502 Bad Gateway')).mockResolvedValueOnce(usersDeployed);
  const users = renderHook(() => useRemoteUpdated('remote_users'));
  clock += REMOTES_RECHECK_INTERVAL_MS;
  focus();
  await settle();
  expect(users.result.current).toBe(false);
  expect(warn).toHaveBeenCalled();
  clock += REMOTES_RECHECK_INTERVAL_MS;
  focus();
  await settle();
  expect(users.result.current).toBe(true);
  warn.mockRestore();
});

test('the same directory again marks nothing; a rollback to what the tab runs clears the mark', () => {
  const users = renderHook(() => useRemoteUpdated('remote_users'));
  act(() => noteRemoteDirectory(first));
  expect(users.result.current).toBe(false);
  act(() => noteRemoteDirectory(usersDeployed));
  expect(users.result.current).toBe(true);
  act(() => noteRemoteDirectory(first));
  expect(users.result.current).toBe(false);
});
