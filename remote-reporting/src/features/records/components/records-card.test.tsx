import { RECORD_COLUMNS } from '@callboard/contract';
import { deferred } from '@callboard/shared-auth/testing/fetch-mock';
import { filtersAtom, setPageAtom } from '@callboard/shared-ui/filter-atoms';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeRecord, recordsBody, renderOverview, type Answer } from '../../../testing/overview';
import { RecordsCard } from './records-card';

const noop = () => undefined;
const table = () => screen.getByRole('table', { name: 'Call records' });
const headerLabels = () => within(table()).getAllByRole('columnheader').map((th) => th.textContent);
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

/** Answers the records list with `rows` and the meta the request's page implies. */
function recordsAnswer(rows = [makeRecord()], total = rows.length) {
  return (url: URL): Answer | undefined => {
    if (url.pathname !== '/api/calls/records') return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    return { body: recordsBody(rows, { total, page }) };
  };
}

describe('RecordsCard states', () => {
  test('shows "Loading records..." over the table until the first page arrives', async () => {
    const answer = deferred<Answer>();
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: (url) => (url.pathname === '/api/calls/records' ? answer.promise : undefined) });
    expect(await screen.findByText('Loading records...')).toBeInTheDocument();
    answer.resolve({ body: recordsBody([makeRecord({ callerId: '+15551234567' })]) });
    expect(await screen.findByText('+15551234567')).toBeInTheDocument();
    expect(screen.queryByText('Loading records...')).not.toBeInTheDocument();
  });

  test('says "No records found." when the query matches nothing', async () => {
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([]) });
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0-0 of 0 items')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Records pages' })).not.toBeInTheDocument();
  });

  test('a transcript search whose every word is too common to index says so under "No records found."', async () => {
    renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      filters: { q: 'the and' },
      respond: (url) => {
        if (url.pathname !== '/api/calls/records') return undefined;
        const body = recordsBody([]);
        return { body: { ...body, meta: { ...body.meta, qTooCommon: true } } };
      },
    });
    expect(await screen.findByText('No records found. Every word of “the and” is too common to search for (like “the” or “and”): add a rarer word.')).toBeInTheDocument();
  });

  test('a failure shows "Failed to load records." with the error message, and no rows', async () => {
    renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      respond: (url) =>
        url.pathname === '/api/calls/records' ? { status: 400, body: { success: false, message: 'startDate is not a valid date', code: 'VALIDATION_ERROR' } } : undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load records.');
    expect(alert).toHaveTextContent('startDate is not a valid date');
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  test('asks for page 1 of 25 sorted by time, newest first, with the filters', async () => {
    const { requests } = renderOverview({ ui: <RecordsCard onOpen={noop} />, filters: { datePreset: 'last_30_days', campaign: ['c1', 'c2'] } });
    await waitFor(() => expect(requests('/api/calls/records')).toHaveLength(1));
    const params = Object.fromEntries(requests('/api/calls/records')[0]!.searchParams);
    expect(params).toEqual({ datePreset: 'last_30_days', campaign: 'c1,c2', page: '1', limit: '25', sortBy: 'callTimestamp', sortDir: 'desc' });
  });

  test('polls at the refresh interval while Auto Refresh is on', async () => {
    const { requests } = renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      setup: (store) => {
        store.set(refreshIntervalAtom, 60);
        store.set(autoRefreshAtom, true);
      },
    });
    await waitFor(() => expect(requests('/api/calls/records').length).toBeGreaterThanOrEqual(3), { timeout: 3000 });
  });
});

