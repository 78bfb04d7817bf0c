/**
 * Call Logs for a partner (issue 34 item 4): read-only (no selection, bulk bar or disposition keys), the
 * columns and call details only with what the partner may see (shared-auth/src/screen-access.ts).
 */
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, renderCallLogs } from '../../../testing/call-logs';

const table = () => screen.getByRole('table', { name: 'Call log' });
const headers = () => within(table()).getAllByRole('columnheader').map((th) => th.textContent);

const masked = (n: number) => `+1 ••• ••• 00${n}`;
const calls = () => [
  makeCall(2, { callerId: masked(2) }),
  makeCall(1, {
    callerId: masked(1),
    status: 'Voicemail',
    statusOverridden: true,
    reason: 'Reviewer heard a greeting',
    transcript: 'Agent: Hello?',
    recordingUrl: 'https://recordings.example.com/1.wav',
  }),
];

test('a publisher partner’s log: payout, no revenue, buyer, target or checkbox column, and Columns offers the same', async () => {
  const { user } = renderCallLogs({ api: fakeCallsApi(calls()), account: makePartner('publisher') });
  await screen.findByText(masked(2));
  expect(headers()).toEqual(['Time', 'Caller', 'Campaign', 'Publisher', 'Duration', 'Status', 'Payout']);
  expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Columns' }));
  const offered = within(screen.getByRole('group', { name: 'Columns shown' })).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
  expect(offered).toEqual(['Time', 'Caller', 'Campaign', 'Publisher', 'Duration', 'Status', 'Payout', 'Connected', 'Repeat']);
});

test('a buyer partner’s log: revenue and its buyer and target, no publisher or payout', async () => {
  renderCallLogs({ api: fakeCallsApi(calls()), account: makePartner('buyer') });
  await screen.findByText(masked(2));
  expect(headers()).toEqual(['Time', 'Caller', 'Campaign', 'Target', 'Buyer', 'Duration', 'Status', 'Revenue']);
});

test('a partner’s keys walk and open calls but select nothing and open no disposition list', async () => {
  const { user } = renderCallLogs({ api: fakeCallsApi(calls()), account: makePartner('publisher') });
  await screen.findByText(masked(2));
  await user.keyboard('j');
  await user.keyboard('x');
  await user.keyboard('d');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('complementary', { name: 'Call details' })).toBeInTheDocument();
});

test('a partner’s call details: the verdicts and what its scope gives; no corrections, history, hidden caller or texts not given', async () => {
  const { user } = renderCallLogs({
    api: fakeCallsApi(calls()),
    account: makePartner('publisher', { callerId: 'hidden', transcripts: false, recordings: false }),
  });
  // No Caller column for a hidden caller id: the row opens by its campaign's cell.
  await waitFor(() => expect(within(table()).getAllByRole('row').length).toBe(3));
  expect(headers()).not.toContain('Caller');
  await user.click(within(table()).getAllByRole('row')[2]!);

  const panel = await screen.findByRole('complementary', { name: 'Call details' });
  expect(within(panel).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('Reviewer heard a greeting');
  expect(within(panel).getByRole('group', { name: 'AI verdict' })).toBeInTheDocument();
  const facts = within(panel).getByRole('region', { name: 'Call' });
  expect(within(facts).getByText('Payout')).toBeInTheDocument();
  for (const term of ['Caller', 'Revenue', 'Profit', 'Buyer', 'Target']) expect(within(facts).queryByText(term)).not.toBeInTheDocument();
  expect(panel).not.toHaveTextContent(masked(1));
  expect(within(panel).queryByRole('region', { name: 'Transcript' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('form', { name: 'Change disposition' })).not.toBeInTheDocument();
  expect(panel.querySelector('.calllog-detail__recording')).toBeNull();
});

test('a partner given transcripts and recordings reads both in the details', async () => {
  const { user } = renderCallLogs({ api: fakeCallsApi(calls()), account: makePartner('buyer', { transcripts: true, recordings: true }) });
  await user.click(await screen.findByText(masked(1)));
  const panel = await screen.findByRole('complementary', { name: 'Call details' });
  expect(await within(panel).findByRole('region', { name: 'Transcript' })).toHaveTextContent('Agent: Hello?');
  expect(panel.querySelector('.calllog-detail__recording')).not.toBeNull();
});
