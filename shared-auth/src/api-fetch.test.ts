import { createStore } from 'jotai/vanilla';
import { ApiError, apiDownload, apiFetch, filenameFromDisposition, swrFetcher } from '@callboard/shared-auth/api-fetch';
import {
  TOKEN_STORAGE_KEY,
  isAuthenticatedAtom,
  saveSession,
  tokenAtom,
  userAtom,
  type Store,
} from '@callboard/shared-auth/session';
import {
  authAnswer,
  deferred,
  fakeResponse,
  installFetchMock,
  jsonResponse,
  makeToken,
  makeUser,
  recordedCalls,
} from '@callboard/shared-auth/testing/fetch-mock';

function signedInStore(token = makeToken(900)): Store {
  const store = createStore();
  saveSession(store, { token, user: makeUser() });
  sessionStorage.setItem('draft', 'kept until sign-out');
  return store;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

function expectSignedIn(store: Store, token: string) {
  expect(store.get(tokenAtom)).toBe(token);
  expect(store.get(isAuthenticatedAtom)).toBe(true);
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  expect(sessionStorage.getItem('draft')).toBe('kept until sign-out');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete process.env.CALLBOARD_API_BASE;
});

describe('apiFetch: what goes out', () => {
  it('sends cookies, JSON headers, the bearer token and a JSON body', async () => {
    const token = makeToken(900);
    const store = signedInStore(token);
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));

    await apiFetch(store, '/api/users', { method: 'POST', body: { name: 'A', role: 'user' } });

    const [call] = recordedCalls(fetch);
    expect(call).toMatchObject({
      url: '/api/users',
      method: 'POST',
      credentials: 'include',
      body: { name: 'A', role: 'user' },
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    });
  });

  it('sends no Authorization header when signed out, and GET by default', async () => {
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));
    await apiFetch(createStore(), '/api/healthz');
    const [call] = recordedCalls(fetch);
    expect(call?.method).toBe('GET');
    expect(call?.headers.Authorization).toBeUndefined();
    expect(call?.body).toBeUndefined();
  });

  it('leaves FormData alone so the browser writes its multipart content type', async () => {
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));
    const form = new FormData();
    form.append('file', 'x');
    await apiFetch(createStore(), '/api/import', { method: 'POST', body: form });
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(form);
    expect(recordedCalls(fetch)[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('encodes the query: arrays comma-joined, undefined and empty values skipped', async () => {
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));
    await apiFetch(createStore(), '/api/calls/records', {
      query: { page: 2, limit: 25, campaign: ['c1', 'c 2'], publisher: [], search: '', startDate: undefined, sortDir: 'desc' },
    });
    const url = new URL(recordedCalls(fetch)[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/calls/records');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '25', campaign: 'c1,c 2', sortDir: 'desc' });
  });

  it('appends the query to a path that already has one, and uses the build-time API base', async () => {
    process.env.CALLBOARD_API_BASE = 'https://api.example.com/';
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));
    await apiFetch(createStore(), '/api/users?x=1', { query: { page: 1 } });
    expect(recordedCalls(fetch)[0]?.url).toBe('https://api.example.com/api/users?x=1&page=1');
  });

  it('lets the caller override a default header', async () => {
    const fetch = installFetchMock(async () => jsonResponse({ success: true }));
    await apiFetch(createStore(), '/api/x', { headers: { accept: 'text/csv' } });
    const { headers } = recordedCalls(fetch)[0]!;
    expect(headers.accept).toBe('text/csv');
    expect(headers.Accept).toBeUndefined();
  });
});