describe('RecordsCard table', () => {
  test("has the spec's 14 record columns with their labels, widths and sortable headers, then Actions", async () => {
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer() });
    await screen.findAllByRole('button', { name: 'Copy JSON' });
    // Money, connected and repeat are there to choose, not shown until chosen.
    const spec = RECORD_COLUMNS.filter((c) => c.visible);
    expect(spec).toHaveLength(14);
    expect(headerLabels()).toEqual([...spec.map((c) => c.label), 'Actions']);
    const widths = Array.from(table().querySelectorAll('col')).map((col) => col.style.width);
    expect(widths).toEqual([...spec.map((c) => `${c.width}px`), '84px']);
    const sortable = within(table())
      .getAllByRole('columnheader')
      .filter((th) => th.hasAttribute('aria-sort'))
      .map((th) => th.textContent);
    expect(sortable).toEqual(['Time Stamp', 'Publisher', 'CID', 'Status', 'Sub Disposition', 'Duration', 'Campaign Name']);
  });

  test('cells: New York time across DST, status badge, truncation at 20 characters, dash when empty, Play link', async () => {
    const winter = makeRecord({ id: 'w', callTimestamp: '2026-01-15T19:30:05.000Z', reason: 'Exactly twenty chars', summary: 'This summary is longer than twenty characters', transcript: null, recordingUrl: null, status: 'DNC' });
    const summer = makeRecord({ id: 's', callTimestamp: '2026-07-04T16:05:09.000Z', status: 'Something Else', target_name: '' });
    // The spring-forward night: 06:59:59Z is 1:59:59 EST, one second later it is 3:00:00 EDT.
    const beforeJump = makeRecord({ id: 'b', callTimestamp: '2026-03-08T06:59:59.000Z' });
    const afterJump = makeRecord({ id: 'a', callTimestamp: '2026-03-08T07:00:00.000Z' });
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([winter, summer, beforeJump, afterJump]) });
    await screen.findAllByRole('button', { name: 'Copy JSON' });
    const [w, s, b, a] = bodyRows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const cell = (row: HTMLElement, label: string) => within(row).getAllByRole('cell')[headerLabels().indexOf(label)] as HTMLElement;

    expect(cell(w, 'Time Stamp')).toHaveTextContent('Jan 15 02:30:05 PM');
    expect(cell(s, 'Time Stamp')).toHaveTextContent('Jul 04 12:05:09 PM');
    expect(cell(b, 'Time Stamp')).toHaveTextContent('Mar 08 01:59:59 AM');
    expect(cell(a, 'Time Stamp')).toHaveTextContent('Mar 08 03:00:00 AM');

    expect(cell(w, 'Status').querySelector('.cb-status--dnc')).toHaveTextContent('DNC');
    expect(cell(s, 'Status').querySelector('.cb-status--default')).toHaveTextContent('Something Else');

    expect(cell(w, 'Reason')).toHaveTextContent(/^Exactly twenty chars$/);
    expect(cell(w, 'Summary')).toHaveTextContent(/^This summary is long…$/);
    expect(within(cell(w, 'Summary')).getByTitle('This summary is longer than twenty characters')).toBeInTheDocument();
    expect(cell(w, 'Transcript')).toHaveTextContent(/^—$/);
    expect(cell(s, 'Target')).toHaveTextContent(/^—$/);
    expect(cell(w, 'Recording Link')).toHaveTextContent(/^—$/);
    expect(cell(w, 'Duration')).toHaveTextContent('2:05');

    const play = within(cell(s, 'Recording Link')).getByRole('link', { name: 'Play' });
    expect(play).toHaveAttribute('href', 'https://recordings.example.com/r1.wav');
    expect(play).toHaveAttribute('target', '_blank');
    expect(play.getAttribute('rel')).toContain('noopener');
  });

  test('a header sorts ascending first, then toggles; another column starts ascending again, back on page 1', async () => {
    const { user, requests, store } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([makeRecord()], 100), filters: { page: 3 } });
    await screen.findAllByRole('button', { name: 'Copy JSON' });
    const header = (label: string) => within(table()).getByRole('columnheader', { name: label });
    const last = () => Object.fromEntries(requests('/api/calls/records').at(-1)!.searchParams);

    expect(header('Time Stamp')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Duration')).getByRole('button'));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'durationSec', sortDir: 'asc', page: '1' }));
    expect(header('Duration')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Time Stamp')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Duration')).getByRole('button'));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'durationSec', sortDir: 'desc' }));
    expect(header('Duration')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('CID')).getByRole('button'));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'callerId', sortDir: 'asc' }));
    expect(store.get(filtersAtom).page).toBe(1);
  });

  test('search applies the trimmed text on Enter or the button, back on page 1; typing alone sends nothing', async () => {
    const { user, requests, store } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([makeRecord()], 100), filters: { page: 2 } });
    await waitFor(() => expect(requests('/api/calls/records')).toHaveLength(1));
    const box = screen.getByPlaceholderText('Search CID...');

    await user.type(box, '  555 ');
    expect(requests('/api/calls/records')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('search')).toBe('555'));
    expect(requests('/api/calls/records').at(-1)?.searchParams.get('page')).toBe('1');
    expect(store.get(filtersAtom).search).toBe('555');

    await user.clear(box);
    await user.type(box, '777');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('search')).toBe('777'));
  });

  test('Caller ID / Transcript: the switch (a native select, so the keyboard works it) sends the text as q instead of search, and back', async () => {
    const { user, requests, store } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([makeRecord()], 100) });
    await waitFor(() => expect(requests('/api/calls/records')).toHaveLength(1));
    const mode = screen.getByRole('combobox', { name: 'Search by' });
    expect(mode).toHaveValue('callerId');

    // With no search in force, switching only changes what the next search means.
    await user.selectOptions(mode, 'Transcript');
    expect(requests('/api/calls/records')).toHaveLength(1);
    const box = screen.getByRole('searchbox', { name: 'Search transcripts' });
    await user.type(box, ' "cancel my order" {Enter}');
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('q')).toBe('"cancel my order"'));
    expect(requests('/api/calls/records').at(-1)?.searchParams.has('search')).toBe(false);
    expect(store.get(filtersAtom)).toMatchObject({ q: '"cancel my order"', search: '' });

    // With one in force, switching moves the text to the other search at once.
    await user.selectOptions(mode, 'Caller ID');
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('search')).toBe('"cancel my order"'));
    expect(requests('/api/calls/records').at(-1)?.searchParams.has('q')).toBe(false);
    expect(screen.getByRole('searchbox', { name: 'Search CID' })).toHaveValue('"cancel my order"');
  });

  test('the switch follows the filters: a q in force (from a link) opens in Transcript mode with its text', async () => {
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer(), filters: { q: 'refund' } });
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveValue('transcript');
    expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toHaveValue('refund');
  });

  test('Dispositions: a 300 px dropdown with a 280 px list; ticks filter at once and show a count badge', async () => {
    const { user, requests } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer() });
    await user.click(screen.getByRole('button', { name: 'Dispositions' }));
    const popover = await screen.findByRole('dialog', { name: 'Dispositions' });
    expect(popover.style.width).toBe('300px');
    const list = await within(popover).findByRole('list');
    expect(list.style.maxHeight).toBe('280px');

    await user.click(within(popover).getByRole('checkbox', { name: /^Sales/ }));
    await user.click(within(popover).getByRole('checkbox', { name: /^DNC/ }));
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('disposition')).toBe('Sales,DNC'));
    const trigger = screen.getByRole('button', { name: 'Dispositions, 2 selected' });
    expect(trigger.querySelector('.cb-count')).toHaveTextContent('2');
    // The option list does not depend on what is ticked: it is loaded once.
    expect(requests('/api/filters/dispositions')).toHaveLength(1);
  });

  test('Copy JSON copies the visible columns of the row as JSON and toasts "Row copied!"', async () => {
    const record = makeRecord({ id: '42', callerId: '+15550000042', reason: 'A reason longer than twenty characters' });
    const { user } = renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      respond: recordsAnswer([record]),
      setup: () => localStorage.setItem('callboard.reporting.records.columns', JSON.stringify({ hidden: ['transcript', 'summary', 'systemBuyerId'] })),
      keepStorage: true,
    });
    // user-event installs its own clipboard at setup: watch that one.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy JSON' }));
    expect(await screen.findByText('Row copied!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = JSON.parse(writeText.mock.calls[0]![0]);
    expect(Object.keys(copied)).toEqual([
      'callTimestamp', 'publisherName', 'callerId', 'status', 'sub_disposition', 'durationSec', 'campaignName', 'reason', 'target_name', 'recordingUrl', 'systemCallId',
    ]);
    expect(copied).toMatchObject({ callerId: '+15550000042', reason: 'A reason longer than twenty characters', durationSec: 125, callTimestamp: record.callTimestamp });
  });
});

