import { updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { cursorOf, fakeCallsApi, makeCall, makeCalls, renderCallLogs, setInView } from '../../../testing/call-logs';
import { LOG_PAGE_SIZE } from '../api/calls-api';

const table = () => screen.getByRole('table', { name: 'Call log' });
/** The rows' callers, top to bottom. */
const callers = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
const callerOf = (id: number) => makeCall(id).callerId;
/** The rows' call ids, top to bottom, read straight off their checkboxes (quicker than by role, for long lists). */
const shownIds = () => [...table().querySelectorAll('input[data-call-id]')].map((input) => input.getAttribute('data-call-id'));

test('shows the calls newest first with every column, and how many are loaded', async () => {
  const api = fakeCallsApi([
    makeCall(1),
    makeCall(2, {
      callTimestamp: '2026-03-09T19:05:07.000Z',
      campaignName: 'Final Expense',
      publisherName: 'Northwind',
      target_name: 'Sunrise Insurance',
      buyerName: 'Globex',
      durationSec: 3725,
      status: 'DNC',
      revenue: 1234.5,
      payout: 0,
    }),
  ]);
  renderCallLogs({ api });

  await screen.findByRole('table', { name: 'Call log' });
  expect(screen.getByRole('heading', { name: 'Call Logs' })).toBeInTheDocument();
  expect(screen.getByText('2 of 2 calls loaded')).toBeInTheDocument();
  expect(callers()).toEqual([callerOf(2), callerOf(1)]);

  const cells = within(within(table()).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
  // After the checkbox: the time in New York (EDT since Mar 8), caller, campaign, publisher, target, buyer, duration, status, revenue, payout.
  expect(cells.slice(1)).toEqual([
    'Mar 09 03:05:07 PM',
    callerOf(2),
    'Final Expense',
    'Northwind',
    'Sunrise Insurance',
    'Globex',
    '1:02:05',
    'DNC',
    '$1,234.50',
    '$0.00',
  ]);
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    '',
    'Time',
    'Caller',
    'Campaign',
    'Publisher',
    'Target',
    'Buyer',
    'Duration',
    'Status',
    'Revenue',
    'Payout',
  ]);
});

test('asks for the top bar’s filters, newest first, whatever the records view sorts by', async () => {
  const { recordsRequests } = renderCallLogs({
    api: fakeCallsApi(makeCalls(1, 3)),
    filters: { datePreset: 'last_7_days', campaign: ['4'], sortBy: 'durationSec', sortDir: 'asc' },
  });
  await screen.findByRole('table', { name: 'Call log' });
  const query = Object.fromEntries(recordsRequests()[0]!.searchParams);
  expect(query).toEqual({
    datePreset: 'last_7_days',
    campaign: '4',
    page: '1',
    limit: String(LOG_PAGE_SIZE),
    sortBy: 'callTimestamp',
    sortDir: 'desc',
  });
});

// Two lists of rows and a filter change, each through the virtualiser: past 30 s on a machine shared by many test workers.
test('scrolling to the end appends the page after the last row, by its cursor; page 1 of new filters replaces the list', async () => {
  const api = fakeCallsApi(makeCalls(1, LOG_PAGE_SIZE + 10));
  const { store, recordsRequests } = renderCallLogs({ api });
  await screen.findByText(`${LOG_PAGE_SIZE} of ${LOG_PAGE_SIZE + 10} calls loaded`);

  setInView('log-end', true);
  await screen.findByText(`${LOG_PAGE_SIZE + 10} of ${LOG_PAGE_SIZE + 10} calls loaded`);
  expect(recordsRequests().map((url) => [url.searchParams.get('page'), url.searchParams.get('cursor')])).toEqual([
    ['1', null],
    [null, cursorOf(makeCall(11))],
  ]);
  expect(callers()[0]).toBe(callerOf(LOG_PAGE_SIZE + 10));
  expect(callers().at(-1)).toBe(callerOf(1));
  expect(screen.getByText('That’s every call for these filters.')).toBeInTheDocument();

  // The end stays in view, but there is nothing more to ask for.
  setInView('log-end', true);
  expect(recordsRequests()).toHaveLength(2);

  api.calls = makeCalls(500, 502, { campaignName: 'Other' });
  act(() => store.set(updateFiltersAtom, { datePreset: 'yesterday' }));
  await screen.findByText('3 of 3 calls loaded');
  expect(callers()).toEqual([callerOf(502), callerOf(501), callerOf(500)]);
  expect(recordsRequests().at(-1)!.searchParams.get('datePreset')).toBe('yesterday');
  expect(recordsRequests().at(-1)!.searchParams.get('page')).toBe('1');
}, 60_000);

