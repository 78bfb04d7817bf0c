import { userAtom } from '@callboard/shared-auth/session';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor, within } from '@testing-library/react';
import { renderDashboard } from '../layout/testing';

type Answer = { status?: number; body: unknown };

/** PUT /api/auth/profile answers what `respond` says, with the user it was given applied; other requests get the logout answer. */
function profileApi(respond: (request: FakeRequest) => Answer | undefined = () => undefined) {
  const puts: FakeRequest[] = [];
  const api = (request: FakeRequest): Answer => {
    if (request.path === '/api/auth/profile' && request.method === 'PUT') {
      puts.push(request);
      const body = request.body as { name?: string; avatar?: string | null };
      return (
        respond(request) ?? {
          body: { success: true, message: 'Profile updated', data: { ...ACCOUNT, name: body.name ?? ACCOUNT.name, avatar: body.avatar ?? null } },
        }
      );
    }
    return { body: { success: true, message: 'Logged out' } };
  };
  return { api, puts };
}

const ACCOUNT = {
  _id: 'u1',
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user' as const,
  active: true,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

async function openProfile(options: Parameters<typeof profileApi>[0] = undefined, account: Partial<typeof ACCOUNT> = {}) {
  const { api, puts } = profileApi(options);
  const rendered = await renderDashboard({ account: { ...ACCOUNT, ...account }, api });
  await rendered.user.click(within(screen.getByRole('banner')).getByRole('button', { name: account.name ?? 'Ada Lovelace' }));
  await rendered.user.click(screen.getByRole('menuitem', { name: 'Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile' });
  return { ...rendered, dialog, puts };
}

// A required field's label carries its marker after the text.
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

test('the account menu keeps the email and Logout, with Profile between them', async () => {
  const { user } = await renderDashboard({ account: ACCOUNT });
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Ada Lovelace' }));
  const items = within(screen.getByRole('menu', { name: 'Account' })).getAllByRole('menuitem');
  expect(items.map((item) => item.textContent)).toEqual(['ada@example.com', 'Profile', 'Logout']);
});

test('Profile opens the dialog: email and role read-only, name and avatar filled in, focus on the name, passwords blank', async () => {
  const { dialog } = await openProfile(undefined, { role: 'user', avatar: 'https://example.com/ada.png' as never });
  expect(field(dialog, 'Email')).toHaveValue('ada@example.com');
  expect(field(dialog, 'Email')).toHaveAttribute('readonly');
  expect(field(dialog, 'Role')).toHaveValue('User');
  expect(field(dialog, 'Role')).toHaveAttribute('readonly');
  expect(field(dialog, 'Name')).toHaveValue('Ada Lovelace');
  expect(field(dialog, 'Name')).toHaveFocus();
  expect(field(dialog, 'Avatar URL')).toHaveValue('https://example.com/ada.png');
  const password = within(dialog).getByRole('group', { name: 'Change password' });
  for (const label of ['Current password', 'New password', 'Confirm password']) expect(field(password, label)).toHaveValue('');
});

test('Save sends the name and avatar, toasts, closes, and the header shows the new name at once', async () => {
  const { dialog, user, puts, store } = await openProfile();
  await user.clear(field(dialog, 'Name'));
  await user.type(field(dialog, 'Name'), '  Ada King  ');
  await user.type(field(dialog, 'Avatar URL'), 'https://example.com/king.png');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  // The test host and the shell's frame each mount a toaster: the toast shows in both.
  expect((await screen.findAllByText('Profile updated')).length).toBeGreaterThan(0);
  expect(puts.map((request) => request.body)).toEqual([{ name: 'Ada King', avatar: 'https://example.com/king.png' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Ada King' })).toBeInTheDocument();
  expect(store.get(userAtom)).toMatchObject({ name: 'Ada King', avatar: 'https://example.com/king.png' });
  expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ name: 'Ada King' });
});

test('a blank avatar removes it (null)', async () => {
  const { dialog, user, puts } = await openProfile(undefined, { avatar: 'https://example.com/ada.png' as never });
  await user.clear(field(dialog, 'Avatar URL'));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0]!.body).toEqual({ name: 'Ada Lovelace', avatar: null });
});

test('a new password goes with the current one', async () => {
  const { dialog, user, puts } = await openProfile();
  await user.type(field(dialog, 'Current password'), 'old-secret');
  await user.type(field(dialog, 'New password'), 'new-secret');
  await user.type(field(dialog, 'Confirm password'), 'new-secret');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0]!.body).toEqual({ name: 'Ada Lovelace', avatar: null, currentPassword: 'old-secret', newPassword: 'new-secret' });
});

describe('checked before anything is sent, in the words of the register page', () => {
  test.each([
    [{ 'Name': ' ' }, 'Name', 'Full name is required'],
    [{ 'Avatar URL': 'javascript:alert(1)' }, 'Avatar URL', 'Avatar URL must start with http:// or https://'],
    [{ 'New password': 'abc12', 'Current password': 'old-secret', 'Confirm password': 'abc12' }, 'New password', 'Password must be at least 6 characters'],
    [{ 'New password': 'new-secret', 'Confirm password': 'new-secret' }, 'Current password', 'Current password is required'],
    [{ 'New password': 'new-secret', 'Current password': 'old-secret' }, 'Confirm password', 'Please confirm your password'],
    [{ 'New password': 'new-secret', 'Current password': 'old-secret', 'Confirm password': 'new-secreT' }, 'Confirm password', 'Passwords do not match'],
    [{ 'Current password': 'old-secret' }, 'New password', 'New password is required'],
  ])('%j: "%s" says %j', async (typed, label, message) => {
    const { dialog, user, puts } = await openProfile();
    if ('Name' in typed) await user.clear(field(dialog, 'Name'));
    for (const [name, value] of Object.entries(typed)) await user.type(field(dialog, name), value);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const input = field(dialog, label);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(puts).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeInTheDocument();

    // Editing the field clears its message.
    await user.type(input, 'x');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe("the server's answer when it refuses", () => {
  test('a wrong current password shows under Current password; the dialog stays open and the name unchanged', async () => {
    const { dialog, user, store } = await openProfile(() => ({
      status: 403,
      body: {
        success: false,
        code: 'FORBIDDEN',
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      },
    }));
    await user.clear(field(dialog, 'Name'));
    await user.type(field(dialog, 'Name'), 'Not Saved');
    await user.type(field(dialog, 'Current password'), 'wrong-one');
    await user.type(field(dialog, 'New password'), 'new-secret');
    await user.type(field(dialog, 'Confirm password'), 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field(dialog, 'Current password')).toHaveAccessibleDescription('Current password is incorrect'));
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
    expect(store.get(userAtom)?.name).toBe('Ada Lovelace');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  test('a refusal that names no field of the form shows above it', async () => {
    const { dialog, user } = await openProfile(() => ({
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', message: 'Too many failed sign-in attempts; try again in 60 seconds' },
    }));
    await user.type(field(dialog, 'Current password'), 'old-secret');
    await user.type(field(dialog, 'New password'), 'new-secret');
    await user.type(field(dialog, 'Confirm password'), 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts; try again in 60 seconds');
  });
});

test('Cancel closes without sending anything', async () => {
  const { dialog, user, puts } = await openProfile();
  await user.type(field(dialog, 'Name'), ' changed');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(puts).toHaveLength(0);
});