describe('apiFetch: what comes back', () => {
  it('parses JSON answers', async () => {
    installFetchMock(async () => jsonResponse({ success: true, data: [1, 2] }));
    await expect(apiFetch(createStore(), '/api/x')).resolves.toEqual({ success: true, data: [1, 2] });
  });

  it('reads an empty body as null', async () => {
    installFetchMock(async () => fakeResponse({ status: 204 }));
    await expect(apiFetch(createStore(), '/api/x')).resolves.toBeNull();
  });

  it('takes the body message first, with status, code and field errors', async () => {
    const errors = [{ field: 'email', message: 'Email is invalid' }];
    installFetchMock(async () =>
      jsonResponse({ success: false, message: 'Check the form', error: 'Bad Request', code: 'VALIDATION_ERROR', errors }, 400, 'Bad Request'),
    );
    const error = await caught(apiFetch(createStore(), '/api/users', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'HTTP_ERROR', status: 400, message: 'Check the form', code: 'VALIDATION_ERROR', errors });
  });

  it('falls back to the error text when the body has no message', async () => {
    installFetchMock(async () => jsonResponse({ statusCode: 404, error: 'Not Found' }, 404, 'Not Found here'));
    expect((await caught(apiFetch(createStore(), '/api/x'))).message).toBe('Not Found');
  });

  it('falls back to the status text when there is neither', async () => {
    installFetchMock(async () => fakeResponse({ status: 503, statusText: 'Service Unavailable' }));
    const error = await caught(apiFetch(createStore(), '/api/x'));
    expect(error).toMatchObject({ kind: 'HTTP_ERROR', status: 503, message: 'Service Unavailable' });
  });

  it('says "Unknown error occurred" when nothing else is known', async () => {
    installFetchMock(async () => fakeResponse({ status: 500, body: { success: false, message: '' } }));
    expect((await caught(apiFetch(createStore(), '/api/x'))).message).toBe('Unknown error occurred');
  });

  it('reports a network failure as FETCH_ERROR with the error text', async () => {
    installFetchMock(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(apiFetch(createStore(), '/api/x'));
    expect(error).toMatchObject({ kind: 'FETCH_ERROR', status: undefined, message: 'Failed to fetch' });
  });

  it('reports a request that takes too long as TIMEOUT_ERROR', async () => {
    installFetchMock(() => new Promise<Response>(() => undefined));
    const error = await caught(apiFetch(createStore(), '/api/x', { timeoutMs: 20 }));
    expect(error).toMatchObject({ kind: 'TIMEOUT_ERROR', message: 'Request timed out after 20 ms' });
  });

  it('times out after 30 seconds by default', async () => {
    jest.useFakeTimers();
    try {
      installFetchMock(() => new Promise<Response>(() => undefined));
      const result = caught(apiFetch(createStore(), '/api/x'));
      await jest.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect((await result).kind).toBe('TIMEOUT_ERROR');
    } finally {
      jest.useRealTimers();
    }
  });

  it("rejects with the caller's own abort reason, not an ApiError", async () => {
    installFetchMock(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = apiFetch(createStore(), '/api/x', { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });

  it('reports an unreadable body as PARSING_ERROR keeping the status and raw text', async () => {
    installFetchMock(async () => fakeResponse({ status: 200, body: '<html>oops</html>' }));
    const ok = await caught(apiFetch(createStore(), '/api/x'));
    expect(ok).toMatchObject({ kind: 'PARSING_ERROR', status: 200, rawText: '<html>oops</html>' });

    installFetchMock(async () => fakeResponse({ status: 502, statusText: 'Bad Gateway', body: '<html>proxy</html>' }));
    const gateway = await caught(apiFetch(createStore(), '/api/x'));
    expect(gateway).toMatchObject({ kind: 'PARSING_ERROR', status: 502, rawText: '<html>proxy</html>' });
    expect(gateway.message).toContain('502 Bad Gateway');
  });
});

describe('apiFetch: the 401 rule', () => {
  it('signs the user out on a 401: atoms reset, local and session storage cleared', async () => {
    const store = signedInStore();
    localStorage.setItem('filters', '{}');
    installFetchMock(async () => jsonResponse({ success: false, message: 'Your session has ended', code: 'UNAUTHENTICATED' }, 401));

    const error = await caught(apiFetch(store, '/api/stats'));

    expect(error).toMatchObject({ status: 401, message: 'Your session has ended' });
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['403', () => jsonResponse({ success: false, message: 'Forbidden', code: 'FORBIDDEN' }, 403)],
    ['500', () => jsonResponse({ success: false, message: 'Internal', code: 'INTERNAL' }, 500)],
    ['503', () => fakeResponse({ status: 503, statusText: 'Service Unavailable' })],
  ])('keeps the user signed in on a %s', async (_status, answer) => {
    const token = makeToken(900);
    const store = signedInStore(token);
    installFetchMock(async () => answer());
    await caught(apiFetch(store, '/api/stats'));
    expectSignedIn(store, token);
  });

  it("a 429 TOO_MANY_CONCURRENT is an ApiError with the server's message and code, as RATE_LIMITED is: the screen shows it with Retry, and the user stays signed in", async () => {
    const token = makeToken(900);
    const store = signedInStore(token);
    const message = 'You already have 12 requests in progress on this server (4 running, 8 waiting), the most one person may; try again in 2 seconds';
    installFetchMock(async () => jsonResponse({ success: false, message, code: 'TOO_MANY_CONCURRENT' }, 429));
    const error = await caught(apiFetch(store, '/api/stats'));
    expect(error).toMatchObject({ kind: 'HTTP_ERROR', status: 429, code: 'TOO_MANY_CONCURRENT', message });
    expectSignedIn(store, token);
  });

  it('keeps the user signed in on a network failure and a timeout', async () => {
    const token = makeToken(900);
    const store = signedInStore(token);
    installFetchMock(async () => {
      throw new TypeError('Failed to fetch');
    });
    await caught(apiFetch(store, '/api/stats'));
    installFetchMock(() => new Promise<Response>(() => undefined));
    await caught(apiFetch(store, '/api/stats', { timeoutMs: 10 }));
    expectSignedIn(store, token);
  });

  it('does not sign out when the caller says a 401 is expected (the login request)', async () => {
    const token = makeToken(900);
    const store = signedInStore(token);
    installFetchMock(async () => jsonResponse({ success: false, message: 'Invalid email or password' }, 401));
    await caught(apiFetch(store, '/api/auth/login', { method: 'POST', body: {}, signOutOn401: false }));
    expectSignedIn(store, token);
  });

  it('does not sign out a session that started while the refused request was in flight', async () => {
    const oldToken = makeToken(900, { sid: 'old' });
    const newToken = makeToken(900, { sid: 'new' });
    const store = signedInStore(oldToken);
    const answer = deferred<Response>();
    const fetch = installFetchMock(() => answer.promise);
    const pending = caught(apiFetch(store, '/api/stats'));
    while (fetch.mock.calls.length === 0) await Promise.resolve();
    saveSession(store, { token: newToken, user: makeUser() });
    answer.resolve(jsonResponse({ success: false, message: 'ended' }, 401));
    await pending;
    expect(store.get(tokenAtom)).toBe(newToken);
  });
});

describe('apiFetch: refreshing before expiry', () => {
  const refreshCalls = (fetch: ReturnType<typeof installFetchMock>) =>
    recordedCalls(fetch).filter((call) => call.url === '/api/auth/refresh');

  it('refreshes an expired token once for concurrent requests, then sends them with the new token', async () => {
    const expired = makeToken(-60);
    const fresh = makeToken(900, { sid: 'next' });
    const store = signedInStore(expired);
    const fetch = installFetchMock(async (url) =>
      url === '/api/auth/refresh' ? jsonResponse(authAnswer(fresh, makeUser({ name: 'Renamed' }), 'Session refreshed')) : jsonResponse({ success: true, data: url }),
    );

    const [stats, records] = await Promise.all([apiFetch(store, '/api/stats'), apiFetch(store, '/api/calls/records')]);

    expect(stats).toEqual({ success: true, data: '/api/stats' });
    expect(records).toEqual({ success: true, data: '/api/calls/records' });
    const refreshes = refreshCalls(fetch);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'POST', credentials: 'include' });
    const sent = recordedCalls(fetch).filter((call) => call.url !== '/api/auth/refresh');
    expect(sent.map((call) => call.headers.Authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(store.get(tokenAtom)).toBe(fresh);
    expect(store.get(userAtom)?.name).toBe('Renamed');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('refreshes a token within 30 seconds of expiry, not one further out', async () => {
    const fetch = installFetchMock(async (url) =>
      url === '/api/auth/refresh' ? jsonResponse(authAnswer(makeToken(900))) : jsonResponse({ success: true }),
    );
    await apiFetch(signedInStore(makeToken(20)), '/api/stats');
    expect(refreshCalls(fetch)).toHaveLength(1);

    fetch.mockClear();
    await apiFetch(signedInStore(makeToken(120)), '/api/stats');
    expect(refreshCalls(fetch)).toHaveLength(0);
  });

  it('signs out when the refresh is refused with a 401', async () => {
    const store = signedInStore(makeToken(-60));
    const fetch = installFetchMock(async (url) =>
      url === '/api/auth/refresh'
        ? jsonResponse({ success: false, message: 'Your session has ended; please sign in again' }, 401)
        : jsonResponse({ success: false, message: 'Sign in first' }, 401),
    );
    const error = await caught(apiFetch(store, '/api/stats'));
    expect(error.status).toBe(401);
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(localStorage.length).toBe(0);
    // The request after a refused refresh carries no dead token.
    expect(recordedCalls(fetch).at(-1)?.headers.Authorization).toBeUndefined();
  });

  it('keeps the session and sends the request anyway when the refresh fails for another reason', async () => {
    const expired = makeToken(-60);
    const store = signedInStore(expired);
    const fetch = installFetchMock(async (url) => {
      if (url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return jsonResponse({ success: true });
    });
    await expect(apiFetch(store, '/api/stats')).resolves.toEqual({ success: true });
    expect(recordedCalls(fetch).at(-1)?.headers.Authorization).toBe(`Bearer ${expired}`);
    expectSignedIn(store, expired);
  });
});

describe('apiDownload', () => {
  it('returns the blob and the file name from Content-Disposition', async () => {
    const blob = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
    const token = makeToken(900);
    const fetch = installFetchMock(async () =>
      fakeResponse({ blob, headers: { 'Content-Disposition': 'attachment; filename="call_records_20250101.csv"' } }),
    );
    const file = await apiDownload(signedInStore(token), '/api/calls/export', { query: { fmt: 'csv', campaign: ['a', 'b'] } });
    expect(file.blob).toBe(blob);
    expect(file.filename).toBe('call_records_20250101.csv');
    const [call] = recordedCalls(fetch);
    expect(call?.url).toBe('/api/calls/export?fmt=csv&campaign=a%2Cb');
    expect(call?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('reports the headers, then each piece of the body as it arrives', async () => {
    const pieces = [new TextEncoder().encode('a,b\n'), new TextEncoder().encode('1,2\n')];
    const streamed = {
      ...fakeResponse({ headers: { 'X-Total-Count': '1', 'Content-Type': 'text/csv' } }),
      body: { getReader: () => ({ read: async () => (pieces.length ? { done: false, value: pieces.shift() } : { done: true }) }) },
    } as unknown as Response;
    installFetchMock(async () => streamed);
    const seen: string[] = [];
    const file = await apiDownload(signedInStore(), '/api/calls/export', {
      onResponse: (response) => seen.push(`total ${response.headers.get('x-total-count')}`),
      onChunk: (chunk) => seen.push(`${chunk.byteLength} bytes`),
    });
    expect(seen).toEqual(['total 1', '4 bytes', '4 bytes']);
    expect(file.blob.size).toBe(8);
    expect(file.blob.type).toBe('text/csv');
  });

  it('uses the fallback name when the response names no file', async () => {
    installFetchMock(async () => fakeResponse({ blob: new Blob(['x']) }));
    const file = await apiDownload(createStore(), '/api/cost/export', { method: 'POST', fallbackFilename: 'costs.csv' });
    expect(file.filename).toBe('costs.csv');
  });

  it('fails with the same error rules, including the 401 sign-out', async () => {
    const store = signedInStore();
    installFetchMock(async () => jsonResponse({ success: false, message: 'Range too large', code: 'VALIDATION_ERROR' }, 400, 'Bad Request'));
    expect(await caught(apiDownload(store, '/api/calls/export'))).toMatchObject({ kind: 'HTTP_ERROR', status: 400, message: 'Range too large' });
    expect(store.get(isAuthenticatedAtom)).toBe(true);

    installFetchMock(async () => jsonResponse({ success: false, message: 'ended' }, 401));
    await caught(apiDownload(store, '/api/calls/export'));
    expect(store.get(isAuthenticatedAtom)).toBe(false);
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="report.xlsx"', 'report.xlsx'],
    ['attachment; filename=report.csv', 'report.csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`, 'résumé.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});

describe('swrFetcher', () => {
  it('fetches a string key or a [path, query] key through apiFetch', async () => {
    const token = makeToken(900);
    const fetch = installFetchMock(async (url) => jsonResponse({ success: true, data: url }));
    const fetcher = swrFetcher(signedInStore(token));

    await expect(fetcher('/api/filters/all')).resolves.toEqual({ success: true, data: '/api/filters/all' });
    await expect(fetcher(['/api/users', { page: 1, search: undefined }])).resolves.toEqual({ success: true, data: '/api/users?page=1' });
    expect(recordedCalls(fetch).every((call) => call.headers.Authorization === `Bearer ${token}`)).toBe(true);
  });
});
