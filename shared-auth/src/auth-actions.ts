/**
 * Sign-in, sign-up and sign-out, with the messages the login and register screens show.
 * Each returns `{ ok, message }` instead of throwing, so a screen only has to
 * show the message as a success or failure toast.
 */
import {
  API_PATHS,
  VIEW_AS_END_PATH,
  viewAsPath,
  type ApiMessage,
  type ApiSuccess,
  type AuthPayload,
  type LoginBody,
  type RegisterBody,
} from '@callboard/contract';
import { apiFetch } from '@callboard/shared-auth/api-fetch';
import { sendRequest } from '@callboard/shared-auth/http-request';
import { clearSession, isLoadingAtom, saveSession, tokenAtom, type Store } from '@callboard/shared-auth/session';

export { refreshAccessToken } from '@callboard/shared-auth/token-refresh';

export interface AuthResult {
  ok: boolean;
  message: string;
}

export const LOGIN_SUCCESS_MESSAGE = 'Login successful.';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const LOGIN_ERROR_MESSAGE = 'Login failed!';
export const REGISTER_SUCCESS_MESSAGE = 'Registered successfully! Please login.';
export const REGISTER_FAILED_MESSAGE = 'Registration failed';
export const REGISTER_ERROR_MESSAGE = 'Registration error';
/** A server that does not answer must not hold a sign-out hostage. */
const LOGOUT_TIMEOUT_MS = 5_000;

type LoginAnswer = Partial<Omit<ApiSuccess<Partial<AuthPayload>>, 'success'>> & { success?: boolean };
type RegisterAnswer = Partial<Omit<ApiMessage, 'success'>> & { success?: boolean };

/**
 * POST /api/auth/login. isLoading is true while it is pending. Credentials are
 * kept only when the answer carries both a token and a user; an answer
 * without them is a failure even if it says success (a half session would
 * pass the route guard and fail on the first request).
 */
export async function login(store: Store, credentials: LoginBody): Promise<AuthResult> {
  store.set(isLoadingAtom, true);
  try {
    const answer = await apiFetch<LoginAnswer | null>(store, API_PATHS.login, {
      method: 'POST',
      body: { email: credentials.email, password: credentials.password },
      signOutOn401: false,
      refreshIfExpiring: false,
    });
    const payload = answer?.data;
    if (answer?.success !== false && payload?.token && payload.user) {
      saveSession(store, { token: payload.token, user: payload.user, expiresIn: payload.expiresIn });
      return { ok: true, message: textOr(answer?.message, LOGIN_SUCCESS_MESSAGE) };
    }
    return { ok: false, message: answer?.success === false ? textOr(answer.message, LOGIN_FAILED_MESSAGE) : LOGIN_FAILED_MESSAGE };
  } catch (error) {
    return { ok: false, message: textOr(errorMessage(error), LOGIN_ERROR_MESSAGE) };
  } finally {
    store.set(isLoadingAtom, false);
  }
}

/** POST /api/auth/register. Registration never changes the session: the person signs in afterwards. */
export async function register(store: Store, body: RegisterBody): Promise<AuthResult> {
  try {
    const answer = await apiFetch<RegisterAnswer | null>(store, API_PATHS.register, {
      method: 'POST',
      body: { name: body.name, email: body.email, password: body.password, setupToken: body.setupToken },
      signOutOn401: false,
      refreshIfExpiring: false,
    });
    if (answer?.success === false) return { ok: false, message: textOr(answer.message, REGISTER_FAILED_MESSAGE) };
    return { ok: true, message: textOr(answer?.message, REGISTER_SUCCESS_MESSAGE) };
  } catch (error) {
    return { ok: false, message: textOr(errorMessage(error), REGISTER_ERROR_MESSAGE) };
  }
}

/**
 * Signs out here at once (atoms and storage cleared before the first await),
 * then tells the server to end the session and drop the refresh cookie. The
 * server call is best effort: it can fail or time out, the local sign-out stands.
 * The returned promise settles when the server call does; nobody needs to wait for it.
 */
export async function logout(store: Store): Promise<void> {
  // The token goes with the request so the server can revoke the session even after we forget it.
  const token = store.get(tokenAtom);
  clearSession(store);
  try {
    await sendRequest(API_PATHS.logout, { method: 'POST', timeoutMs: LOGOUT_TIMEOUT_MS }, token);
  } catch {
    // Already signed out locally; the cookie expires on its own if the server did not hear us.
  }
}

/**
 * View as partner (contract/src/partners.ts): POST viewAsPath(partnerId) as an admin, and the session
 * becomes the partner's read-only view (its user carries `viewAsBy`). Every screen then shows what the
 * partner sees, under the view-as banner. A refresh of the token re-enters it (token-refresh.ts).
 */
export async function enterViewAs(store: Store, partnerId: string): Promise<AuthResult> {
  try {
    const answer = await apiFetch<ApiSuccess<AuthPayload>>(store, viewAsPath(partnerId), { method: 'POST' });
    const payload = answer.data;
    if (!payload?.token || !payload.user?.viewAsBy) return { ok: false, message: VIEW_AS_FAILED_MESSAGE };
    saveSession(store, payload);
    return { ok: true, message: `Viewing as ${payload.user.name || payload.user.email}` };
  } catch (error) {
    return { ok: false, message: textOr(errorMessage(error), VIEW_AS_FAILED_MESSAGE) };
  }
}

/**
 * Ends viewing as a partner: DELETE VIEW_AS_END_PATH with the view-as token answers the admin's own
 * session, which takes its place. Should the server not end it, the session is left as it was (the
 * banner stays, with its Exit) rather than signed out.
 */
export async function exitViewAs(store: Store): Promise<AuthResult> {
  try {
    const answer = await apiFetch<ApiSuccess<AuthPayload>>(store, VIEW_AS_END_PATH, { method: 'DELETE' });
    const payload = answer.data;
    if (!payload?.token || !payload.user || payload.user.viewAsBy) return { ok: false, message: VIEW_AS_EXIT_FAILED_MESSAGE };
    saveSession(store, payload);
    return { ok: true, message: 'Back to your own account' };
  } catch (error) {
    return { ok: false, message: textOr(errorMessage(error), VIEW_AS_EXIT_FAILED_MESSAGE) };
  }
}

export const VIEW_AS_FAILED_MESSAGE = 'Could not view as this partner';
export const VIEW_AS_EXIT_FAILED_MESSAGE = 'Could not end viewing as the partner';

function errorMessage(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}
