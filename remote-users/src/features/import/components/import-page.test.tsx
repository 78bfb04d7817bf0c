import { IMPORT_MAX_BYTES, type ImportMappingEntry } from '@callboard/contract/imports';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { renderAdminArea } from '../../../testing/admin-area';
import { FakeImportsApi } from '../../../testing/imports-api';

/** A Ringba-style file: four rows, the third without its call id. */
const CSV = [
  'Inbound Call ID,Call Date,Caller ID,Campaign,Publisher,Revenue,Notes',
  'RGB-1,2026-03-02T14:14:07Z,+13055550101,Medicare,Apex,45.00,first',
  'RGB-2,2026-03-02T15:00:00Z,+13055550102,Medicare,Apex,0,second',
  ',2026-03-02T16:00:00Z,+13055550103,Medicare,Apex,0,third',
  'RGB-4,2026-03-02T17:00:00Z,+13055550104,Medicare,Apex,12.50,fourth',
].join('\n');

const PROPOSED = (headers: string[]): ImportMappingEntry[] => {
  const at = (title: string) => headers.indexOf(title);
  return [
    { field: 'systemCallId', column: at('Inbound Call ID'), transform: 'text' },
    { field: 'callTimestamp', column: at('Call Date'), transform: 'date' },
    { field: 'callerId', column: at('Caller ID'), transform: 'text' },
    { field: 'campaignName', column: at('Campaign'), transform: 'text' },
    { field: 'publisherName', column: at('Publisher'), transform: 'text' },
    { field: 'revenue', column: at('Revenue'), transform: 'money' },
  ];
};

