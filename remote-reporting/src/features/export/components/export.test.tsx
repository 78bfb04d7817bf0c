import { DEFAULT_RECORD_COLUMN_KEYS } from '@callboard/contract';
import { tokenAtom } from '@callboard/shared-auth/session';
import { deferred } from '@callboard/shared-auth/testing/fetch-mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeRecord, recordsBody, renderOverview, type Answer } from '../../../testing/overview';
import { RecordsCard } from '../../records/components/records-card';
import { createCsvRowCounter } from './csv-row-counter';
import { fallbackExportName } from './export-file-name';
import { formatBytes, receivedText } from './export-popup';
import { REVOKE_AFTER_MS } from '@callboard/shared-ui/save-file';

const noop = () => undefined;
const encoder = new TextEncoder();

/** A file response whose body arrives chunk by chunk; each chunk waits for its gate when one is given. */
function streamedFile(chunks: string[], headers: Record<string, string> = {}, gates: Promise<void>[] = []): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  let index = 0;
  const reader = {
    read: async () => {
      if (index >= chunks.length) return { done: true, value: undefined };
      await gates[index];
      const value = encoder.encode(chunks[index]);
      index += 1;
      return { done: false, value };
    },
  };
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    body: { getReader: () => reader },
    text: async () => chunks.join(''),
    blob: async () => new Blob(chunks),
  } as unknown as Response;
}

