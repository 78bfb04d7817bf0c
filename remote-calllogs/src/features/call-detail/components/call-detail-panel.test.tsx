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
    changeId: '6f1c2a9e-4b1d-4c5e-9a7f-2d3e4f5a6b7c',
    action: 'set',
    userId: 'u1',
    userName: 'Ada Lovelace',
    userEmail: 'ada@example.com',
    from: { status: 'Sales', sub_disposition: null, reason: null },
    to: { status: 'DNC', sub_disposition: 'Requested removal', reason: 'Caller asked not to be contacted' },
  },
  {
    id: '1',
    changedAt: '2026-03-09T20:00:00.000Z',
    changeId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    action: 'bulk',
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

test('clicking a row opens its details: the AI’s verdict beside the reviewer’s (who, when), and the history with each action', async () => {
  const { user, location } = setup();
  await user.click(await screen.findByText(overridden.callerId));

  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(location.pathname).toBe('/callLogs/calls/7');

  const reviewer = within(panel).getByRole('group', { name: 'Reviewer’s verdict' });
  expect(reviewer).toHaveTextContent('DNC');
  expect(reviewer).toHaveTextContent('Requested removal');
  expect(reviewer).toHaveTextContent('Caller asked not to be contacted');
  const bot = within(panel).getByRole('group', { name: 'AI verdict' });
  expect(bot).toHaveTextContent('Not Interested');
  expect(bot).toHaveTextContent('Price');
  expect(bot).toHaveTextContent('Too expensive');
  expect(bot).toHaveTextContent('Caller declined the offer.');
  // Who and when come from the history, once it is in.
  expect(await within(reviewer).findByText('Ada Lovelace')).toHaveAttribute('title', 'ada@example.com');
  expect(reviewer).toHaveTextContent('by Ada Lovelace, Mar 10, 2026, 10:30:00 AM EDT');

  const history = await within(panel).findByRole('list', { name: 'Change history' });
  const entries = within(history).getAllByRole('listitem');
  expect(entries).toHaveLength(2);
  expect(entries[0]).toHaveTextContent('Ada Lovelace');
  expect(within(entries[0] as HTMLElement).getByText('Ada Lovelace')).toHaveAttribute('title', 'ada@example.com');
  expect(entries[0]).toHaveTextContent('Mar 10, 2026, 10:30:00 AM EDT');
  expect(entries[0]).toHaveTextContent(/Changed from Sales→? to DNC/);
  expect(entries[0]).toHaveTextContent('Sub disposition: none → “Requested removal”');
  expect(entries[0]).toHaveTextContent('Set');
  expect(entries[1]).toHaveTextContent('System');
  expect(entries[1]).toHaveTextContent('Bulk update');
  expect(entries[1]).toHaveTextContent(/Changed from Not Interested→? to Sales/);

  expect(within(panel).getByText('Agent: Hello…')).toBeInTheDocument();
  expect(screen.getByText(overridden.callerId, { selector: 'td span' }).closest('tr')).toHaveClass('calllogs__row--open');
});

test('a call the AI’s verdict still decides says so and has no history', async () => {
  const { user } = setup();
  await user.click(await screen.findByText(makeCall(6).callerId));
  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(within(panel).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('None: the AI’s verdict counts.');
  expect(within(panel).getByRole('group', { name: 'AI verdict' })).toHaveTextContent('Sales');
  expect(await within(panel).findByText('No changes yet: the status is the AI’s verdict.')).toBeInTheDocument();
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
  expect(within(panel).getByRole('group', { name: 'AI verdict' })).toHaveTextContent('Sales');
});

test('under a transcript search, the detail is asked for with q and marks the matched words of the transcript and reason', async () => {
  const api = fakeCallsApi([makeCall(6), { ...overridden, transcript: 'Caller: please cancel. Agent: <b>cancelled</b>.' }, makeCall(5)]);
  api.matches.set('7', { transcript: [{ start: 15, end: 21 }, { start: 33, end: 42 }], summary: [], reason: [{ start: 7, end: 12 }] });
  const { user } = renderCallLogs({ api, filters: { q: 'cancellation' } });
  await user.click(await screen.findByText(overridden.callerId));

  const panel = screen.getByRole('complementary', { name: 'Call details' });
  const transcript = within(panel).getByTestId('transcript');
  await within(transcript).findAllByText(/cancel/);
  expect([...transcript.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cancel', 'cancelled']);
  // Text, never HTML: the tags in the transcript are shown as typed.
  expect(transcript).toHaveTextContent('Agent: <b>cancelled</b>.');
  expect(transcript.querySelector('b')).toBeNull();
  // The reviewer's reason is the call's own; the AI's differs, so it is not marked.
  const reviewer = within(panel).getByRole('group', { name: 'Reviewer’s verdict' });
  expect([...reviewer.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['asked']);
  expect(within(panel).getByRole('group', { name: 'AI verdict' }).querySelector('mark')).toBeNull();
});

test('without a transcript search nothing is marked', async () => {
  const { user } = setup();
  await user.click(await screen.findByText(overridden.callerId));
  const panel = screen.getByRole('complementary', { name: 'Call details' });
  expect(panel.querySelector('mark')).toBeNull();
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

describe('the call and its recording', () => {
  const recorded = makeCall(8, { recordingUrl: 'https://recordings.example.com/8.wav', connected: false, revenue: 35.5, payout: 12.25 });
  let play: jest.SpyInstance;
  let pause: jest.SpyInstance;
  beforeEach(() => {
    // jsdom does not play media: play and pause do what a browser's do as far as the page sees.
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: true });
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => jest.restoreAllMocks());

  test('the same fields as Reporting’s dialog: target, buyer, connected, revenue, payout and profit', async () => {
    const { user } = renderCallLogs({ api: fakeCallsApi([makeCall(6), recorded]) });
    await user.click(await screen.findByText(recorded.callerId));
    const facts = within(screen.getByRole('complementary', { name: 'Call details' })).getByRole('region', { name: 'Call' });
    const field = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([field('Target'), field('Buyer'), field('Connected'), field('Revenue'), field('Payout'), field('Profit')]).toEqual([
      'Target A',
      'Buyer One',
      'No',
      '$35.50',
      '$12.25',
      '$23.25',
    ]);
  });

  test('the shared player with Download Recording beside it; P plays and pauses while j / k still walk the log', async () => {
    const { user, location } = renderCallLogs({ api: fakeCallsApi([makeCall(6), recorded, makeCall(7)]) });
    await user.click(await screen.findByText(recorded.callerId));
    const panel = screen.getByRole('complementary', { name: 'Call details' });
    expect(within(panel).getByRole('link', { name: 'Download Recording' })).toHaveAttribute('href', 'https://recordings.example.com/8.wav');
    expect(within(panel).getByRole('group', { name: 'Playback speed' })).toBeInTheDocument();

    // The row keeps the focus after the click: the shortcut works from the log, as the review keys do.
    await user.keyboard('p');
    expect(play).toHaveBeenCalledTimes(1);
    expect(within(panel).getByRole('button', { name: 'Pause recording' })).toBeInTheDocument();
    expect(location.pathname).toBe('/callLogs/calls/8');
    await user.keyboard('p');
    expect(pause).toHaveBeenCalled();

    // Newest first: 8, 7, 6.
    await user.keyboard('j');
    expect(location.pathname).toBe('/callLogs/calls/7');
  });
});
