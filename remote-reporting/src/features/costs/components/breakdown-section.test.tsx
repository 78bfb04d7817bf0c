import { deferred, fakeResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, renderCosts } from '../../../testing/costs';
import { BreakdownSection } from './breakdown-section';

const table = () => screen.getByRole('table');
/** The first cell of every body row, in order (the last is the totals row). */
const labels = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

let createObjectURL: jest.Mock;
let click: jest.SpyInstance;

beforeEach(() => {
  createObjectURL = jest.fn(() => 'blob:costs');
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot navigate to a blob URL; the click is what a browser turns into a download.
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => click.mockRestore());

test('shows the breakdown by publisher for the current filters, with a totals row', async () => {
  const { requests } = renderCosts(<BreakdownSection />, { filters: { datePreset: 'last_30_days' } });

  await screen.findByRole('cell', { name: 'Acme Media' });
  expect(labels()).toEqual(['Acme Media', 'Beacon Leads', 'Zenith Calls', 'Total']);
  expect(screen.getByRole('columnheader', { name: /Publisher/ })).toBeInTheDocument();

  const acme = screen.getByRole('row', { name: /Acme Media/ });
  for (const text of ['600', '30', '$7,000.00', '$2,000.00', '$5,000.00', '5%']) expect(within(acme).getByText(text)).toBeInTheDocument();
  const total = screen.getByRole('row', { name: /Total/ });
  for (const text of ['1,250', '50', '$12,500.00', '$4,000.50', '$8,499.50', '4%']) expect(within(total).getByText(text)).toBeInTheDocument();

  const [request] = requests().filter((r) => r.path === '/api/cost/breakdown');
  expect(request?.query.get('groupBy')).toBe('publisher');
  expect(request?.query.get('datePreset')).toBe('last_30_days');
});

test('choosing another grouping asks the API for it and relabels the table', async () => {
  const { user, requests } = renderCosts(<BreakdownSection />);
  await screen.findByRole('cell', { name: 'Acme Media' });
  expect(screen.getByRole('radio', { name: 'Publisher' })).toBeChecked();

  await user.click(screen.getByRole('radio', { name: 'Campaign' }));
  await screen.findByRole('cell', { name: 'Medicare Q1' });
  expect(screen.getByRole('radio', { name: 'Campaign' })).toBeChecked();
  expect(screen.getByRole('columnheader', { name: /Campaign/ })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Costs by campaign' })).toBeInTheDocument();
  expect(screen.queryByRole('cell', { name: 'Acme Media' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'Target' }));
  await screen.findByRole('cell', { name: 'Target One' });
  await user.click(screen.getByRole('radio', { name: 'Buyer' }));
  await screen.findByRole('cell', { name: 'North Buyer' });

  const groups = requests()
    .filter((r) => r.path === '/api/cost/breakdown')
    .map((r) => r.query.get('groupBy'));
  expect(groups).toEqual(['publisher', 'campaign', 'target', 'buyer']);
});

test('headers sort ascending first, then toggle; the totals row stays last', async () => {
  const { user } = renderCosts(<BreakdownSection />);
  await screen.findByRole('cell', { name: 'Acme Media' });
  const header = (name: RegExp) => screen.getByRole('columnheader', { name });

  await user.click(within(header(/^Calls/)).getByRole('button'));
  expect(header(/^Calls/)).toHaveAttribute('aria-sort', 'ascending');
  expect(labels()).toEqual(['Zenith Calls', 'Beacon Leads', 'Acme Media', 'Total']);

  await user.click(within(header(/^Calls/)).getByRole('button'));
  expect(header(/^Calls/)).toHaveAttribute('aria-sort', 'descending');
  expect(labels()).toEqual(['Acme Media', 'Beacon Leads', 'Zenith Calls', 'Total']);

  await user.click(within(header(/^Publisher/)).getByRole('button'));
  expect(header(/^Publisher/)).toHaveAttribute('aria-sort', 'ascending');
  expect(header(/^Calls/)).toHaveAttribute('aria-sort', 'none');
  await user.click(within(header(/^Publisher/)).getByRole('button'));
  expect(labels()).toEqual(['Zenith Calls', 'Beacon Leads', 'Acme Media', 'Total']);

  await user.click(within(header(/^Conversion rate/)).getByRole('button'));
  expect(labels()).toEqual(['Zenith Calls', 'Beacon Leads', 'Acme Media', 'Total']);
  await user.click(within(header(/^Profit/)).getByRole('button'));
  expect(labels()).toEqual(['Zenith Calls', 'Beacon Leads', 'Acme Media', 'Total']);
});

test('no calls in range: an empty state instead of rows, and no totals row', async () => {
  renderCosts(<BreakdownSection />, {
    api: ({ url }) => (url.pathname === '/api/cost/breakdown' ? { body: ok({ groupBy: 'publisher', rows: [] }) } : undefined),
  });
  expect(await screen.findByText('No calls for these filters')).toBeInTheDocument();
  expect(screen.queryByRole('row', { name: /Total/ })).not.toBeInTheDocument();
});

test('a failed breakdown shows the server message with Retry', async () => {
  renderCosts(<BreakdownSection />, {
    api: ({ url }) =>
      url.pathname === '/api/cost/breakdown' ? { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'startDate is not a date' } } : undefined,
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the breakdown.');
  expect(alert).toHaveTextContent('startDate is not a date');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('Export → XLSX posts the filters and the grouping, shows it is busy, then saves the file', async () => {
  const answer = deferred<Response>();
  const file = new Blob(['xlsx bytes']);
  const { user, requests } = renderCosts(<BreakdownSection />, {
    filters: { datePreset: 'last_30_days', publisher: ['1', '2'] },
    api: ({ url }) => (url.pathname === '/api/cost/export' ? answer.promise : undefined),
  });
  await screen.findByRole('cell', { name: 'Acme Media' });
  await user.click(screen.getByRole('radio', { name: 'Campaign' }));
  await screen.findByRole('cell', { name: 'Medicare Q1' });

  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('menuitem', { name: 'XLSX' }));

  const busy = await screen.findByRole('button', { name: /Exporting/ });
  expect(busy).toBeDisabled();
  const [post] = requests().filter((r) => r.path === '/api/cost/export');
  expect(post?.method).toBe('POST');
  expect(post?.body).toEqual({ datePreset: 'last_30_days', publisher: '1,2', fmt: 'xlsx', groupBy: 'campaign' });

  answer.resolve(
    fakeResponse({ blob: file, headers: { 'content-disposition': 'attachment; filename="cost_breakdown_20260131.xlsx"' } }),
  );
  await screen.findByRole('button', { name: 'Export' });
  expect(createObjectURL).toHaveBeenCalledWith(file);
  expect(click).toHaveBeenCalledTimes(1);
  const link = click.mock.contexts[0] as HTMLAnchorElement;
  expect(link.download).toBe('cost_breakdown_20260131.xlsx');
});

test('Export → CSV that fails says why in a toast and frees the button', async () => {
  const { user, requests } = renderCosts(<BreakdownSection />, {
    api: ({ url }) => (url.pathname === '/api/cost/export' ? { status: 500, statusText: 'Internal Server Error', body: { success: false, code: 'INTERNAL', message: 'Internal server error' } } : undefined),
  });
  await screen.findByRole('cell', { name: 'Acme Media' });

  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('menuitem', { name: 'CSV' }));

  expect(await screen.findByText('Export failed: Internal server error')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  expect(requests().find((r) => r.path === '/api/cost/export')?.body).toEqual({ datePreset: 'today', fmt: 'csv', groupBy: 'publisher' });
  expect(click).not.toHaveBeenCalled();
});
