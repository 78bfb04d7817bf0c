import { MESSAGES } from '@callboard/contract';
import { sendRequest } from '@callboard/shared-auth/http-request';
import { tokenAtom, userAtom } from '@callboard/shared-auth/session';
import { authAnswer, deferred, jsonResponse, makeToken, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { paths } from '../app/paths';
import { holdEarlyInput } from '../first-screen/early-input';
import { prefetchAfterSignIn } from './prefetch-after-sign-in';
import { landedOn, renderAuth, sentTo } from './testing';

// The real client, with a way to make one request fail without any message (the client then falls back to "Login failed!").
jest.mock('@callboard/shared-auth/http-request', () => {
  const actual = jest.requireActual<typeof import('@callboard/shared-auth/http-request')>('@callboard/shared-auth/http-request');
  return { ...actual, sendRequest: jest.fn(actual.sendRequest) };
});

// Typing fetches the landing area's code ahead (prefetch-after-sign-in.ts); here only what it is asked for is checked.
jest.mock('./prefetch-after-sign-in', () => ({ prefetchAfterSignIn: jest.fn() }));

const LOGIN = '/api/auth/login';

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: /Login Now|Logging in/ });

async function fillAndSubmit(user: ReturnType<typeof renderAuth>['user'], values: { email?: string; password?: string }) {
  if (values.email) await user.type(email(), values.email);
  if (values.password) await user.type(password(), values.password);
  await user.click(submit());
}

afterEach(() => jest.restoreAllMocks());

test('shows the login form with its title, fields, button and link to registration', () => {
  renderAuth({ path: paths.login });
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
  expect(email()).toHaveAttribute('type', 'email');
  expect(email()).toHaveAttribute('autocomplete', 'email');
  expect(password()).toHaveAttribute('type', 'password');
  expect(password()).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.getByRole('button', { name: 'Login Now' })).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Sign up here' })).toHaveAttribute('href', paths.register);
  expect(screen.getByText(/Skip the repetitive sales-marketing tasks/)).toBeInTheDocument();
});

describe('validation', () => {
  test('an empty form shows both required messages, focuses the email and sends nothing', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.login });
    await user.click(submit());
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(email()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test.each([
    ['an address without a domain', { email: 'ada@', password: 'secret1' }, MESSAGES.emailInvalid],
    ['a password under 6 characters', { email: 'ada@example.com', password: '12345' }, MESSAGES.passwordTooShort],
    ['no password', { email: 'ada@example.com' }, MESSAGES.passwordRequired],
    ['no email', { password: 'secret1' }, MESSAGES.emailRequired],
  ])('%s is refused', async (_case, values, message) => {
    const { user, fetchMock } = renderAuth({ path: paths.login });
    await fillAndSubmit(user, values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("editing a field clears that field's message only", async () => {
    const { user } = renderAuth({ path: paths.login });
    await user.click(submit());
    await user.type(email(), 'a');
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(password(), 'x');
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  test('once the form is valid it is sent, with the email trimmed', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.login });
    fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900))));
    await fillAndSubmit(user, { email: '  ada@example.com ', password: 'secret1' });
    await landedOn();
    expect(sentTo(fetchMock, LOGIN)).toEqual([{ email: 'ada@example.com', password: 'secret1' }]);
  });
});

test('the password toggle shows and hides the password', async () => {
  const { user } = renderAuth({ path: paths.login });
  await user.type(password(), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password()).toHaveAttribute('type', 'text');
  expect(password()).toHaveValue('secret1');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password()).toHaveAttribute('type', 'password');
});

test('while the request is pending the button reads "Logging in..." and is disabled', async () => {
  const { user, fetchMock } = renderAuth({ path: paths.login });
  const answer = deferred<Response>();
  fetchMock.mockReturnValueOnce(answer.promise);
  await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });

  const busy = await screen.findByRole('button', { name: 'Logging in...' });
  expect(busy).toBeDisabled();
  // A second press while pending sends nothing more.
  await user.click(busy);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  answer.resolve(jsonResponse({ success: false, message: 'Invalid email or password' }, 401, 'Unauthorized'));
  expect(await screen.findByRole('button', { name: 'Login Now' })).toBeEnabled();
});

