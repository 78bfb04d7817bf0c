import type { CallAuditEntry } from '@callboard/contract';
import { screen, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, makeCalls, renderCallLogs } from '../../../testing/call-logs';

const overridden = makeCall(7, {
  status: 'DNC',
  sub_disposition: 'Requested removal',
  reason: 'Caller asked not to be contacted',
  statusOverridden: true,
  transcript: 'Agent: Hello…',
  qc: { disposition: 'Not Interested', sub_disposition: 'Price', reason: 'Too expensive', summary: 'Caller declined the offer.' },
});

const audit: CallAuditEntry[] = [
  {
    id: '2',
    changedAt: '2026-03-10T14:30:00.000Z',
    userId: 'u1',
    userName: 'Ada Lovelace',
    userEmail: 'ada@example.com',
    from: { status: 'Sales', sub_disposition: null, reason: null },
    to: { status: 'DNC', sub_disposition: 'Requested removal', reason: 'Caller asked not to be contacted' },
  },
  {
    id: '1',
    changedAt: '2026-03-09T20:00:00.000Z',
    userId: null,
    userName: null,
    userEmail: null,
    from: { status: 'Not Interested', sub_disposition: 'Price', reason: 'Too expensive' },
    to: { status: 'Sales', sub_disposition: 'Price', reason: 'Too expensive' },
  },
];

function setup(path = '') {
  const api = fakeCallsApi([makeCall(6), overridden, makeCall(5)]);
  api.audits.set('7', audit);
  return renderCallLogs({ api, path });
}

test('clicking a row opens its details: the bot’s verdict beside the status a person set, and the history', async () => {
  const { user, location } = setup();
  await user.click(await screen.findByText(overridden.callerId));

  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(location.pathname).toBe('/callLogs/calls/7');

  const status = within(panel).getByRole('group', { name: 'Status' });
  expect(status).toHaveTextContent('DNC');
  expect(status).toHaveTextContent('Set by a person');
  expect(status).toHaveTextContent('Requested removal');
  const bot = within(panel).getByRole('group', { name: 'Bot’s verdict' });
  expect(bot).toHaveTextContent('Not Interested');
  expect(bot).toHaveTextContent('Price');
  expect(bot).toHaveTextContent('Too expensive');
  expect(bot).toHaveTextContent('Caller declined the offer.');
  expect(panel).toHaveTextContent('A person changed this call from the bot’s “Not Interested” to “DNC”.');

  const history = await within(panel).findByRole('list', { name: 'Change history' });
  const entries = within(history).getAllByRole('listitem');
  expect(entries).toHaveLength(2);
  expect(entries[0]).toHaveTextContent('Ada Lovelace');
  expect(within(entries[0] as HTMLElement).getByText('Ada Lovelace')).toHaveAttribute('title', 'ada@example.com');
  expect(entries[0]).toHaveTextContent('Mar 10, 2026, 10:30:00 AM EDT');
  expect(entries[0]).toHaveTextContent(/Changed from Sales→? to DNC/);
  expect(entries[0]).toHaveTextContent('Sub disposition: none → “Requested removal”');
  expect(entries[1]).toHaveTextContent('System');
  expect(entries[1]).toHaveTextContent(/Changed from Not Interested→? to Sales/);

  expect(within(panel).getByText('Agent: Hello…')).toBeInTheDocument();
  expect(screen.getByText(overridden.callerId, { selector: 'td span' }).closest('tr')).toHaveClass('calllogs__row--open');
});

test('a call the bot’s verdict still decides says so and has no history', async () => {
  const { user } = setup();
  await user.click(await screen.findByText(makeCall(6).callerId));
  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(within(panel).getByRole('group', { name: 'Status' })).toHaveTextContent('Follows the bot');
  expect(await within(panel).findByText('No changes yet: the status is the bot’s verdict.')).toBeInTheDocument();
  expect(panel).not.toHaveTextContent('A person changed');
});

