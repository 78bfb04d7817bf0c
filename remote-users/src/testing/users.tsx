/**
 * Renders the users area inside the app's host (renderInHost: the real
 * providers, a router at /users with the area mounted as the shell mounts it,
 * the toaster, an admin signed in) with `fetch` answered by a small in-memory
 * users API, so tests assert what a person sees and which requests left.
 */
import { ROLES, ROLE_LABELS, type PublicUser } from '@callboard/contract';
import { jsonResponse, makeUser, recordedCalls, type FetchMock, type RecordedCall } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { configure, screen, within } from '@testing-library/react';
import App from '../app';

export { deferred, jsonResponse, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
export type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';

// A search waits 300 ms for typing to stop before it asks; on a busy shared machine, with suites running
// side by side, the default 1 s for findBy/waitFor leaves too little margin.
configure({ asyncUtilTimeout: 4000 });

/** Answers a request instead of the fake API, or returns undefined to let it answer. */
export type Override = (request: FakeRequest) => Response | Promise<Response> | undefined;

export const ADMIN: PublicUser = makeUser({ _id: 'me', id: 'me', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' });
export const MEMBER: PublicUser = makeUser({ _id: 'member', id: 'member', name: 'Max Member', email: 'member@example.com', role: 'user' });

/** `count` plain users, u1 … uN, named "User N" with emails userN@example.com. */
export function makeUsers(count: number, from = 1): PublicUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return makeUser({ _id: `u${n}`, id: `u${n}`, name: `User ${n}`, email: `user${n}@example.com` });
  });
}

/**
 * GET/POST /api/users, GET/PUT/DELETE /api/users/{id} and GET /api/users/roles
 * over a list the test can read and change. Search matches name, email or
 * role, as the server's does.
 */
export class FakeUsersApi {
  users: PublicUser[];
  private created = 0;

  constructor(users: PublicUser[]) {
    this.users = [...users];
  }

  handle(request: Pick<FakeRequest, 'method' | 'path' | 'query' | 'body'>): Response {
    const { method, path, query } = request;
    if (path === '/api/users/roles' && method === 'GET') {
      return jsonResponse({ success: true, data: ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })) });
    }
    if (path === '/api/users' && method === 'GET') return this.list(query);
    if (path === '/api/users' && method === 'POST') {
      const body = request.body as Partial<PublicUser>;
      this.created += 1;
      const user = makeUser({ ...body, _id: `new${this.created}`, id: `new${this.created}`, active: true, avatar: null });
      this.users.unshift(user);
      return jsonResponse({ success: true, message: 'User created successfully', data: user }, 201);
    }
    const match = /^\/api\/users\/([^/]+)$/.exec(path);
    const index = match ? this.users.findIndex((user) => user.id === decodeURIComponent(match[1] as string)) : -1;
    if (match && index === -1) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'User not found' }, 404);
    if (match && method === 'PUT') {
      const { password: _password, currentPassword: _currentPassword, ...changes } = request.body as Partial<PublicUser> & { password?: string; currentPassword?: string };
      const user = { ...(this.users[index] as PublicUser), ...changes };
      this.users[index] = user;
      return jsonResponse({ success: true, message: 'User updated successfully', data: user });
    }
    if (match && method === 'DELETE') {
      this.users.splice(index, 1);
      return jsonResponse({ success: true, message: 'User deleted successfully' });
    }
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: `No route ${method} ${path}` }, 404);
  }

  private list(query: URLSearchParams): Response {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 50);
    const search = (query.get('search') ?? '').toLowerCase();
    const matching = search
      ? this.users.filter((user) => [user.name, user.email, user.role].some((text) => text.toLowerCase().includes(search)))
      : this.users;
    const totalPages = Math.max(1, Math.ceil(matching.length / limit));
    return jsonResponse({
      success: true,
      data: matching.slice((page - 1) * limit, page * limit),
      total: matching.length,
      pageInfo: { currentPage: page, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
    });
  }
}

export interface RenderUsersOptions {
  /** Who is signed in (default: an admin). */
  me?: PublicUser;
  /** What the API holds (default: none). */
  users?: PublicUser[];
  /** Answers some requests differently (a failure, a request held open). */
  override?: Override;
}

export interface RenderUsersResult extends RenderedInHost {
  api: FakeUsersApi;
}

export function renderUsersPage({ me = ADMIN, users = [], override }: RenderUsersOptions = {}): RenderUsersResult {
  const api = new FakeUsersApi(users);
  const rendered = renderInHost(<App />, {
    path: '/users',
    route: '/users/*',
    session: me,
    api: async (request) => (await override?.(request)) ?? api.handle(request),
  });
  return { ...rendered, api };
}

/** The requests that left, as method + path + query ("GET /api/users?page=1&limit=10"). */
export function requestLines(fetchMock: FetchMock): string[] {
  return recordedCalls(fetchMock).map((call) => `${call.method} ${call.url}`);
}

/** The GET /api/users queries sent so far, parsed. */
export function listQueries(fetchMock: FetchMock): URLSearchParams[] {
  return recordedCalls(fetchMock)
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://localhost').pathname === '/api/users')
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
}

/** The calls that changed something (POST, PUT, PATCH, DELETE). */
export function writes(fetchMock: FetchMock): RecordedCall[] {
  return recordedCalls(fetchMock).filter((call) => call.method !== 'GET');
}

/** Waits for the rows to show `email`. */
export async function findRow(email: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: email });
  return cell.closest('tr') as HTMLElement;
}

/** The email column, top to bottom. */
export function shownEmails(): string[] {
  const table = screen.getByRole('table', { name: 'Users' });
  return within(table)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[1]?.textContent ?? '')
    .filter(Boolean);
}
