import type { Page } from 'playwright-core';

export interface ApiInit {
  /** GET without a body, POST with one, unless named. */
  method?: string;
  body?: unknown;
  /** An access token; none: signed out. */
  token?: string;
}

/**
 * One API call from the test itself (not the page), as a script would make it:
 * JSON in and out, and a thrown error naming the call when it is not a 2xx,
 * so a setup step that failed says so instead of the test failing later.
 */
export async function callApi<T>(baseUrl: string, path: string, init: ApiInit = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** One API call from inside the page, with the session the app keeps (its token in localStorage); the answer whatever its status. */
export function callApiInPage<T>(page: Page, path: string, init: Omit<ApiInit, 'token'> = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.json();
    },
    { path, init },
  ) as Promise<T>;
}
