/**
 * Test helpers for code that calls the API through shared-auth: jsdom has no
 * fetch or Response, so tests install a jest.fn fetch answering with small
 * response-like objects, and build unsigned JWTs whose `exp` drives the refresh logic.
 */
import { DEFAULT_PARTNER_FIELDS, type PartnerScope, type PublicUser } from '@callboard/contract';

export interface FakeResponseInit {
  status?: number;
  statusText?: string;
  /** Objects are sent as JSON text; strings as they are; undefined is an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The body of a file response (read by response.blob()). */
  blob?: Blob;
}

/** Enough of a fetch Response for the client: ok, status, statusText, headers.get, text(), blob(). */
export function fakeResponse(init: FakeResponseInit = {}): Response {
  const status = init.status ?? 200;
  const text = init.body === undefined ? '' : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status <= 299,
    status,
    statusText: init.statusText ?? '',
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    text: async () => text,
    blob: async () => init.blob ?? new Blob([text]),
  } as unknown as Response;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return fakeResponse({ body, status, statusText });
}

export type FetchMock = jest.Mock<Promise<Response>, [input: string, init?: RequestInit]>;

/** Installs a jest.fn as globalThis.fetch; give it an implementation or queue answers with mockResolvedValueOnce. */
export function installFetchMock(implementation?: (url: string, init?: RequestInit) => Promise<Response>): FetchMock {
  const mock: FetchMock = jest.fn(implementation ?? (async () => jsonResponse(null)));
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** The calls a fetch mock received, with headers as a plain record and JSON bodies parsed. */
export function recordedCalls(mock: FetchMock): RecordedCall[] {
  return mock.mock.calls.map(([url, init]) => recordedCall(url, init));
}

/** One call to fetch, read the way recordedCalls reads each. */
export function recordedCall(url: string, init?: RequestInit): RecordedCall {
  const raw = init?.body;
  let body: unknown = raw;
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  return {
    url,
    method: init?.method ?? 'GET',
    headers: { ...(init?.headers as Record<string, string> | undefined) },
    body,
    credentials: init?.credentials,
  };
}

/** A promise with its resolve/reject exposed, to hold a request open while a test looks at the pending state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The token of a signed-in test session: not a JWT, so its expiry is unknown
 * and nothing refreshes it (fake timers can move the clock freely). Tests of
 * the refresh rules build real-looking tokens with makeToken.
 */
export const TEST_TOKEN = 'test-token';

/** An unsigned JWT-shaped token expiring `secondsFromNow` after Date.now() (fake timers included). */
export function makeToken(secondsFromNow: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', ...claims, exp })}.signature`;
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'u1',
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'user',
    active: true,
    avatar: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The body of a successful login or refresh. */
export function authAnswer(token: string, user: PublicUser = makeUser(), message = 'Login successful.') {
  return { success: true, message, data: { token, expiresIn: 900, user } };
}

/**
 * A partner account (contract/src/partners.ts) as the server signs it in: a publisher partner over
 * publisher 7 by default, with the default field visibility; `scope` changes any of it.
 */
export function makePartner(kind: PartnerScope['kind'] = 'publisher', scope: Partial<PartnerScope> = {}, overrides: Partial<PublicUser> = {}): PublicUser {
  return makeUser({
    id: 'p1',
    _id: 'p1',
    name: kind === 'publisher' ? 'Blue Lead Co' : 'Acme Insurance',
    email: `${kind}@partner.example`,
    role: 'partner',
    partnerScope: { kind, ids: [7], historyFrom: '2026-01-01', ...DEFAULT_PARTNER_FIELDS, ...scope },
    ...overrides,
  });
}
