import { act, waitFor } from '@testing-library/react';
import { updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { optionsBody, renderWithProviders, requestedUrls } from './testing';
import { PickerNames } from './use-picker-names';

const unnamed = (value: string) => ({ value, label: value, count: 0 });

test('ids chosen without names are named from the API, asked by exactly those ids for the applied dates', async () => {
  const rendered = renderWithProviders(<PickerNames />, {
    filters: {
      datePreset: 'last_7_days',
      campaigns: [unnamed('7'), { value: '9', label: 'Medicare', count: 3 }, unnamed('12')],
      buyers: [unnamed('3')],
    },
    respond: (url) =>
      url.pathname.endsWith('/campaigns')
        ? { body: optionsBody('campaigns', [{ value: '7', label: 'Solar', count: 5 }, { value: '12', label: 'Auto', count: 0 }]) }
        : { body: optionsBody('buyers', [{ value: '3', label: 'Acme', count: 1 }]) },
  });
  await waitFor(() => expect(rendered.filters().buyers).toEqual([{ value: '3', label: 'Acme', count: 1 }]));
  await waitFor(() => expect(rendered.filters().campaigns.map((o) => o.label)).toEqual(['Solar', 'Medicare', 'Auto']));
  expect(rendered.filters().campaign).toEqual(['7', '9', '12']);
  const asked = Object.fromEntries(requestedUrls(rendered.fetchMock).map((url) => [url.pathname, Object.fromEntries(url.searchParams)]));
  expect(asked).toEqual({
    '/api/filters/campaigns': { datePreset: 'last_7_days', ids: '7,12' },
    '/api/filters/buyers': { datePreset: 'last_7_days', ids: '3' },
  });
});

test('nothing is asked when every chosen option has its name', () => {
  const rendered = renderWithProviders(<PickerNames />, { filters: { campaigns: [{ value: '7', label: 'Solar', count: 5 }] } });
  expect(rendered.fetchMock).not.toHaveBeenCalled();
});

test('an id that names nothing keeps its id for a label and is asked once', async () => {
  const rendered = renderWithProviders(<PickerNames />, {
    filters: { publishers: [unnamed('404')] },
    respond: () => ({ body: optionsBody('publishers', []) }),
  });
  await waitFor(() => expect(rendered.fetchMock).toHaveBeenCalledTimes(1));
  // Another change to the filters runs the effect again: the same unnamed id is not asked again.
  act(() => rendered.store.set(updateFiltersAtom, { search: '555' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(rendered.fetchMock).toHaveBeenCalledTimes(1);
  expect(rendered.filters().publishers).toEqual([unnamed('404')]);
});
