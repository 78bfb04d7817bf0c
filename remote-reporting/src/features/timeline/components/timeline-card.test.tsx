import { REJECTED_UNKNOWN } from '@callboard/contract';
import { deferred } from '@callboard/shared-auth/testing/fetch-mock';
import { filtersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { ShortcutsHelp } from '@callboard/shared-ui/shortcuts-help';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderOverview, seriesBody, type Answer } from '../../../testing/overview';
import { TimelineCard } from './timeline-card';
import { BAR_KEYS } from './timeline-chart';

const SERIES = '/api/stats/series';
const answerSeries = (body: ReturnType<typeof seriesBody>) => (url: URL): Answer | undefined => (url.pathname === SERIES ? { body } : undefined);
const groups = () => screen.getAllByTestId('timeline-bucket');
const segmentsOf = (group: Element) => [...group.querySelectorAll('.timeline-chart__segment')].map((rect) => rect.getAttribute('data-key'));

const THREE_HOURS = seriesBody(
  [
    { Sales: 2, DNC: 1 },
    { Voicemail: 4, [REJECTED_UNKNOWN]: 1 },
    { 'subsidy/incentivised': 3 },
  ],
  [5, 0, 2],
);

describe('TimelineCard', () => {
  test('shows "Loading timeline..." until the series arrives, then one group of bars per bucket', async () => {
    const answer = deferred<Answer>();
    renderOverview({ ui: <TimelineCard />, respond: (url) => (url.pathname === SERIES ? answer.promise : undefined) });
    expect(screen.getByText('Loading timeline...')).toBeInTheDocument();

    answer.resolve({ body: THREE_HOURS });
    await waitFor(() => expect(groups()).toHaveLength(3));
    expect(screen.queryByText('Loading timeline...')).not.toBeInTheDocument();
    // Stacked in the cards' order, only the non-zero counts, each in its status badge's colour.
    expect(groups().map(segmentsOf)).toEqual([['Sales', 'DNC'], ['Voicemail', REJECTED_UNKNOWN], ['subsidy/incentivised']]);
    expect(groups()[0]?.querySelector('[data-key="Sales"]')).toHaveClass('cb-status--sales');
    expect(groups()[1]?.querySelector(`[data-key="${REJECTED_UNKNOWN}"]`)).toHaveClass('cb-status--default');
    expect(groups()[0]).toHaveAccessibleName('Jan 15, 2026, 12:00 AM – 1:00 AM: 3 calls');
    // The previous period's totals as a line, one point per bucket.
    expect(document.querySelector('.timeline-chart__previous')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  test('a bucket shows its New York time range, each non-zero disposition and the total in a tooltip', async () => {
    renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS) });
    await waitFor(() => expect(groups()).toHaveLength(3));
    fireEvent.focus(groups()[1] as Element);
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('Jan 15, 2026, 1:00 AM – 2:00 AM')).toBeInTheDocument();
    const rows = [...tooltip.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows).toEqual(['Voicemail4', 'Rejected / Unknown1', 'Total5', 'Previous period0']);
  });

  test('the Table toggle shows the same numbers as a table: a header per disposition and total, a row per bucket', async () => {
    const { user } = renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS) });
    await waitFor(() => expect(groups()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');

    const table = screen.getByRole('table', { name: 'Calls per hour by disposition, New York time' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Hour', 'Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup',
      'Callback', 'IVR', 'Subsidy', 'Language Barrier', 'Misdialed', 'Rejected / Unknown', 'Total', 'Previous period',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);
    const { buckets } = THREE_HOURS.data;
    rows.forEach((row, index) => {
      const bucket = buckets[index];
      const expected = [...Object.values(bucket?.counts ?? {}).map(String), String(bucket?.total), String(THREE_HOURS.data.previous.buckets[index]?.total)];
      expect(cells(row)).toEqual(expected);
    });
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Jan 15, 2026, 12:00 AM – 1:00 AM');
    expect(screen.queryAllByTestId('timeline-bucket')).toHaveLength(0);
  });

  test('← / → move between the bars, and ? lists them from the same map while the chart (not the table) is shown', async () => {
    const { user } = renderOverview({
      ui: (
        <>
          <TimelineCard />
          <ShortcutsHelp />
        </>
      ),
      respond: answerSeries(THREE_HOURS),
    });
    await waitFor(() => expect(groups()).toHaveLength(3));
    act(() => groups()[0]?.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(groups()[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(groups()[1]).toHaveFocus();

    const listed = async () => {
      await user.keyboard('?');
      const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
      const lines = within(within(dialog).getByRole('region', { name: 'This screen' }))
        .queryAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
      await user.keyboard('{Escape}');
      return lines;
    };
    expect(await listed()).toEqual([`← ${BAR_KEYS.ArrowLeft?.description}`, `→ ${BAR_KEYS.ArrowRight?.description}`]);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(await listed()).toEqual([]);
  });

  test('the legend hides and shows a disposition in the chart without narrowing the view', async () => {
    const { user, store, requests } = renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS) });
    await waitFor(() => expect(groups()).toHaveLength(3));
    const toggle = screen.getByRole('checkbox', { name: 'Show Sales in the chart' });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(segmentsOf(groups()[0] as Element)).toEqual(['DNC']);
    expect(store.get(filtersAtom).status).toEqual([]);
    expect(requests(SERIES)).toHaveLength(1);

    await user.click(toggle);
    expect(segmentsOf(groups()[0] as Element)).toEqual(['Sales', 'DNC']);
  });

  test('clicking a legend label narrows the view to that disposition, and it shows pressed', async () => {
    const { user, store } = renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS) });
    await waitFor(() => expect(groups()).toHaveLength(3));
    const legend = screen.getByRole('list', { name: 'Legend' });
    await user.click(within(legend).getByRole('button', { name: 'Rejected / Unknown' }));
    expect(store.get(filtersAtom).status).toEqual([REJECTED_UNKNOWN]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Legend' })).getByRole('button', { name: 'Rejected / Unknown' })).toHaveAttribute('aria-pressed', 'true'));
  });

  test('clicking a bar segment narrows to that bucket as a custom New York range and that disposition', async () => {
    const { user, store, requests } = renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS), filters: { datePreset: 'yesterday' } });
    await waitFor(() => expect(groups()).toHaveLength(3));
    await user.click(groups()[1]?.querySelector('[data-key="Voicemail"]') as Element);
    const filters = store.get(filtersAtom);
    expect(filters).toMatchObject({ datePreset: 'custom', startDate: '2026-01-15T01:00', endDate: '2026-01-15T02:00', status: ['Voicemail'] });

    await waitFor(() => expect(requests(SERIES)).toHaveLength(2));
    const query = requests(SERIES)[1]?.searchParams;
    expect(query?.get('startDate')).toBe('2026-01-15T01:00:00-05:00');
    expect(query?.get('endDate')).toBe('2026-01-15T02:00:00-05:00');
    expect(query?.get('status')).toBe('Voicemail');
  });

  test('a count in the table narrows like its bar segment', async () => {
    const { user, store } = renderOverview({ ui: <TimelineCard />, respond: answerSeries(THREE_HOURS) });
    await waitFor(() => expect(groups()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const row = within(screen.getByRole('table')).getAllByRole('row')[3] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '3' }));
    expect(store.get(filtersAtom)).toMatchObject({ startDate: '2026-01-15T02:00', endDate: '2026-01-15T03:00', status: ['subsidy/incentivised'] });
  });

  test('says "No calls in this range" when every bucket is empty', async () => {
    renderOverview({ ui: <TimelineCard />, respond: answerSeries(seriesBody([{}, {}], [4, 1])) });
    expect(await screen.findByText('No calls in this range')).toBeInTheDocument();
    expect(screen.queryAllByTestId('timeline-bucket')).toHaveLength(0);
  });

  test('with a search in force, the empty state says the search found nothing, not the range', async () => {
    for (const filters of [{ q: 'refund -policy' }, { search: '555012' }]) {
      const { unmount } = renderOverview({ ui: <TimelineCard />, filters, respond: answerSeries(seriesBody([{}, {}], [4, 1])) });
      const text = filters.q ?? filters.search;
      expect(await screen.findByText(`No calls match “${text}” in this range`)).toBeInTheDocument();
      expect(screen.getByText('Clear the search to see every call of the range.')).toBeInTheDocument();
      expect(screen.queryByText('No calls in this range')).not.toBeInTheDocument();
      unmount();
    }
  });

  test('a failure shows why, and Retry asks again', async () => {
    let fail = true;
    const { user, requests } = renderOverview({
      ui: <TimelineCard />,
      respond: (url) => {
        if (url.pathname !== SERIES) return undefined;
        return fail ? { status: 500, body: { success: false, message: 'Database down', code: 'INTERNAL' } } : { body: THREE_HOURS };
      },
    });
    expect(await screen.findByText('Failed to load the timeline.')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(groups()).toHaveLength(3));
    expect(requests(SERIES).length).toBeGreaterThanOrEqual(2);
  });

  test('fetched with the filter params, again whenever a filter changes, and on the interval while Auto Refresh is on', async () => {
    const { requests, store } = renderOverview({
      ui: <TimelineCard />,
      filters: { datePreset: 'last_7_days' },
      setup: (s) => {
        s.set(refreshIntervalAtom, 60);
        s.set(autoRefreshAtom, true);
      },
    });
    await waitFor(() => expect(requests(SERIES).length).toBeGreaterThanOrEqual(1));
    expect(requests(SERIES)[0]?.searchParams.get('datePreset')).toBe('last_7_days');
    expect(requests(SERIES)[0]?.searchParams.has('page')).toBe(false);
    await waitFor(() => expect(requests(SERIES).length).toBeGreaterThanOrEqual(3), { timeout: 3000 });

    act(() => store.set(updateFiltersAtom, { publisher: ['p-7'] }));
    await waitFor(() => expect(requests(SERIES).some((url) => url.searchParams.get('publisher') === 'p-7')).toBe(true));
  });

  test('does not poll while Auto Refresh is off', async () => {
    const { requests } = renderOverview({ ui: <TimelineCard />, setup: (store) => store.set(refreshIntervalAtom, 50) });
    await waitFor(() => expect(requests(SERIES)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(requests(SERIES)).toHaveLength(1);
  });
});
