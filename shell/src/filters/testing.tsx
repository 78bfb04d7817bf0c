/**
 * Renders the filters UI inside the app's host (renderInHost: the real
 * providers, a signed-in session, the toaster) with `fetch` answered by a
 * script, so tests assert what a person sees and which requests left.
 */
import type { FetchMock } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeAnswer, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { filtersAtom, updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import type { ReactElement } from 'react';

/** A picker's success body. */
export function optionsBody(kind: string, options: { value: string; label: string; count: number }[]) {
  return { success: true, data: { [kind]: options } };
}

/** The URLs fetch was called with, parsed, so tests can read query params. */
export function requestedUrls(fetchMock: FetchMock): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

export interface RenderOptions {
  /** Filters applied before the first render, through the same write atom the app uses. */
  filters?: Partial<FilterState>;
  /** Each request's answer; the default answers every request with an empty success. */
  respond?: (url: URL) => FakeAnswer | Promise<FakeAnswer>;
}

export interface Rendered extends RenderedInHost {
  filters: () => FilterState;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Rendered {
  const respond = options.respond ?? (() => ({ body: { success: true, data: {} } }));
  const rendered = renderInHost(ui, {
    setup: (store) => {
      if (options.filters) store.set(updateFiltersAtom, options.filters);
    },
    api: (request) => respond(new URL(request.url, 'http://localhost')),
  });
  return { ...rendered, filters: () => rendered.store.get(filtersAtom) };
}