const CSV_HEADERS = { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="call_records_20260115T193005Z.csv"', 'X-Total-Count': '3' };
const CSV = ['\uFEFFTime Stamp,CID,Transcript\n', 'Jan 15,+1555,"line one\nline two"\n', 'Jan 15,+1556,plain\nJan 15,+1557,"say ""hi"""\n'];

let clicked: { download: string; href: string }[];
let createObjectURL: jest.Mock;
let revokeObjectURL: jest.Mock;

beforeEach(() => {
  clicked = [];
  createObjectURL = jest.fn(() => 'blob:callboard/1');
  revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  // jsdom cannot download: record what the temporary link asked for instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderWithExport(answer: (url: URL, init?: RequestInit) => Answer | Promise<Answer>, options: { fakeTimers?: boolean } = {}) {
  return renderOverview({
    ui: <RecordsCard onOpen={noop} />,
    filters: { datePreset: 'last_7_days', publisher: ['p1'] },
    fakeTimers: options.fakeTimers,
    respond: (url, init) => {
      if (url.pathname === '/api/calls/records') return { body: recordsBody([makeRecord()]) };
      if (url.pathname === '/api/calls/export') return answer(url, init);
      return undefined;
    },
  });
}

async function chooseExport(user: ReturnType<typeof renderOverview>['user'], format: 'CSV' | 'XLSX') {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
}

const popup = () => screen.queryByRole('dialog', { name: /Export/ });

describe('Export', () => {
  test('processing → completed: the file streams with its progress shown, is saved under the server\'s name, and the popup goes after 3 s', async () => {
    jest.useFakeTimers();
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const { user, fetchMock } = renderWithExport(() => streamedFile(CSV, CSV_HEADERS, gates.map((g) => g.promise)), { fakeTimers: true });
    await screen.findByRole('button', { name: 'Copy JSON' });

    await chooseExport(user, 'CSV');
    expect(await screen.findByRole('dialog', { name: 'Exporting Records' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();

    // The request carries the filters, the format, the columns shown (the default ones here) and the session's rules.
    const [input, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/calls/export'))!;
    const url = new URL(String(input), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ datePreset: 'last_7_days', publisher: 'p1', fmt: 'csv', columns: DEFAULT_RECORD_COLUMN_KEYS.join(',') });
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);

    await act(async () => gates[0]!.resolve());
    await waitFor(() => expect(popup()).toHaveTextContent('0 of 3 rows'));
    await act(async () => gates[1]!.resolve());
    // The line break inside the quoted transcript does not end a row.
    await waitFor(() => expect(popup()).toHaveTextContent('1 of 3 rows'));
    expect(within(popup()!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(popup()).toHaveTextContent(/\d+ B received/);
    await act(async () => gates[2]!.resolve());

    expect(await screen.findByRole('dialog', { name: 'Export Complete' })).toBeInTheDocument();
    expect(popup()).toHaveTextContent('Export completed successfully!');
    expect(popup()).toHaveTextContent('Download should start automatically.');
    expect(clicked).toEqual([{ download: 'call_records_20260115T193005Z.csv', href: 'blob:callboard/1' }]);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.size).toBe(CSV.reduce((n, chunk) => n + encoder.encode(chunk).byteLength, 0));
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();

    act(() => jest.advanceTimersByTime(2999));
    expect(popup()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(popup()).not.toBeInTheDocument();
    // The object URL outlives the click long enough for the browser to read it, then is given back.
    act(() => jest.advanceTimersByTime(REVOKE_AFTER_MS));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:callboard/1');
  });

  test('the file holds the columns the table shows: money turned on and Transcript hidden in Column Settings', async () => {
    const { user, fetchMock } = renderWithExport(() => streamedFile(CSV, CSV_HEADERS));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const settings = await screen.findByRole('dialog', { name: 'Column Settings' });
    for (const name of ['Transcript', 'Revenue', 'Payout', 'Profit']) await user.click(within(settings).getByRole('checkbox', { name }));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    await chooseExport(user, 'XLSX');
    await screen.findByRole('dialog', { name: 'Export Complete' });
    const [input] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/calls/export'))!;
    const shown = within(screen.getByRole('table', { name: 'Call records' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
      .filter((label) => label !== 'Actions');
    expect(shown.slice(-3)).toEqual(['Revenue', 'Payout', 'Profit']);
    expect(new URL(String(input), 'http://localhost').searchParams.get('columns')).toBe(
      [...DEFAULT_RECORD_COLUMN_KEYS.filter((key) => key !== 'transcript'), 'revenue', 'payout', 'profit'].join(','),
    );
  });

  test('with every column hidden the file asks for no columns, so it holds the default ones instead of failing', async () => {
    const { user, fetchMock } = renderWithExport(() => streamedFile(CSV, CSV_HEADERS));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const settings = await screen.findByRole('dialog', { name: 'Column Settings' });
    for (const box of within(settings).getAllByRole('checkbox')) if ((box as HTMLInputElement).checked) await user.click(box);
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    await chooseExport(user, 'CSV');
    await screen.findByRole('dialog', { name: 'Export Complete' });
    const [input] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/calls/export'))!;
    expect(new URL(String(input), 'http://localhost').searchParams.has('columns')).toBe(false);
  });

  test('a download the server did not name is called call_records_{timestamp}.{ext}; XLSX shows bytes and the row total', async () => {
    const gate = deferred<void>();
    const { user } = renderWithExport(() => streamedFile(['PK\u0003\u0004zip-bytes'], { 'X-Total-Count': '1200' }, [gate.promise]));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'XLSX');
    await waitFor(() => expect(popup()).toHaveTextContent('0 B received · 1,200 rows'));
    expect(within(popup()!).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    await act(async () => gate.resolve());
    await screen.findByRole('dialog', { name: 'Export Complete' });
    expect(clicked[0]?.download).toMatch(/^call_records_\d{8}T\d{6}Z\.xlsx$/);
  });

  test('processing → error: "Export Failed" with the reason, which stays until closed', async () => {
    jest.useFakeTimers();
    const { user } = renderWithExport(
      () => ({ status: 422, statusText: 'Unprocessable Entity', body: { success: false, code: 'UNPROCESSABLE', message: 'XLSX export is limited to 200,000 rows' } }),
      { fakeTimers: true },
    );
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'XLSX');
    expect(await screen.findByRole('dialog', { name: 'Export Failed' })).toHaveTextContent('Export failed: XLSX export is limited to 200,000 rows');
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(clicked).toEqual([]);
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('dialog', { name: 'Export Failed' })).toBeInTheDocument();
    await user.click(within(popup()!).getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
  });

  test('an error without a message says the status text', async () => {
    const { user } = renderWithExport(() => ({ status: 503, statusText: 'Service Unavailable' }));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'CSV');
    expect(await screen.findByRole('dialog', { name: 'Export Failed' })).toHaveTextContent('Export failed: Service Unavailable');
  });

  test('Close on "Export Complete" goes back to idle at once', async () => {
    const { user } = renderWithExport(() => streamedFile(CSV, CSV_HEADERS));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'CSV');
    await screen.findByRole('dialog', { name: 'Export Complete' });
    await user.click(within(popup()!).getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
  });

  test('closing while exporting cancels the download: nothing is saved and nothing is reported', async () => {
    const gate = deferred<void>();
    let signal: AbortSignal | undefined;
    const { user } = renderWithExport((_url, init) => {
      signal = init?.signal ?? undefined;
      return streamedFile(CSV, CSV_HEADERS, [gate.promise]);
    });
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'CSV');
    await screen.findByRole('dialog', { name: 'Exporting Records' });
    await user.click(within(popup()!).getByRole('button', { name: 'Cancel export' }));
    expect(popup()).not.toBeInTheDocument();
    expect(signal?.aborted).toBe(true);
    await act(async () => gate.resolve());
    expect(popup()).not.toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  test('a 401 signs the user out', async () => {
    const { user, store } = renderWithExport(() => ({ status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'Session ended' } }));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'CSV');
    await screen.findByRole('dialog', { name: 'Export Failed' });
    expect(store.get(tokenAtom)).toBeNull();
  });

  test('a browser without response streams still downloads, in one step', async () => {
    const { user } = renderWithExport(() => ({ headers: CSV_HEADERS, blob: new Blob(['a,b\n1,2\n']) }));
    await screen.findByRole('button', { name: 'Copy JSON' });
    await chooseExport(user, 'CSV');
    await screen.findByRole('dialog', { name: 'Export Complete' });
    expect(clicked[0]?.download).toBe('call_records_20260115T193005Z.csv');
  });
});

describe('export helpers', () => {
  test('the CSV row counter ignores line breaks inside quotes and the header line', () => {
    const counter = createCsvRowCounter();
    expect(counter.rows()).toBe(0);
    counter.push(encoder.encode('a,b\n'));
    expect(counter.rows()).toBe(0);
    // A quoted field split across chunks, with an escaped quote inside.
    counter.push(encoder.encode('"x\n""y'));
    counter.push(encoder.encode('""",2\n3,4\n'));
    expect(counter.rows()).toBe(2);
  });

  test('byte counts and progress lines read as people write them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(receivedText({ bytes: 2048, rows: 10, totalRows: 3000 })).toBe('2.0 KB received · 10 of 3,000 rows');
    expect(receivedText({ bytes: 0, rows: 0, totalRows: null })).toBe('Waiting for the server…');
    expect(receivedText({ bytes: 10, rows: null, totalRows: null })).toBe('10 B received');
  });

  test('the fallback name is call_records_{UTC timestamp}.{ext}', () => {
    expect(fallbackExportName('csv', new Date('2026-03-08T07:00:00.123Z'))).toBe('call_records_20260308T070000Z.csv');
  });
});
