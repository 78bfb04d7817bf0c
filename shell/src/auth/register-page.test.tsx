import { API_PATHS, MESSAGES, REGISTRATION_CLOSED_MESSAGE } from '@callboard/contract';
import { sendRequest } from '@callboard/shared-auth/http-request';
import { isLoadingAtom, tokenAtom } from '@callboard/shared-auth/session';
import { authAnswer, deferred, jsonResponse, makeToken } from '@callboard/shared-auth/testing/fetch-mock';
import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { paths } from '../app/paths';
import { landedOn, renderAuth, routerPosition, sentTo, type RenderAuthOptions } from './testing';

// The real client, with a way to make one request fail without any message (the client then falls back to "Registration error").
jest.mock('@callboard/shared-auth/http-request', () => {
  const actual = jest.requireActual<typeof import('@callboard/shared-auth/http-request')>('@callboard/shared-auth/http-request');
  return { ...actual, sendRequest: jest.fn(actual.sendRequest) };
});

// Typing on the login screen fetches the landing area's code ahead; that module talks to the federation runtime, not to this API.
jest.mock('./prefetch-after-sign-in', () => ({ prefetchAfterSignIn: jest.fn() }));

const REGISTER = '/api/auth/register';

const fullName = () => screen.getByLabelText(/^Full Name/);
const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const confirm = () => screen.getByLabelText(/^Confirm Password/);
const submit = () => screen.getByRole('button', { name: /Register Now|Creating Account/ });

