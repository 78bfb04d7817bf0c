/**
 * Reporting for a partner (issue 34 item 4): the records, Column Settings, the export, the searches and a
 * call's details offer only what the partner may see (shared-auth/src/screen-access.ts), even where an
 * answer would carry more.
 */
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { columnSettingsAtom } from '@callboard/shared-ui/record-columns-atom';
import { screen, waitFor, within } from '@testing-library/react';
import { makeDetail, makeRecord, recordsBody, renderOverview, type RenderOverviewOptions } from '../../../testing/overview';
import { RecordsCard } from '../../records/components/records-card';

const noop = () => undefined;
const table = () => screen.getByRole('table', { name: 'Call records' });
const headerLabels = () => within(table()).getAllByRole('columnheader').map((th) => th.textContent);

const buyer = makePartner('buyer', { callerId: 'masked', recordings: false, transcripts: true });
const publisher = makePartner('publisher', { callerId: 'hidden', recordings: false, transcripts: false });

function renderRecords(account = buyer, setup?: RenderOverviewOptions['setup']) {
  return renderOverview({
    ui: <RecordsCard onOpen={noop} />,
    account,
    setup,
    respond: (url) => {
      if (url.pathname === '/api/calls/records') return { body: recordsBody([makeRecord({ callerId: '+1 ••• ••• 0042' })]) };
      if (url.pathname === '/api/calls/export') {
        return { body: 'Time Stamp\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="calls.csv"' } };
      }
      return undefined;
    },
  });
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:callboard/1'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a buyer partner’s records have no publisher or recording column, and the masked caller id as given', async () => {
  renderRecords();
  expect(await screen.findByText('+1 ••• ••• 0042')).toBeInTheDocument();
  const labels = headerLabels();
  expect(labels).not.toContain('Publisher');
  expect(labels).not.toContain('Recording Link');
  expect(labels).toEqual(expect.arrayContaining(['Time Stamp', 'CID', 'Status', 'Target', 'Buyer', 'Transcript']));
});

test('Column Settings offer a buyer partner revenue, never payout, profit or the publisher, and the export asks only for what is shown', async () => {
  // This browser's earlier choice showed payout and profit: a partner's table and file still leave them out.
  const { user, requests } = renderRecords(buyer, (store) => store.set(columnSettingsAtom, { hidden: [], shown: ['payout', 'profit'] }));
  await screen.findByText('+1 ••• ••• 0042');
  expect(headerLabels()).not.toContain('Payout');

  await user.click(screen.getByRole('button', { name: 'Columns' }));
  const settings = await screen.findByRole('dialog', { name: 'Column Settings' });
  const offered = within(settings).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent ?? '');
  expect(offered).toEqual(expect.arrayContaining(['Revenue', 'Buyer', 'Target']));
  for (const hidden of ['Payout', 'Profit', 'Publisher', 'Recording Link']) expect(offered).not.toContain(hidden);
  await user.click(within(settings).getByRole('checkbox', { name: 'Revenue' }));
  await user.click(within(settings).getByRole('button', { name: 'Save' }));
  expect(headerLabels()).toContain('Revenue');

  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
  await waitFor(() => expect(requests('/api/calls/export')).toHaveLength(1));
  const columns = requests('/api/calls/export')[0]?.searchParams.get('columns')?.split(',') ?? [];
  expect(columns).toContain('revenue');
  expect(columns).toContain('callerId');
  for (const hidden of ['payout', 'profit', 'publisherName', 'recordingUrl']) expect(columns).not.toContain(hidden);
});

test('a partner with masked caller ids searches the transcripts only; without transcripts either, there is no search box', async () => {
  renderRecords(buyer);
  await screen.findByText('+1 ••• ••• 0042');
  expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Search by' })).not.toBeInTheDocument();
});

test('a partner with neither a whole caller id nor transcripts is offered no search', async () => {
  renderRecords(publisher);
  await screen.findByRole('table', { name: 'Call records' });
  await waitFor(() => expect(within(table()).getAllByRole('row').length).toBeGreaterThan(1));
  expect(screen.queryByRole('search')).not.toBeInTheDocument();
  expect(headerLabels()).not.toContain('CID');
  expect(headerLabels()).not.toContain('Transcript');
});

test('a publisher partner’s call details: the verdicts, reason and summary and its payout; no caller, counterparty, other money, texts not given, corrections or history', async () => {
  const detail = makeDetail({
    id: '77',
    status: 'Voicemail',
    statusOverridden: true,
    reason: 'Reviewer heard a voicemail greeting',
    qc: { disposition: 'Sales', sub_disposition: 'Closed', reason: 'Bot reason', summary: 'Bot summary' },
    audit: [],
  });
  renderOverview({
    path: '/reporting/calls/77',
    account: publisher,
    respond: (url) => (url.pathname === '/api/calls/records/77' ? { body: { success: true, data: detail } } : undefined),
  });
  const dialog = await screen.findByRole('dialog', { name: /Call Record Details/ });
  await within(dialog).findByText('Bot summary');
  const text = dialog.textContent ?? '';
  // The AI's verdict (QC Information) and the reviewer's.
  expect(within(dialog).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('Reviewer heard a voicemail greeting');
  expect(within(dialog).getByRole('region', { name: 'QC Information' })).toHaveTextContent('Bot reason');
  // Its payout, and none of the rest.
  const money = within(dialog).getByRole('region', { name: 'Routing and Money' });
  expect(within(money).getByText('Payout')).toBeInTheDocument();
  for (const term of ['Revenue', 'Profit', 'Buyer', 'Target']) expect(within(money).queryByText(term)).not.toBeInTheDocument();
  expect(within(dialog).queryByText('Caller ID')).not.toBeInTheDocument();
  expect(within(dialog).queryByText('System Buyer ID')).not.toBeInTheDocument();
  expect(text).not.toContain(detail.callerId);
  // Transcript and recording absent, not "no transcript"; no corrections, no history of who changed it.
  expect(within(dialog).queryByRole('region', { name: 'Transcript' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('region', { name: 'Recording' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('form', { name: 'Change disposition' })).not.toBeInTheDocument();
  expect(within(dialog).queryByText('History')).not.toBeInTheDocument();
});

test('a partner with transcripts and recordings given reads both in the call details', async () => {
  const detail = makeDetail({ id: '78', transcript: 'Agent: Hello there.' });
  renderOverview({
    path: '/reporting/calls/78',
    account: makePartner('buyer', { transcripts: true, recordings: true }),
    respond: (url) => (url.pathname === '/api/calls/records/78' ? { body: { success: true, data: detail } } : undefined),
  });
  const dialog = await screen.findByRole('dialog', { name: /Call Record Details/ });
  expect(await within(dialog).findByRole('region', { name: 'Transcript' })).toHaveTextContent('Agent: Hello there.');
  expect(within(dialog).getByRole('region', { name: 'Recording' })).toBeInTheDocument();
  expect(within(within(dialog).getByRole('region', { name: 'Routing and Money' })).getByText('Revenue')).toBeInTheDocument();
});
