import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './remote-area';
import type { RemoteAppModule } from './load-remote-app';
import { noteRemoteDirectory, resetRemoteUpdates, watchForRemoteUpdates } from './remote-updates';
import { IncompatibleSharedError } from './incompatible-shared-error';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const app = (text: string): RemoteAppModule => ({ default: () => <h1>{text}</h1> });
const chunkError = () => new Error('Loading chunk 123 failed.');

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

function renderArea(load: jest.Mock) {
  return render(
    <div>
      <nav>Sidebar still here</nav>
      <RemoteArea remote="remote_users" load={load} />
    </div>,
  );
}

test('shows the remote once it has loaded', async () => {
  const load = jest.fn().mockResolvedValue(app('User Management'));
  renderArea(load);
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('remote_users');
});

test('a first failure is retried once, quietly', async () => {
  const load = jest.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce(app('User Management'));
  renderArea(load);
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a remote that stays down replaces only its own area, and Retry really loads again', async () => {
  const load = jest.fn().mockRejectedValue(chunkError());
  renderArea(load);
  expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
  expect(screen.getByText('Sidebar still here')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);

  load.mockReset().mockResolvedValue(app('User Management'));
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a remote that throws while rendering gets the same fallback', async () => {
  const Broken = () => {
    throw new Error('boom');
  };
  const load = jest.fn().mockResolvedValue({ default: Broken });
  renderArea(load);
  expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  expect(screen.getByText('Sidebar still here')).toBeInTheDocument();
});

test('Retry after a render failure mounts a fresh copy of the remote', async () => {
  let broken = true;
  const Flaky = () => {
    if (broken) throw new Error('boom');
    return <h1>Call Logs</h1>;
  };
  const load = jest.fn().mockResolvedValue({ default: Flaky });
  renderArea(load);
  await screen.findByText('Loading chunk failed');
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Call Logs' })).toBeInTheDocument());
});

test('a remote needing another major of a shared package says which and why, logs it, and offers no Retry', async () => {
  const incompatible = new IncompatibleSharedError('remote_users', [
    { packageName: '@callboard/shared-auth', requiredVersion: '^2.0.0', providedVersion: '1.0.0' },
  ]);
  const load = jest.fn().mockRejectedValue(incompatible);
  renderArea(load);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Users cannot run on this page');
  expect(alert).toHaveTextContent('This version of Users needs @callboard/shared-auth ^2.0.0, but this page provides 1.0.0, so it was not started.');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(screen.getByText('Sidebar still here')).toBeInTheDocument();
  expect(console.error).toHaveBeenCalledWith(
    '[remote_users] not loaded: remote_users needs @callboard/shared-auth ^2.0.0, but this page provides @callboard/shared-auth 1.0.0',
  );
});

describe('a new deployment while the area is open', () => {
  const registered = {
    remote_reporting: '/remotes/reporting/1.0.0-aaaaaaaaaa/mf-manifest.json',
    remote_calllogs: '/remotes/calllogs/1.0.0-aaaaaaaaaa/mf-manifest.json',
    remote_users: '/remotes/users/1.0.0-aaaaaaaaaa/mf-manifest.json',
  };
  let stop: () => void;
  beforeEach(() => {
    resetRemoteUpdates();
    stop = watchForRemoteUpdates(registered, async () => registered);
  });
  afterEach(() => stop());

  test('shows a quiet notice with Reload above the running area, which keeps its code', async () => {
    const load = jest.fn().mockResolvedValue(app('User Management'));
    renderArea(load);
    await screen.findByRole('heading', { name: 'User Management' });
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();

    act(() => noteRemoteDirectory({ ...registered, remote_reporting: '/remotes/reporting/1.0.1-bbbbbbbbbb/mf-manifest.json' }));
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();

    act(() => noteRemoteDirectory({ ...registered, remote_users: '/remotes/users/1.0.1-bbbbbbbbbb/mf-manifest.json' }));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('A new version of Users is available — Reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
