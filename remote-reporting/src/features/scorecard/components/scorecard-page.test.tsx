import { Route, Routes } from '@callboard/shared-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderScorecard } from '../../../testing/scorecard';
import { ScorecardPage } from './scorecard-page';

/** The page under /reporting/scorecard, as the area's routes mount it, so a row can go up to /reporting. */
const page = (
  <Routes>
    <Route path="/reporting/*" element={<Routes><Route path="scorecard" element={<ScorecardPage />} /></Routes>} />
    <Route path="*" element={null} />
  </Routes>
);

const table = () => screen.getByRole('table');
const labels = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
const header = (name: RegExp) => screen.getByRole('columnheader', { name });

let click: jest.SpyInstance;
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:scorecard');
  URL.revokeObjectURL = jest.fn();
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => click.mockRestore());

test('shows a row per publisher for the shell filters, most calls first, with flags and arrows', async () => {
  const { requests } = renderScorecard(page, { filters: { datePreset: 'last_30_days' } });
  await screen.findByRole('cell', { name: 'Acme Media' });
  expect(labels()).toEqual(['Acme Media', 'Beacon Leads', '=cmd|calc']);
  expect(header(/^Calls/)).toHaveAttribute('aria-sort', 'descending');

  const acme = screen.getByRole('row', { name: /Acme Media/ });
  for (const text of ['600', '$7,000.00', '$5,000.00', '5.0%', '25.0%', '12']) expect(within(acme).getAllByText(text).length).toBeGreaterThan(0);
  // The voicemail and no-connect shares crossed their thresholds; the hang-up share did not.
  expect(within(acme).getByText(/voicemail share is above its threshold/i)).toBeInTheDocument();
  expect(within(acme).getByText(/no-connect share is above its threshold/i)).toBeInTheDocument();
  expect(within(acme).queryByText(/hang-up share/i)).not.toBeInTheDocument();
  // Calls up from 500, sales rate down from 6 %, profit unchanged.
  expect(within(acme).getByText('up from 500 in the previous period')).toBeInTheDocument();
  expect(within(acme).getByText('down from 6.0% in the previous period')).toBeInTheDocument();
  expect(within(acme).getByText('unchanged from $5,000.00 in the previous period')).toBeInTheDocument();

  const [request] = requests().filter((r) => r.path === '/api/scorecard');
  expect(Object.fromEntries(request!.query)).toMatchObject({ datePreset: 'last_30_days', groupBy: 'publisher', sortBy: 'calls', sortDir: 'desc' });
});

test('one number format per column: percentages with one decimal, money with cents, whatever the row', async () => {
  renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });
  const rows = within(table()).getAllByRole('row').slice(1);
  const column = (index: number) => rows.map((r) => (within(r).getAllByRole('cell')[index]?.textContent ?? '').replace(/(up|down|unchanged) from .*$|, .*$/, '').replace('–', '').trim());
  // Sales rate (5, 3.75, 2), Voicemail (25, 10, 0), Repeat rate; Revenue, Payout, Profit.
  expect(column(4)).toEqual(['5.0%', '3.8%', '2.0%']);
  expect(column(5)).toEqual(['25.0%', '10.0%', '0.0%']);
  expect(column(10)).toEqual(['2.0%', '0.0%', '0.0%']);
  expect(column(12)).toEqual(['$2,000.00', '$1,500.50', '$1,600.00']);
  expect(column(13)).toEqual(['$5,000.00', '$2,499.50', '-$100.00']);
  // A share that is not flagged keeps the flagged box's room, so the figures line up with a flagged one's.
  expect(within(rows[1]!).getByText('10.0%')).toHaveClass('scorecard__share');
});

test('a header click asks the API for that order, ascending first, then the other way', async () => {
  const { user, requests } = renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });

  await user.click(within(header(/^Profit/)).getByRole('button'));
  await waitFor(() => expect(labels()).toEqual(['=cmd|calc', 'Beacon Leads', 'Acme Media']));
  expect(header(/^Profit/)).toHaveAttribute('aria-sort', 'ascending');
  expect(header(/^Calls/)).toHaveAttribute('aria-sort', 'none');

  await user.click(within(header(/^Profit/)).getByRole('button'));
  await waitFor(() => expect(labels()).toEqual(['Acme Media', 'Beacon Leads', '=cmd|calc']));
  expect(header(/^Profit/)).toHaveAttribute('aria-sort', 'descending');

  const orders = requests()
    .filter((r) => r.path === '/api/scorecard')
    .map((r) => `${r.query.get('sortBy')} ${r.query.get('sortDir')}`);
  expect(orders).toEqual(['calls desc', 'profit asc', 'profit desc']);
});

test('the group-by switch asks for another dimension and relabels the table', async () => {
  const { user } = renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });
  await user.click(screen.getByRole('radio', { name: 'Campaign' }));
  await screen.findByRole('cell', { name: 'Medicare Q1' });
  expect(screen.getByRole('table', { name: 'Scorecard by campaign' })).toBeInTheDocument();
  expect(header(/^Campaign/)).toBeInTheDocument();
});

test('a row click opens Reporting filtered to that publisher, keeping the date range', async () => {
  const { user, location } = renderScorecard(page, { filters: { datePreset: 'last_7_days' } });
  await user.click(await screen.findByRole('cell', { name: 'Beacon Leads' }));
  await waitFor(() => expect(location.pathname).toBe('/reporting'));
  const query = new URLSearchParams(location.search);
  expect(query.get('publisher')).toBe('2');
  expect(query.get('datePreset')).toBe('last_7_days');
});

test('Enter on a focused row opens it too', async () => {
  const { user, location } = renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });
  screen.getByRole('row', { name: /Acme Media/ }).focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(location.pathname).toBe('/reporting'));
  expect(new URLSearchParams(location.search).get('publisher')).toBe('1');
});

