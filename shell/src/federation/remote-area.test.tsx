import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './remote-area';
import type { RemoteAppModule } from './load-remote-app';

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
