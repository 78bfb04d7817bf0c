/**
 * Renders the filters UI the way the app does (one jotai store, a signed-in
 * session, toasts) with `fetch` answered by a script, so tests assert what a
 * person sees and which requests left.
 */
import { isLoadingAtom, tokenAtom } from '@callboard/shared-auth/session';
import { filtersAtom, updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';

export type Store = ReturnType<typeof createStore>;

export const TEST_TOKEN = 'test-token';

export interface ScriptedResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
}

/** A response-like object with just what shared-auth's client reads: ok, status, statusText, headers, text(). */
export function fakeResponse({ status = 200, statusText = '', body }: ScriptedResponse = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

/** A picker's success body. */
export function optionsBody(kind: string, options: { value: string; label: string; count: number }[]) {
  return { success: true, data: { [kind]: options } };
}

export type FetchMock = jest.Mock<Promise<ReturnType<typeof fakeResponse>>, [input: string, init?: RequestInit]>;

/** The URLs fetch was called with, parsed, so tests can read query params. */
export function requestedUrls(fetchMock: FetchMock): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

export interface RenderOptions {
  /** Filters applied before the first render, through the same write atom the app uses. */
  filters?: Partial<FilterState>;
  /** Each request's answer; the default answers every request with an empty success. */
  respond?: (url: URL) => ScriptedResponse | Promise<ScriptedResponse>;
}

export interface Rendered extends RenderResult {
  store: Store;
  user: UserEvent;
  fetchMock: FetchMock;
  filters: () => FilterState;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Rendered {
  // Filters persist in localStorage and toasts in react-hot-toast's module state: start each test clean.
  localStorage.clear();
  toast.remove();

  const store = createStore();
  store.set(tokenAtom, TEST_TOKEN);
  store.set(isLoadingAtom, false);
  if (options.filters) store.set(updateFiltersAtom, options.filters);

  const respond = options.respond ?? (() => ({ body: { success: true, data: {} } }));
  const fetchMock: FetchMock = jest.fn(async (input: string) => fakeResponse(await respond(new URL(String(input), 'http://localhost'))));
  globalThis.fetch = fetchMock as unknown as typeof fetch;

  const result = render(
    <Provider store={store}>
      {ui}
      <Toaster />
    </Provider>,
  );
  return { ...result, store, user: userEvent.setup(), fetchMock, filters: () => store.get(filtersAtom) };
}
