import { act, screen, waitFor, within } from '@testing-library/react';
import { openPanelAtom } from '../app/open-panel-atom';
import { GlobalPanels } from './global-panels';
import { optionsBody, renderWithProviders, requestedUrls, type RenderOptions } from './testing';

const CAMPAIGNS = [
  { value: 'c1', label: 'Solar Leads', count: 1234 },
  { value: 'c2', label: 'Medicare', count: 56 },
  { value: 'c3', label: 'Auto Insurance', count: 0 },
];

const listed = (url: URL) => ({ body: optionsBody('campaigns', CAMPAIGNS.filter((c) => c.label.toLowerCase().includes((url.searchParams.get('search') ?? '').toLowerCase()))) });

function openPicker(options: RenderOptions = {}) {
  const rendered = renderWithProviders(<GlobalPanels />, { respond: listed, ...options });
  act(() => rendered.store.set(openPanelAtom, 'campaigns'));
  return rendered;
}

const dialog = () => screen.getByRole('dialog', { name: 'Campaigns' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) });

test('loads nothing until it opens, then the list for the applied date range with counts', async () => {
  const rendered = renderWithProviders(<GlobalPanels />, { respond: listed, filters: { datePreset: 'last_7_days' } });
  expect(rendered.fetchMock).not.toHaveBeenCalled();

  act(() => rendered.store.set(openPanelAtom, 'campaigns'));
  expect(screen.getByRole('status', { name: 'Loading items' })).toBeInTheDocument();
  expect(await screen.findByText('Solar Leads')).toBeInTheDocument();
  expect(within(dialog()).getByText('1,234')).toBeInTheDocument();
  expect(within(dialog()).getByText('56')).toBeInTheDocument();

  expect(rendered.fetchMock).toHaveBeenCalledTimes(1);
  const [url] = requestedUrls(rendered.fetchMock);
  expect(url?.pathname).toBe('/api/filters/campaigns');
  expect(url?.searchParams.get('limit')).toBe('1000');
  expect(url?.searchParams.get('datePreset')).toBe('last_7_days');
});

test('sends the other filters but not its own selection, nor the caller-id search', async () => {
  const rendered = openPicker({
    filters: {
      campaigns: [{ value: 'c1', label: 'Solar Leads', count: 1 }],
      publishers: [{ value: 'p9', label: 'Acme', count: 1 }],
      search: '5551234',
    },
  });
  await screen.findByText('Solar Leads');
  const [url] = requestedUrls(rendered.fetchMock);
  expect(url?.searchParams.get('publisher')).toBe('p9');
  expect(url?.searchParams.has('campaign')).toBe(false);
  expect(url?.searchParams.has('search')).toBe(false);
});

test('the search waits for a 300 ms pause and then asks once', async () => {
  const rendered = openPicker();
  await screen.findByText('Solar Leads');
  expect(rendered.fetchMock).toHaveBeenCalledTimes(1);

  await rendered.user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'sol');
  // Typing took far less than 300 ms: nothing has been asked yet.
  expect(rendered.fetchMock).toHaveBeenCalledTimes(1);

  await waitFor(() => expect(screen.queryByText('Medicare')).not.toBeInTheDocument());
  expect(screen.getByText('Solar Leads')).toBeInTheDocument();
  expect(rendered.fetchMock).toHaveBeenCalledTimes(2);
  expect(requestedUrls(rendered.fetchMock)[1]?.searchParams.get('search')).toBe('sol');
});

test('an empty list says "No items found."', async () => {
  openPicker({ respond: () => ({ body: optionsBody('campaigns', []) }) });
  expect(await screen.findByText('No items found.')).toBeInTheDocument();
});