describe('success', () => {
  test('toasts the server message, signs in and replaces history with /reporting', async () => {
    const { user, fetchMock, store } = renderAuth({ path: paths.login });
    const success = jest.spyOn(toast, 'success');
    fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900), makeUser(), 'Welcome back, Ada!')));
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });

    expect(await landedOn()).toEqual({ path: paths.reporting, navigationType: 'REPLACE' });
    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Welcome back, Ada!');
    expect(store.get(tokenAtom)).not.toBeNull();
    expect(store.get(userAtom)?.email).toBe('ada@example.com');
  });

  test('without a server message the toast reads "Login successful."', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.login });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { token: makeToken(900), expiresIn: 900, user: makeUser() } }));
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
  });

  test('goes back to the location the guard remembered, query and hash included', async () => {
    const from = { pathname: paths.users, search: '?page=2', hash: '#top' };
    const { user, fetchMock } = renderAuth({ path: paths.login, state: { from } });
    fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900))));
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });
    expect(await landedOn()).toEqual({ path: '/users?page=2#top', navigationType: 'REPLACE' });
  });

  test('a remembered location off the site is ignored: /reporting instead', async () => {
    const { user, fetchMock } = renderAuth({ path: paths.login, state: { from: '//evil.example/x' } });
    fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900))));
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });
    expect((await landedOn()).path).toBe(paths.reporting);
  });
});

describe('while the person types', () => {
  beforeEach(() => jest.mocked(prefetchAfterSignIn).mockClear());

  test("the landing screen's code is fetched ahead, for where they will land", async () => {
    const { user } = renderAuth({ path: paths.login, state: { from: { pathname: paths.users, search: '?page=2' } } });
    expect(prefetchAfterSignIn).not.toHaveBeenCalled();
    await user.type(email(), 'a');
    await waitFor(() => expect(prefetchAfterSignIn).toHaveBeenCalledWith('/users?page=2'));
  });

  test('without a remembered location it is Reporting', async () => {
    const { user } = renderAuth({ path: paths.login });
    await user.type(password(), 'x');
    await waitFor(() => expect(prefetchAfterSignIn).toHaveBeenLastCalledWith(paths.reporting));
  });

  test('what they typed on the served page before the app started counts: fetched at once, with no further key', async () => {
    // The takeover's render reads what the prerendered form held (first-screen-takeover.ts).
    holdEarlyInput({ values: new Map([['email', 'ada@example.com']]), focused: null, submitPending: false, buttonPresses: [] });
    try {
      renderAuth({ path: paths.login });
    } finally {
      holdEarlyInput(null);
    }
    expect(email()).toHaveValue('ada@example.com');
    await waitFor(() => expect(prefetchAfterSignIn).toHaveBeenCalledWith(paths.reporting));
  });

  test('an empty served form fetches nothing until they type', async () => {
    holdEarlyInput({ values: new Map([['email', ''], ['password', '']]), focused: null, submitPending: false, buttonPresses: [] });
    try {
      renderAuth({ path: paths.login });
    } finally {
      holdEarlyInput(null);
    }
    expect(email()).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prefetchAfterSignIn).not.toHaveBeenCalled();
  });
});

describe('failure', () => {
  const failures: [string, () => Promise<Response> | Response, string][] = [
    ['the server message of a refused login', () => jsonResponse({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED' }, 401, 'Unauthorized'), 'Invalid email or password'],
    ['the server message of success: false', () => jsonResponse({ success: false, message: 'Account is deactivated' }), 'Account is deactivated'],
    ['"Login failed" for success: false without a message', () => jsonResponse({ success: false }), 'Login failed'],
    ['"Login failed" for an answer without token and user', () => jsonResponse({ success: true, data: {} }), 'Login failed'],
    ['the network error text when the request fails', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
  ];

  test.each(failures)('toasts %s and stays on /login', async (_case, answer, message) => {
    const { user, fetchMock, store } = renderAuth({ path: paths.login });
    const error = jest.spyOn(toast, 'error');
    fetchMock.mockImplementationOnce(async () => answer());
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(message);
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login Now' })).toBeEnabled();
    expect(store.get(tokenAtom)).toBeNull();
  });

  test('"Login failed!" when the request fails without saying why', async () => {
    const { user } = renderAuth({ path: paths.login });
    jest.mocked(sendRequest).mockRejectedValueOnce(new Error(''));
    await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });
    expect(await screen.findByText('Login failed!')).toBeInTheDocument();
  });
});

describe('arriving from registration', () => {
  test('the registered email is filled in and the password field has focus', () => {
    renderAuth({ path: paths.login, state: { email: 'ada@example.com' } });
    expect(email()).toHaveValue('ada@example.com');
    expect(password()).toHaveFocus();
  });

  test('without one the email field is empty and focused', () => {
    renderAuth({ path: paths.login });
    expect(email()).toHaveValue('');
    expect(email()).toHaveFocus();
  });
});

test('"Sign up here" opens registration and keeps the remembered location', async () => {
  const { user, fetchMock } = renderAuth({ path: paths.login, state: { from: { pathname: paths.callLogs } } });
  await user.click(screen.getByRole('link', { name: 'Sign up here' }));
  expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Login here' }));
  fetchMock.mockResolvedValueOnce(jsonResponse(authAnswer(makeToken(900))));
  await fillAndSubmit(user, { email: 'ada@example.com', password: 'secret1' });
  expect(await landedOn()).toEqual({ path: paths.callLogs, navigationType: 'REPLACE' });
});