describe('RecordsCard money columns', () => {
  test('chosen, they show revenue, payout, profit (revenue − payout), connected and repeat, and Copy JSON carries them', async () => {
    const paid = makeRecord({ id: 'p', revenue: 12.3, payout: 4.1, connected: true, repeat: true, repeatOf: '7' });
    const lost = makeRecord({ id: 'l', revenue: 0, payout: 25, connected: false });
    const { user } = renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      respond: recordsAnswer([paid, lost]),
      setup: () =>
        localStorage.setItem('callboard.reporting.records.columns', JSON.stringify({ hidden: [], shown: ['connected', 'repeat', 'revenue', 'payout', 'profit'] })),
      keepStorage: true,
    });
    await screen.findAllByRole('button', { name: 'Copy JSON' });
    expect(headerLabels().slice(-6)).toEqual(['Connected', 'Repeat', 'Revenue', 'Payout', 'Profit', 'Actions']);
    // Each cell ends with its figure (a phone's card puts the column's name before it for screen readers).
    const expectFigures = (row: HTMLElement, figures: string[]) =>
      ['Connected', 'Repeat', 'Revenue', 'Payout', 'Profit'].forEach((label, i) => {
        const cell = within(row).getAllByRole('cell')[headerLabels().indexOf(label)];
        expect(cell?.textContent?.endsWith(figures[i] as string) && !cell.textContent.endsWith(`-${figures[i]}`)).toBe(true);
      });
    const [p, l] = bodyRows() as [HTMLElement, HTMLElement];
    expectFigures(p, ['Yes', 'Yes', '$12.30', '$4.10', '$8.20']);
    expectFigures(l, ['No', 'No', '$0.00', '$25.00', '-$25.00']);

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getAllByRole('button', { name: 'Copy JSON' })[0]!);
    expect(JSON.parse(writeText.mock.calls[0]![0])).toMatchObject({ connected: true, repeat: true, revenue: 12.3, payout: 4.1, profit: 8.2 });
  });
});