function setUp() {
  const api = new FakeImportsApi({ platform: 'ringba', recognisedColumns: 6, mapping: PROPOSED });
  const rendered = renderAdminArea({ path: '/users/import', override: (request) => api.handle(request) });
  return { api, ...rendered };
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

let createObjectURL: jest.Mock;
/** The names of the files handed to the browser (a download link clicked; jsdom cannot follow one). */
let downloaded: string[];
beforeEach(() => {
  createObjectURL = jest.fn(() => 'blob:rejected');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  downloaded = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

test('choose a file, check the recognised mapping and the preview, change a column, import with progress, download the rejected rows', async () => {
  const { api, user, location, writes, requests } = setUp();
  expect(await screen.findByText('No imports yet')).toBeInTheDocument();

  // Upload without a file says so, beside the chooser.
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first');
  expect(screen.getByLabelText('CSV file')).toHaveFocus();

  const file = new File([CSV], 'calls.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('CSV file'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));

  // The file goes as it is: the server reads it.
  expect(await screen.findByRole('heading', { name: 'calls.csv', level: 1 })).toBeInTheDocument();
  expect(location.pathname).toBe('/users/import/i1');
  const sent = requests('/api/imports').find((request) => request.method === 'POST')!;
  expect(sent.query.get('name')).toBe('calls.csv');
  expect(sent.headers['content-type']).toBe('text/csv');
  expect(api.uploads).toEqual([file]);

  expect(screen.getByText('Recognised as a Ringba export')).toBeInTheDocument();
  const mapping = screen.getByRole('table', { name: 'Mapping' });
  expect(within(mapping).getByRole('combobox', { name: 'Column for caller id' })).toHaveDisplayValue('Caller ID (column 3)');
  expect(within(mapping).getByRole('combobox', { name: 'Column for buyer' })).toHaveDisplayValue('— not imported —');
  expect(within(mapping).getByRole('rowheader', { name: 'call id (required)' })).toBeInTheDocument();
  expect(screen.getByText('Not imported: Notes.')).toBeInTheDocument();

  // The preview: one line per row, the third marked with its problem.
  const preview = screen.getByRole('table', { name: 'Preview' });
  expect(within(preview).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Line', 'call id', 'call time', 'caller id', 'campaign', 'publisher', 'revenue', 'Problems',
  ]);
  const rows = within(preview).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(4);
  expect(cellsOf(rows[0]!)).toEqual(['RGB-1', 'Mar 2, 2026, 9:14:07 AM EST', '+13055550101', 'Medicare', 'Apex', '$45.00', 'None']);
  expect(rows[2]).toHaveClass('import-preview__row--problem');
  expect(within(rows[2]!).getByText('Inbound Call ID: systemCallId is required')).toBeInTheDocument();
  expect(within(rows[2]!).getAllByRole('cell')[0]).toHaveTextContent('— (problem)');
  expect(screen.getByText('3 of the first 4 rows will be stored; 1 has a problem and will be rejected.')).toBeInTheDocument();

  // A changed column is saved at once, and the preview follows it.
  await user.selectOptions(within(mapping).getByRole('combobox', { name: 'Column for caller id' }), 'Notes (column 7)');
  await waitFor(() => expect(cellsOf(within(screen.getByRole('table', { name: 'Preview' })).getAllByRole('row')[1]!)[2]).toBe('first'));
  const put = requests('/api/imports/i1/mapping')[0]!;
  expect((put.body as { mapping: ImportMappingEntry[] }).mapping).toContainEqual({ field: 'callerId', column: 6, transform: 'text' });

  // Without a column for a required field, the import waits and says why.
  await user.selectOptions(screen.getByRole('combobox', { name: 'Column for publisher' }), '— not imported —');
  expect(await screen.findByText('Choose the column that holds the publisher before importing')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Import 4 rows' })).toBeDisabled();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Column for publisher' }), 'Publisher (column 5)');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Import 4 rows' })).toBeEnabled());

  // Import: the progress bar moves as the server reads the rows, then the summary.
  await user.click(screen.getByRole('button', { name: 'Import 4 rows' }));
  const bar = await screen.findByRole('progressbar', { name: 'Importing' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'), { timeout: 5000 });
  expect(screen.getByText('Read 2 of 4 rows: 2 stored, 0 rejected.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 5000 })).toBeInTheDocument();
  const outcome = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
  expect([outcome('Rows read'), outcome('New calls stored'), outcome('Calls updated'), outcome('Rows rejected')]).toEqual(['4', '3', '0', '1']);

  await user.click(screen.getByRole('button', { name: 'Download rejected rows' }));
  await waitFor(() => expect(downloaded).toEqual(['calls-rejected.csv']));
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(requests('/api/imports/i1/rejects.csv')).toHaveLength(1);
  expect(writes()).toEqual(['POST /api/imports', 'PUT /api/imports/i1/mapping', 'PUT /api/imports/i1/mapping', 'PUT /api/imports/i1/mapping', 'POST /api/imports/i1/run']);

  // The list shows it, and opens it again.
  await user.click(screen.getByRole('link', { name: /All imports/ }));
  const latest = await screen.findByRole('table', { name: 'Latest imports' });
  await waitFor(() => expect(cellsOf(within(latest).getAllByRole('row')[1]!)).toEqual(['calls.csv', 'Ringba', 'Imported', '4', '3 / 1', 'Mar 10, 2026 11:00 AM']));
  await user.click(within(latest).getByText('calls.csv'));
  expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
  expect(location.pathname).toBe('/users/import/i1');
});

test('a file past the limit is refused before it is sent', async () => {
  const { user, writes } = setUp();
  const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
  Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
  await user.upload(await screen.findByLabelText('CSV file'), big);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(screen.getByRole('alert')).toHaveTextContent('huge.csv is 50 MB: a file may be at most 50 MB. Split it, or import it with npm run import.');
  expect(writes()).toEqual([]);
});

test('the server says why it refused a file', async () => {
  const api = new FakeImportsApi({ platform: null, recognisedColumns: 0, mapping: () => [] });
  const { user } = renderAdminArea({
    path: '/users/import',
    override: (request) =>
      request.method === 'POST'
        ? jsonResponse({ success: false, code: 'UNPROCESSABLE', message: 'This is a spreadsheet workbook, not a CSV file' }, 422)
        : api.handle(request),
  });
  // A workbook renamed .csv: only the server, which reads it, can tell.
  await user.upload(await screen.findByLabelText('CSV file'), new File(['PK'], 'calls.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This is a spreadsheet workbook, not a CSV file');
});

test('a file whose columns are no names we know: nothing proposed, the import waits for its columns', async () => {
  const api = new FakeImportsApi({ platform: null, recognisedColumns: 0, mapping: () => [] });
  const { user } = renderAdminArea({ path: '/users/import', override: (request) => api.handle(request) });
  await user.upload(await screen.findByLabelText('CSV file'), new File(['id,when\nA,1\n'], 'odd.csv'));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText('No platform recognised')).toBeInTheDocument();
  expect(screen.getByText('Choose the column that holds the call id, the call time, the campaign, the publisher before importing')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeDisabled();
});