test('the close button and Escape close the panel', async () => {
  const { user, location } = setup('/calls/7');
  const panel = await screen.findByRole('complementary', { name: 'Call details' });
  await user.click(within(panel).getByRole('button', { name: 'Close details' }));
  expect(screen.queryByRole('complementary', { name: 'Call details' })).not.toBeInTheDocument();
  expect(location.pathname).toBe('/callLogs');

  await user.click(screen.getByText(makeCall(5).callerId));
  await screen.findByRole('complementary', { name: 'Call details' });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('complementary', { name: 'Call details' })).not.toBeInTheDocument();
});

test('a call has its own path over the log: opening keeps the loaded log, closing keeps the query', async () => {
  const api = fakeCallsApi([makeCall(6), overridden, makeCall(5)]);
  // The query is the log's view (its filters in the address), which a call's path keeps.
  const { user, location, recordsRequests } = renderCallLogs({ api, search: '?datePreset=yesterday' });
  await user.click(await screen.findByText(overridden.callerId));
  await screen.findByRole('complementary', { name: 'Call details' });
  expect(location.pathname).toBe('/callLogs/calls/7');
  expect(location.search).toBe('?datePreset=yesterday');
  // The log stayed mounted: no second first page was asked for.
  expect(recordsRequests()).toHaveLength(1);

  await user.click(screen.getByText(makeCall(5).callerId));
  expect(location.pathname).toBe('/callLogs/calls/5');

  await user.keyboard('{Escape}');
  expect(location.pathname).toBe('/callLogs');
  expect(location.search).toBe('?datePreset=yesterday');
  expect(recordsRequests()).toHaveLength(1);
  expect(screen.getByText(makeCall(6).callerId)).toBeInTheDocument();
});

test('a failed detail request says so and keeps what the row knows', async () => {
  const api = fakeCallsApi(makeCalls(1, 2));
  api.failNext('detail', 500, 'Boom');
  const { user } = renderCallLogs({ api });
  await user.click(await screen.findByText(makeCall(2).callerId));
  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to load call details.Boom');
  expect(within(panel).getByRole('group', { name: 'Status' })).toHaveTextContent('Sales');
});

describe('repeat callers', () => {
  const first = makeCall(3, { callerId: '+15550009999', campaignName: 'Solar Leads', callTimestamp: '2026-03-08T15:00:00.000Z' });
  const repeat = makeCall(4, { callerId: '+15550009999', campaignName: 'Solar Leads', callTimestamp: '2026-03-09T15:00:00.000Z', repeat: true, repeatOf: '3' });

  function setupRepeats() {
    const api = fakeCallsApi([first, repeat, makeCall(5)]);
    api.callerCalls.set('4', [{ id: '3', callTimestamp: first.callTimestamp, campaignName: 'Solar Leads', status: 'Sales' }]);
    api.callerCalls.set('3', [{ id: '4', callTimestamp: repeat.callTimestamp, campaignName: 'Solar Leads', status: 'Sales' }]);
    return renderCallLogs({ api });
  }

  test('a repeat call’s row says Repeat beside its caller; a first call’s does not', async () => {
    setupRepeats();
    const rows = await screen.findAllByText('+15550009999', { selector: 'td span' });
    const [repeatRow, firstRow] = rows.map((cell) => cell.closest('tr') as HTMLElement);
    expect(within(repeatRow!).getByText('Repeat')).toBeInTheDocument();
    expect(within(firstRow!).queryByText('Repeat')).not.toBeInTheDocument();
    expect(within(screen.getByText(makeCall(5).callerId, { selector: 'td span' }).closest('tr') as HTMLElement).queryByText('Repeat')).not.toBeInTheDocument();
  });

  test('the detail lists the caller’s other calls, and each opens that call in the panel', async () => {
    const { user, location } = setupRepeats();
    const [repeatCell] = await screen.findAllByText('+15550009999', { selector: 'td span' });
    await user.click(repeatCell!);
    expect(location.pathname).toBe('/callLogs/calls/4');
    const panel = screen.getByRole('complementary', { name: 'Call details' });
    const others = await within(panel).findByRole('region', { name: 'Caller\'s other calls' });
    const items = within(others).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('before');
    await user.click(within(items[0] as HTMLElement).getByRole('link'));
    expect(location.pathname).toBe('/callLogs/calls/3');
    expect(await within(screen.getByRole('complementary', { name: 'Call details' })).findByText('after')).toBeInTheDocument();
  });
});