test('calls that arrive between two pages are not shown twice', async () => {
  const api = fakeCallsApi(makeCalls(1, LOG_PAGE_SIZE + 5));
  renderCallLogs({ api });
  await screen.findByText(`${LOG_PAGE_SIZE} of ${LOG_PAGE_SIZE + 5} calls loaded`);

  // Three new calls arrive above the rows: page 2 still starts after page 1's last row (by its cursor), not three rows back.
  api.calls.push(...makeCalls(1000, 1002));
  setInView('log-end', true);
  await screen.findByText(`${LOG_PAGE_SIZE + 5} of ${LOG_PAGE_SIZE + 8} calls loaded`);

  const shown = callers();
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown).toHaveLength(LOG_PAGE_SIZE + 5);
  expect(shown.at(-1)).toBe(callerOf(1));
});

test('while live, a change to the calls brings the new ones in at once, with no timer and Auto Refresh off', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  const { announceChange, recordsRequests } = renderCallLogs({ api, live: true });
  await screen.findByText('3 of 3 calls loaded');
  expect(screen.getByRole('status')).toHaveTextContent('Live');

  api.calls.push(makeCall(4));
  await new Promise((resolve) => setTimeout(resolve, 120));
  // No event, no request: nothing polls while live.
  expect(recordsRequests()).toHaveLength(1);
  announceChange();
  await screen.findByText('4 of 4 calls loaded');
  expect(callers()[0]).toBe(callerOf(4));
});

test('with the live stream down and Auto Refresh on, new calls appear on top while the reader is at the top', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  expect(screen.getByRole('status')).toHaveTextContent(/Polling · every/);

  api.calls.push(makeCall(4), makeCall(5));
  await screen.findByText('5 of 5 calls loaded');
  expect(callers()).toEqual([callerOf(5), callerOf(4), callerOf(3), callerOf(2), callerOf(1)]);
  expect(within(table()).getAllByRole('row')[1]).toHaveClass('calllogs__row--arrived');
  expect(screen.queryByRole('button', { name: /new call/ })).not.toBeInTheDocument();
});

test('calls an earlier poll brought stay when a later poll no longer holds them', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  api.calls.push(...makeCalls(4, 20));
  await screen.findByText('20 of 20 calls loaded');
  // 46 more: the next poll's page (66 … 17) has lost 4 … 16, which are still shown and must stay.
  api.calls.push(...makeCalls(21, 66));
  await screen.findByText('66 of 66 calls loaded');
  const shown = callers();
  expect(shown).toEqual(makeCalls(1, 66).reverse().map((call) => call.callerId));
});

test('polls at the interval under the shell’s 30 s cache deduping too', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  const { recordsRequests } = renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  api.calls.push(makeCall(4));
  await screen.findByText('4 of 4 calls loaded');
  api.calls.push(makeCall(5));
  await screen.findByText('5 of 5 calls loaded');
  expect(recordsRequests().length).toBeGreaterThanOrEqual(3);
});

test('scrolled away, new calls wait behind a marker; clicking it brings them in on top', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  const { user } = renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  setInView('log-top', false);

  api.calls.push(makeCall(4), makeCall(5));
  const marker = await screen.findByRole('button', { name: '2 new calls' });
  // The rows stay where the reader left them.
  expect(callers()).toEqual([callerOf(3), callerOf(2), callerOf(1)]);

  await user.click(marker);
  expect(callers()).toEqual([callerOf(5), callerOf(4), callerOf(3), callerOf(2), callerOf(1)]);
  expect(screen.queryByRole('button', { name: /new calls/ })).not.toBeInTheDocument();
});

test('scrolling back to the top takes the waiting calls in', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  setInView('log-top', false);
  api.calls.push(makeCall(4));
  await screen.findByRole('button', { name: '1 new call' });

  setInView('log-top', true);
  await screen.findByText('4 of 4 calls loaded');
  expect(screen.queryByRole('button', { name: /new call/ })).not.toBeInTheDocument();
});

test('more new calls than a poll holds: the marker says so, and the stretch below the poll is read down by cursor to the rows shown', async () => {
  const api = fakeCallsApi(makeCalls(1, 3));
  const { user, recordsRequests } = renderCallLogs({ api, pollEveryMs: 40 });
  await screen.findByText('3 of 3 calls loaded');
  setInView('log-top', false);

  api.calls.push(...makeCalls(100, 100 + LOG_PAGE_SIZE));
  await user.click(await screen.findByRole('button', { name: `${LOG_PAGE_SIZE}+ new calls` }));
  // Every call, once: the poll's 50, the one below them read by cursor, and the three shown before.
  await screen.findByText(`${LOG_PAGE_SIZE + 4} of ${LOG_PAGE_SIZE + 4} calls loaded`);
  expect(shownIds()).toEqual([...makeCalls(1, 3), ...makeCalls(100, 100 + LOG_PAGE_SIZE)].reverse().map((call) => call.id));
  expect(recordsRequests().some((url) => url.searchParams.get('cursor') === cursorOf(makeCall(101)))).toBe(true);
});