test('the row of calls with no buyer opens nothing: no picker can choose "none"', async () => {
  const { user, location } = renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });
  await user.click(screen.getByRole('radio', { name: 'Buyer' }));
  await user.click(await screen.findByRole('cell', { name: '(no buyer)' }));
  expect(location.pathname).toBe('/reporting/scorecard');
});

test('Export CSV asks the server for the table as shown and saves the file', async () => {
  const { user, requests } = renderScorecard(page, {
    filters: { datePreset: 'last_7_days' },
    api: (url) => (url.pathname === '/api/scorecard/export' ? { body: 'Publisher,Calls\r\n', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="scorecard_by_publisher_x.csv"' } } : undefined),
  });
  await screen.findByRole('cell', { name: 'Acme Media' });
  await user.click(within(header(/^Profit/)).getByRole('button'));
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  const [request] = requests().filter((r) => r.path === '/api/scorecard/export');
  expect(request?.method).toBe('POST');
  expect(request?.body).toMatchObject({ datePreset: 'last_7_days', groupBy: 'publisher', sortBy: 'profit', sortDir: 'asc', minCalls: 20, fmt: 'csv' });
});

test('shares are flagged only from a minimum of calls, 20 unless the person chooses another, kept for next time', async () => {
  const { user, requests, unmount } = renderScorecard(page);
  const acme = async () => screen.findByRole('row', { name: /Acme Media/ });
  expect(within(await acme()).getByText(/voicemail share is above its threshold/i)).toBeInTheDocument();
  const asked = () => requests().filter((r) => r.path === '/api/scorecard').map((r) => r.query.get('minCalls'));
  expect(asked()).toEqual(['20']);

  // Acme Media has 600 calls: from 700 its shares are shown but not flagged.
  const field = screen.getByRole('spinbutton', { name: 'Flag shares from calls' });
  await user.clear(field);
  await user.type(field, '700');
  await waitFor(() => expect(asked().at(-1)).toBe('700'));
  // One request for the settled number, none for "7" or "70" on the way.
  expect(asked()).toEqual(['20', '700']);
  await waitFor(async () => expect(within(await acme()).queryByText(/share is above its threshold/i)).not.toBeInTheDocument());
  expect(JSON.parse(localStorage.getItem('callboard.reporting.scorecard') ?? '{}')).toEqual({ minCalls: 700, columns: 'quality' });
  unmount();

  // A new visit asks with the number chosen.
  const again = renderScorecard(page, { keepStorage: true });
  expect(await screen.findByRole('spinbutton', { name: 'Flag shares from calls' })).toHaveValue(700);
  await screen.findByRole('row', { name: /Acme Media/ });
  expect(again.requests().filter((r) => r.path === '/api/scorecard').map((r) => r.query.get('minCalls'))).toEqual(['700']);
});

test('a minimum the API would refuse is not asked for, and leaving the box puts the one in use back', async () => {
  const { user, requests } = renderScorecard(page);
  await screen.findByRole('row', { name: /Acme Media/ });
  const field = screen.getByRole('spinbutton', { name: 'Flag shares from calls' });
  await user.clear(field);
  await user.type(field, '0');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await user.tab();
  expect(field).toHaveValue(20);
  // Past the field's 400 ms pause: nothing more was asked.
  await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(requests().filter((r) => r.path === '/api/scorecard').map((r) => r.query.get('minCalls'))).toEqual(['20']);
});

test('no rows: the empty state, and nothing to export', async () => {
  renderScorecard(page, { api: (url) => (url.pathname === '/api/scorecard' ? { body: { success: true, data: { groupBy: 'publisher', rows: [] } } } : undefined) });
  expect(await screen.findByText('No calls for these filters')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('a failure shows the error with Retry', async () => {
  renderScorecard(page, { api: (url) => (url.pathname === '/api/scorecard' ? { status: 500, body: { success: false, message: 'boom' } } : undefined) });
  expect(await screen.findByText('Failed to load the scorecard.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
});

test('the Disputes columns take the quality columns’ place, kept as the person’s choice; a share of nothing is a dash', async () => {
  const { user } = renderScorecard(page);
  await screen.findByRole('cell', { name: 'Acme Media' });
  expect(screen.queryByRole('columnheader', { name: /^AI agreement/ })).not.toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'Disputes' }));
  const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/\s+/g, ' ').trim());
  expect(headers.map((h) => h?.replace(/ ?(Sort|sorted).*$/i, ''))).toEqual(['Publisher', 'Calls', 'Revenue', 'Payout', 'Disputes', 'Dispute rate', 'Accepted', 'Credited', 'Clawed back', 'AI agreement']);
  const acme = within(screen.getByRole('row', { name: /Acme Media/ })).getAllByRole('cell').map((c) => c.textContent?.replace(/(up|down|unchanged) from .*$/, '').replace('–', '').trim());
  expect(acme.slice(4)).toEqual(['6', '1.0%', '75.0%', '$120.00', '$45.50', '50.0%']);
  // Beacon Leads has no decided dispute: no acceptance rate, no agreement, not 0 %.
  const beacon = within(screen.getByRole('row', { name: /Beacon Leads/ })).getAllByRole('cell').map((c) => c.textContent?.trim());
  expect(beacon.slice(4)).toEqual(['0', '0.0%', '—', '$0.00', '$0.00', '—']);
  expect(JSON.parse(localStorage.getItem('callboard.reporting.scorecard') ?? '{}')).toMatchObject({ columns: 'disputes' });

  await user.click(screen.getByRole('radio', { name: 'Quality' }));
  expect(screen.getByRole('columnheader', { name: /^Voicemail/ })).toBeInTheDocument();
});