test("a failed load shows the server's message, and Retry loads again", async () => {
  let fail = true;
  const rendered = openPicker({
    respond: (url) => (fail ? { status: 503, statusText: 'Service Unavailable', body: { success: false, message: 'Database unavailable', code: 'UNAVAILABLE' } } : listed(url)),
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');

  fail = false;
  await rendered.user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Solar Leads')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(rendered.fetchMock).toHaveBeenCalledTimes(2);
});

test('a failure without a message says "Failed to load items"', async () => {
  openPicker({ respond: () => ({ status: 500, body: undefined }) });
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load items');
});

test('an answer without the list is a failure too', async () => {
  openPicker({ respond: () => ({ body: { success: false } }) });
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load items');
});

test('Refresh loads the list again', async () => {
  const rendered = openPicker();
  await screen.findByText('Solar Leads');
  await rendered.user.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(rendered.fetchMock).toHaveBeenCalledTimes(2));
  expect(requestedUrls(rendered.fetchMock)[1]?.pathname).toBe('/api/filters/campaigns');
});

test('checks start from the applied selection and "Apply (n)" follows them', async () => {
  const rendered = openPicker({ filters: { campaigns: [{ value: 'c2', label: 'Medicare', count: 56 }] } });
  await screen.findByText('Solar Leads');
  expect(checkbox('Medicare')).toBeChecked();
  expect(screen.getByRole('button', { name: 'Apply (1)' })).toBeInTheDocument();

  await rendered.user.click(checkbox('Solar Leads'));
  expect(screen.getByRole('button', { name: 'Apply (2)' })).toBeInTheDocument();
  await rendered.user.click(checkbox('Medicare'));
  expect(screen.getByRole('button', { name: 'Apply (1)' })).toBeInTheDocument();
});

test('Apply sets the selection, sends the page back to 1 and closes', async () => {
  const rendered = openPicker({ filters: { page: 4 } });
  await screen.findByText('Solar Leads');
  expect(rendered.filters().page).toBe(4);

  await rendered.user.click(checkbox('Solar Leads'));
  await rendered.user.click(checkbox('Auto Insurance'));
  await rendered.user.click(screen.getByRole('button', { name: 'Apply (2)' }));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(rendered.store.get(openPanelAtom)).toBeNull();
  const filters = rendered.filters();
  expect(filters.campaign).toEqual(['c1', 'c3']);
  expect(filters.campaigns.map((c) => c.label)).toEqual(['Solar Leads', 'Auto Insurance']);
  expect(filters.page).toBe(1);
});

test('a check hidden by a search is kept', async () => {
  const rendered = openPicker();
  await screen.findByText('Medicare');
  await rendered.user.click(checkbox('Medicare'));
  await rendered.user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'solar');
  await waitFor(() => expect(screen.queryByText('Medicare')).not.toBeInTheDocument());
  await rendered.user.click(checkbox('Solar Leads'));
  await rendered.user.click(screen.getByRole('button', { name: 'Apply (2)' }));
  expect(rendered.filters().campaign).toEqual(['c2', 'c1']);
});

test('Clear empties the search and the checks', async () => {
  const rendered = openPicker({ filters: { campaigns: [{ value: 'c2', label: 'Medicare', count: 56 }] } });
  await screen.findByText('Solar Leads');
  const search = screen.getByRole('searchbox', { name: 'Search campaigns' });
  await rendered.user.type(search, 'med');
  await rendered.user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(search).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Apply (0)' })).toBeInTheDocument();
  // Nothing is applied until Apply.
  expect(rendered.filters().campaign).toEqual(['c2']);
});

test('Close leaves the selection as it was', async () => {
  const rendered = openPicker({ filters: { campaigns: [{ value: 'c2', label: 'Medicare', count: 56 }] } });
  await screen.findByText('Solar Leads');
  await rendered.user.click(checkbox('Solar Leads'));
  await rendered.user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(rendered.store.get(openPanelAtom)).toBeNull();
  expect(rendered.filters().campaign).toEqual(['c2']);
});

test('each kind has its own title and endpoint', async () => {
  const rendered = renderWithProviders(<GlobalPanels />, { respond: () => ({ body: optionsBody('buyers', [{ value: 'b1', label: 'Big Buyer', count: 3 }]) }) });
  act(() => rendered.store.set(openPanelAtom, 'buyers'));
  expect(await screen.findByText('Big Buyer')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Buyers' })).toBeInTheDocument();
  expect(requestedUrls(rendered.fetchMock)[0]?.pathname).toBe('/api/filters/buyers');
});