test('while live, a burst of more calls than a page holds goes in on top with none skipped, and paging on below shows none twice', async () => {
  const api = fakeCallsApi(makeCalls(1, LOG_PAGE_SIZE + 20));
  const { announceChange, recordsRequests } = renderCallLogs({ api, live: true });
  await screen.findByText(`${LOG_PAGE_SIZE} of ${LOG_PAGE_SIZE + 20} calls loaded`);

  const burst = makeCalls(1000, 1000 + LOG_PAGE_SIZE + 10);
  api.calls.push(...burst);
  announceChange(burst.length);
  const all = [...makeCalls(1, LOG_PAGE_SIZE + 20), ...burst].reverse().map((call) => call.id);
  // The poll (1060 … 1011) shares nothing with the rows (70 … 21): read down by cursor from 1011 until the rows are reached.
  await screen.findByText(`${all.length} of ${all.length} calls loaded`);
  expect(shownIds()).toEqual(all);

  const asked = recordsRequests().length;
  setInView('log-end', true);
  await waitFor(() => expect(recordsRequests().length).toBe(asked + 1));
  // Paging on goes from the first page's own cursor, unmoved by the arrivals above it.
  expect(recordsRequests().at(-1)!.searchParams.get('cursor')).toBe(cursorOf(makeCall(21)));
  await screen.findByText('That’s every call for these filters.');
  expect(shownIds()).toEqual(all);
}, 90_000);

test('with Auto Refresh off nothing polls', async () => {
  const api = fakeCallsApi(makeCalls(1, 2));
  const { recordsRequests } = renderCallLogs({ api });
  await screen.findByText('2 of 2 calls loaded');
  expect(screen.getByText('Paused')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(recordsRequests()).toHaveLength(1);
});

test('no calls: the empty state', async () => {
  renderCallLogs({ api: fakeCallsApi([]) });
  expect(await screen.findByText('No calls found')).toBeInTheDocument();
  expect(screen.getByText('0 of 0 calls loaded')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a transcript search whose every word is too common to index: the empty state says so', async () => {
  const api = fakeCallsApi([]);
  const answer = api.respond.bind(api);
  // The API's answer for a q of stop words alone (api/src/routes/api/calls/index.ts).
  api.respond = async (url, init) => {
    const response = await answer(url, init);
    if (url.pathname !== '/api/calls/records' || url.searchParams.get('q') !== 'the') return response;
    const body = JSON.parse(await response.text()) as { meta: object };
    return jsonResponse({ ...body, meta: { ...body.meta, qTooCommon: true } });
  };
  renderCallLogs({ api, filters: { q: 'the' } });
  expect(await screen.findByText('No calls found')).toBeInTheDocument();
  expect(screen.getByText('Every word of “the” is too common to search for (like “the” or “and”): add a rarer word.')).toBeInTheDocument();
});

test('a failed first load shows the error with Retry', async () => {
  const api = fakeCallsApi(makeCalls(1, 2));
  api.failNext('records', 500, 'Database unavailable');
  const { user } = renderCallLogs({ api });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load records.');
  expect(alert).toHaveTextContent('Database unavailable');

  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await screen.findByText('2 of 2 calls loaded');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a failed next page keeps the rows, stops asking, and Retry asks again', async () => {
  const api = fakeCallsApi(makeCalls(1, LOG_PAGE_SIZE + 1));
  const { user, recordsRequests } = renderCallLogs({ api });
  await screen.findByText(`${LOG_PAGE_SIZE} of ${LOG_PAGE_SIZE + 1} calls loaded`);

  api.failNext('records', 503, 'Try again later');
  setInView('log-end', true);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load more calls.');
  expect(callers()).toHaveLength(LOG_PAGE_SIZE);
  expect(recordsRequests()).toHaveLength(2);

  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await screen.findByText(`${LOG_PAGE_SIZE + 1} of ${LOG_PAGE_SIZE + 1} calls loaded`);
});

test('while page 1 loads, a loading line shows', async () => {
  const api = fakeCallsApi(makeCalls(1, 2));
  const release = api.hold();
  renderCallLogs({ api });
  expect(await screen.findByText('Loading calls...', { selector: 'span' })).toBeInTheDocument();
  release();
  await screen.findByText('2 of 2 calls loaded');
  await waitFor(() => expect(screen.queryByText('Loading calls...', { selector: 'span' })).not.toBeInTheDocument());
});