interface Entry {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

const VALID: Required<Entry> = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

async function fillAndSubmit(user: ReturnType<typeof renderAuth>['user'], entry: Entry) {
  if (entry.name) await user.type(fullName(), entry.name);
  if (entry.email) await user.type(email(), entry.email);
  if (entry.password) await user.type(password(), entry.password);
  if (entry.confirmPassword) await user.type(confirm(), entry.confirmPassword);
  await user.click(submit());
}

afterEach(() => jest.restoreAllMocks());

/** The register screen once the API has said registration is open: the form is up, so answers queued next go to what the form sends. */
async function renderRegister(options: Omit<RenderAuthOptions, 'path'> = {}) {
  const rendered = renderAuth({ path: paths.register, ...options });
  await screen.findByRole('button', { name: 'Register Now' });
  return rendered;
}

describe('whether registration is open', () => {
  test('the screen asks first, and shows the form only once the API says it is open', async () => {
    const { requests } = renderAuth({ path: paths.register });
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether registration is open...');
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeEnabled();
    expect(requests(API_PATHS.registration)).toHaveLength(1);
  });

  test('closed: it says so and where to go instead of showing a form', async () => {
    const { user, requests } = renderAuth({ path: paths.register, registration: 'closed' });
    expect(await screen.findByRole('heading', { level: 1, name: REGISTRATION_CLOSED_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText('Ask an administrator of this Callboard for an account, then sign in with it.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Login here' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(requests(REGISTER)).toEqual([]);
  });

  test('a form refused as closed turns into the closed screen', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.register, registration: 'unavailable' });
    await screen.findByRole('button', { name: 'Register Now' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, code: 'FORBIDDEN', message: REGISTRATION_CLOSED_MESSAGE }, 403, 'Forbidden'));
    await fillAndSubmit(user, VALID);
    expect(await screen.findByRole('heading', { level: 1, name: REGISTRATION_CLOSED_MESSAGE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
  });

  test('the first account: the form asks for the setup token and sends it', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.register, registration: 'setup-token' });
    const token = await screen.findByLabelText(/^Setup token/);
    expect(token).toHaveAccessibleDescription(/printed when it started/);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Registered successfully! Please login.' }));
    await user.type(token, ' 0123abcd ');
    await fillAndSubmit(user, VALID);
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    expect(sentTo(fetchMock, REGISTER)).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', setupToken: '0123abcd' }]);
  });

  test('an answer that fails shows the form: the server still decides when it is sent', async () => {
    renderAuth({ path: paths.register, registration: 'unavailable' });
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
  });
});

test('shows the registration form with its title, fields, button and link to login', async () => {
  await renderRegister();
  expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
  expect(fullName()).toHaveAttribute('autocomplete', 'name');
  expect(email()).toHaveAttribute('autocomplete', 'email');
  expect(password()).toHaveAttribute('autocomplete', 'new-password');
  expect(confirm()).toHaveAttribute('autocomplete', 'new-password');
  expect(password()).toHaveAttribute('type', 'password');
  expect(confirm()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', paths.login);
});

describe('validation', () => {
  test('an empty form shows every required message, focuses the name and sends nothing', async () => {
    const { user, fetchMock } = await renderRegister();
    await user.click(submit());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      MESSAGES.nameRequired,
      MESSAGES.emailRequired,
      MESSAGES.passwordRequired,
      MESSAGES.confirmRequired,
    ]);
    expect(fullName()).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(fullName()).toHaveFocus();
    expect(sentTo(fetchMock, REGISTER)).toEqual([]);
  });

  test.each<[string, Entry, string]>([
    ['a blank full name', { ...VALID, name: '   ' }, MESSAGES.nameRequired],
    ['a missing email', { ...VALID, email: '' }, MESSAGES.emailRequired],
    ['an email that is not an address', { ...VALID, email: 'ada.example.com' }, MESSAGES.emailInvalid],
    ['a missing password', { ...VALID, password: '', confirmPassword: '' }, MESSAGES.passwordRequired],
    ['a password under 6 characters', { ...VALID, password: '12345', confirmPassword: '12345' }, MESSAGES.passwordTooShort],
    ['a missing confirmation', { ...VALID, confirmPassword: '' }, MESSAGES.confirmRequired],
    ['a confirmation that differs', { ...VALID, confirmPassword: 'secret2' }, MESSAGES.passwordsDiffer],
  ])('%s is refused', async (_case, entry, message) => {
    const { user, fetchMock } = await renderRegister();
    await fillAndSubmit(user, entry);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(message);
    expect(sentTo(fetchMock, REGISTER)).toEqual([]);
  });

  test("editing a field clears that field's message only", async () => {
    const { user } = await renderRegister();
    await user.click(submit());
    await user.type(fullName(), 'A');
    expect(screen.queryByText(MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    await user.type(confirm(), 'x');
    expect(screen.queryByText(MESSAGES.confirmRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  test('once valid it sends name, email and password (trimmed, no confirmation)', async () => {
    const { user, fetchMock } = await renderRegister();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Registered successfully! Please login.' }));
    await fillAndSubmit(user, { ...VALID, name: ' Ada Lovelace ', email: 'ada@example.com ' });
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    expect(sentTo(fetchMock, REGISTER)).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' }]);
  });
});

test('both password fields have their own show/hide toggle', async () => {
  const { user } = await renderRegister();
  const [forPassword, forConfirm] = screen.getAllByRole('button', { name: 'Show password' });
  await user.click(forConfirm!);
  expect(confirm()).toHaveAttribute('type', 'text');
  expect(password()).toHaveAttribute('type', 'password');
  await user.click(forPassword!);
  expect(password()).toHaveAttribute('type', 'text');
  await user.click(screen.getAllByRole('button', { name: 'Hide password' })[0]!);
  expect(password()).toHaveAttribute('type', 'password');
});

test('while the request is pending the button reads "Creating Account..." and is disabled', async () => {
  const { user, fetchMock } = await renderRegister();
  const answer = deferred<Response>();
  fetchMock.mockReturnValueOnce(answer.promise);
  await fillAndSubmit(user, VALID);

  const busy = await screen.findByRole('button', { name: 'Creating Account...' });
  expect(busy).toBeDisabled();
  await user.click(busy);
  expect(sentTo(fetchMock, REGISTER)).toHaveLength(1);

  answer.resolve(jsonResponse({ success: false, message: 'Email already registered', code: 'CONFLICT' }, 409, 'Conflict'));
  expect(await screen.findByRole('button', { name: 'Register Now' })).toBeEnabled();
});

describe('success', () => {
  test('toasts the server message and opens /login, replacing history, with the email filled in', async () => {
    const { user, fetchMock, store } = await renderRegister();
    const success = jest.spyOn(toast, 'success');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Account created. Sign in to continue.' }));
    await fillAndSubmit(user, VALID);

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(routerPosition()).toEqual({ path: paths.login, navigationType: 'REPLACE' });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(await screen.findByText('Account created. Sign in to continue.')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Account created. Sign in to continue.');
    // Registration does not sign in.
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  test('without a server message the toast reads "Registered successfully! Please login."', async () => {
    const { user, fetchMock } = await renderRegister();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await fillAndSubmit(user, VALID);
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(await screen.findByText('Registered successfully! Please login.')).toBeInTheDocument();
  });
});

describe('failure', () => {
  const failures: [string, () => Promise<Response> | Response, string][] = [
    ['the server message of a refused registration', () => jsonResponse({ success: false, message: 'Email already registered', code: 'CONFLICT' }, 409, 'Conflict'), 'Email already registered'],
    ['the server message of success: false', () => jsonResponse({ success: false, message: 'Try again in a minute' }), 'Try again in a minute'],
    ['"Registration failed" for success: false without a message', () => jsonResponse({ success: false }), 'Registration failed'],
    ['the network error text when the request fails', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
  ];

  test.each(failures)('toasts %s and stays on /register', async (_case, answer, message) => {
    const { user, fetchMock } = await renderRegister();
    const error = jest.spyOn(toast, 'error');
    fetchMock.mockImplementationOnce(async () => answer());
    await fillAndSubmit(user, VALID);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(message);
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(fullName()).toHaveValue(VALID.name);
  });

  test('"Registration error" when the request fails without saying why', async () => {
    const { user } = await renderRegister();
    jest.mocked(sendRequest).mockRejectedValueOnce(new Error(''));
    await fillAndSubmit(user, VALID);
    expect(await screen.findByText('Registration error')).toBeInTheDocument();
  });
});

test('"Login here" opens the login screen', async () => {
  const { user } = await renderRegister();
  await user.click(screen.getByRole('link', { name: 'Login here' }));
  expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
  expect(routerPosition()).toEqual({ path: paths.login, navigationType: 'PUSH' });
});

test('a location the guard remembered survives registering and then signing in', async () => {
  const { user, fetchMock } = await renderRegister({ state: { from: { pathname: paths.users } } });
  fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
  await fillAndSubmit(user, VALID);
  await screen.findByRole('heading', { name: 'Welcome Back!' });

  fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900))));
  await user.type(screen.getByLabelText(/^Password/), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Login Now' }));
  expect(await landedOn()).toEqual({ path: paths.users, navigationType: 'REPLACE' });
});