describe('RecordsCard pagination', () => {
  /** The records pagination rules, written out independently of shared-ui's pageItems: the page numbers and how many ellipses. */
  function expectedShape(page: number, pages: number): { numbers: number[]; ellipses: number } {
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    if (pages <= 1) return { numbers: [], ellipses: 0 };
    if (pages <= 7) return { numbers: range(1, pages), ellipses: 0 };
    if (page <= 4) return { numbers: [...range(1, 5), pages], ellipses: 1 };
    if (page >= pages - 3) return { numbers: [1, ...range(pages - 4, pages)], ellipses: 1 };
    return { numbers: [1, page - 1, page, page + 1, pages], ellipses: 2 };
  }

  function shownShape(): { numbers: number[]; ellipses: number; current: string | null } {
    const nav = screen.queryByRole('navigation', { name: 'Records pages' });
    if (!nav) return { numbers: [], ellipses: 0, current: null };
    const numbers = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => Number(button.textContent));
    const current = nav.querySelector('[aria-current="page"]')?.textContent ?? null;
    return { numbers, ellipses: nav.querySelectorAll('.cb-pagination__ellipsis').length, current };
  }

  test('every shape for 1 to 20 pages at every current page', async () => {
    for (let pages = 1; pages <= 20; pages += 1) {
      const view = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond: recordsAnswer([makeRecord()], pages * 25) });
      await screen.findByText(`Showing 1-${Math.min(25, pages * 25)} of ${pages * 25} items`);
      for (let page = 1; page <= pages; page += 1) {
        act(() => view.store.set(setPageAtom, page));
        const { numbers, ellipses, current } = shownShape();
        const expected = expectedShape(page, pages);
        expect({ pages, page, numbers, ellipses }).toEqual({ pages, page, ...expected });
        if (pages > 1) expect(current).toBe(String(page));
        await screen.findByText(`Showing ${(page - 1) * 25 + 1}-${page * 25} of ${pages * 25} items`);
      }
      view.unmount();
    }
  }, 120_000);

  test('a remembered page past the end goes to the last page there is', async () => {
    const { requests, store } = renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      filters: { page: 9 },
      respond: (url) =>
        url.pathname === '/api/calls/records'
          ? { body: recordsBody(url.searchParams.get('page') === '3' ? [makeRecord()] : [], { total: 60, page: Number(url.searchParams.get('page')) }) }
          : undefined,
    });
    await screen.findByText('Showing 51-60 of 60 items');
    expect(store.get(filtersAtom).page).toBe(3);
    expect(requests('/api/calls/records').map((url) => url.searchParams.get('page'))).toEqual(['9', '3']);
  });

  test('a page click asks for that page; clicks while loading or past the ends are ignored', async () => {
    let hold: ReturnType<typeof deferred<Answer>> | null = null;
    const { user, requests, store } = renderOverview({
      ui: <RecordsCard onOpen={noop} />,
      respond: (url) => {
        if (url.pathname !== '/api/calls/records') return undefined;
        const page = Number(url.searchParams.get('page'));
        const answer = { body: recordsBody([makeRecord()], { total: 250, page }) };
        return hold ? hold.promise.then(() => answer) : answer;
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Records pages' });

    // Page 1: Previous goes nowhere.
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(store.get(filtersAtom).page).toBe(1);

    hold = deferred<Answer>();
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(requests('/api/calls/records').at(-1)?.searchParams.get('page')).toBe('3'));
    expect(screen.getByText('Loading records...')).toBeInTheDocument();
    // While page 3 loads, a click on page 5 is ignored.
    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(store.get(filtersAtom).page).toBe(3);
    const pending = hold;
    hold = null;
    pending.resolve({});
    await waitFor(() => expect(screen.queryByText('Loading records...')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 51-75 of 250 items')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await screen.findByText('Showing 226-250 of 250 items');
    // The last page: Next goes nowhere.
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(store.get(filtersAtom).page).toBe(10);
  });
});
