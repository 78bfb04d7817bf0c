import { REJECTED_UNKNOWN, STATS_CARDS, type StatsData } from '@callboard/contract';
import { deferred } from '@callboard/shared-auth/testing/fetch-mock';
import { filtersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeFigures, renderOverview, statsBody, type Answer } from '../../../testing/overview';
import { StatsGrid } from './stats-grid';

const card = (label: string) => screen.getByRole('article', { name: label });
const countOf = (label: string) => within(card(label)).getByTestId('stats-count').textContent;
const badgeOf = (label: string) => card(label).querySelector('.stats-card__share') as HTMLElement;

describe('StatsGrid', () => {
  test('shows a spinner on every card and "Loading stats..." until the stats arrive', async () => {
    const answer = deferred<Answer>();
    renderOverview({ ui: <StatsGrid />, respond: (url) => (url.pathname === '/api/stats' ? answer.promise : undefined) });

    expect(screen.getByText('Loading stats...')).toBeInTheDocument();
    for (const { label } of STATS_CARDS) {
      expect(within(card(label)).getByRole('status', { name: `Loading ${label}` })).toBeInTheDocument();
    }

    answer.resolve({ body: statsBody(makeFigures({ Sales: 3 })) });
    await waitFor(() => expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument());
    expect(countOf('Sales')).toBe('3');
  });

  test('draws the 17 stats cards in order', async () => {
    renderOverview({ ui: <StatsGrid /> });
    await waitFor(() => expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument());
    const labels = screen.getAllByRole('article').map((el) => el.getAttribute('aria-label'));
    expect(labels).toEqual([
      'Total Processed', 'Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive',
      'Hungup', 'Callback', 'IVR', 'Subsidy', 'Language Barrier', 'Misdialed', 'Rejected / Unknown', 'Red No Connects',
    ]);
  });

  test('counts and shares come from the API: dispositions, subsidy, rejected/unknown and no-connects', async () => {
    const current = makeFigures(
      { Sales: 250, Voicemail: 1000, 'subsidy/incentivised': 50, Hungup: 100 },
      { total: 2000, notConnected: 300 },
    );
    renderOverview({ ui: <StatsGrid />, respond: (url) => (url.pathname === '/api/stats' ? { body: statsBody(current) } : undefined) });
    await waitFor(() => expect(countOf('Total Processed')).toBe('2,000'));

    expect(countOf('Sales')).toBe('250');
    expect(badgeOf('Sales')).toHaveTextContent('12.5%');
    expect(countOf('Subsidy')).toBe('50');
    expect(badgeOf('Subsidy')).toHaveTextContent('2.5%');
    // 2000 - (250 + 1000 + 50 + 100) statuses that are none of the 14.
    expect(countOf('Rejected / Unknown')).toBe('600');
    expect(badgeOf('Rejected / Unknown')).toHaveTextContent('30%');
    expect(countOf('Red No Connects')).toBe('300');
    expect(badgeOf('Red No Connects')).toHaveTextContent('15%');
    expect(badgeOf('Total Processed')).toHaveTextContent('100%');
    expect(countOf('DNC')).toBe('0');
    expect(badgeOf('DNC')).toHaveTextContent('0%');
  });

  test('arrows compare each share (Total Processed: the count) with yesterday until the same time, and say so with the difference', async () => {
    const current = makeFigures({ Sales: 30, DNC: 10, Voicemail: 60 }); // 30 %, 10 %, 60 % of 100
    const previous = makeFigures({ Sales: 20, DNC: 40, Voicemail: 140 }); // 10 %, 20 %, 70 % of 200
    renderOverview({ ui: <StatsGrid />, respond: (url) => (url.pathname === '/api/stats' ? { body: statsBody(current, previous) } : undefined) });
    await waitFor(() => expect(countOf('Sales')).toBe('30'));

    // statsBody: today, compared with yesterday until 07:30 New York time.
    expect(badgeOf('Sales')).toHaveAttribute('data-trend', 'up');
    expect(badgeOf('Sales')).toHaveAttribute('title', 'Share of calls up: 30% vs 10% yesterday until 07:30 (+20 pts)');
    expect(badgeOf('DNC')).toHaveAttribute('data-trend', 'down');
    expect(badgeOf('DNC')).toHaveAttribute('title', 'Share of calls down: 10% vs 20% yesterday until 07:30 (\u221210 pts)');
    expect(badgeOf('Voicemail')).toHaveAttribute('data-trend', 'down');
    expect(badgeOf('IVR')).toHaveAttribute('data-trend', 'flat');
    expect(badgeOf('IVR')).toHaveAttribute('title', 'Share of calls unchanged: 0% vs 0% yesterday until 07:30 (±0 pts)');
    // Total Processed is 100 % of itself: its arrow compares the counts (100 now, 200 before).
    expect(badgeOf('Total Processed')).toHaveAttribute('data-trend', 'down');
    expect(badgeOf('Total Processed')).toHaveAttribute('title', 'Calls down: 100 vs 200 yesterday until 07:30 (\u221250 %)');
    // The accessible name says the same, after the badge's own figure.
    expect(badgeOf('Sales')).toHaveAccessibleName('30% of total. Share of calls up: 30% vs 10% yesterday until 07:30 (+20 pts)');
    expect(badgeOf('Total Processed')).toHaveAccessibleName('100% of total. Calls down: 100 vs 200 yesterday until 07:30 (\u221250 %)');
    expect(badgeOf('Sales').querySelector('svg')).not.toBeNull();
  });

  test('the tooltip names what each preset is compared with, on the New York clock', async () => {
    const answer = (range: StatsData['range'], previous: { from: string; to: string }) => {
      const body = statsBody(makeFigures({ Sales: 1 }), makeFigures({ Sales: 3 }, { total: 4 }));
      return { ...body, data: { ...body.data, range, previous: { ...body.data.previous, range: previous } } };
    };
    const cases: Array<[StatsData['range'], { from: string; to: string }, string]> = [
      // Wednesday 2026-03-11 07:30 (EDT): last week's Wednesday 07:30 was standard time.
      [{ preset: 'this_week', from: '2026-03-09T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z' }, { from: '2026-03-02T05:00:00.000Z', to: '2026-03-04T12:30:00.000Z' }, 'last week until Wed 07:30'],
      [{ preset: 'this_month', from: '2026-03-01T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z' }, { from: '2026-02-01T05:00:00.000Z', to: '2026-02-11T12:30:00.000Z' }, 'last month until Feb 11, 07:30'],
      [{ preset: 'this_year', from: '2026-01-01T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z' }, { from: '2025-01-01T05:00:00.000Z', to: '2025-03-11T11:30:00.000Z' }, 'last year until Mar 11, 07:30'],
      [{ preset: 'last_7_days', from: '2026-03-05T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z' }, { from: '2026-02-26T05:00:00.000Z', to: '2026-03-04T12:30:00.000Z' }, 'the previous 7 days until Mar 4, 07:30'],
      [{ preset: 'yesterday', from: '2026-03-10T04:00:00.000Z', to: '2026-03-11T04:00:00.000Z' }, { from: '2026-03-09T04:00:00.000Z', to: '2026-03-10T04:00:00.000Z' }, 'the day before'],
      [{ preset: 'last_month', from: '2026-02-01T05:00:00.000Z', to: '2026-03-01T05:00:00.000Z' }, { from: '2026-01-01T05:00:00.000Z', to: '2026-02-01T05:00:00.000Z' }, 'the month before'],
      [{ preset: 'custom', from: '2026-03-10T13:00:00.000Z', to: '2026-03-10T21:00:00.000Z' }, { from: '2026-03-10T05:00:00.000Z', to: '2026-03-10T13:00:00.000Z' }, 'Mar 10, 2026, 01:00 – Mar 10, 2026, 09:00'],
    ];
    for (const [range, previous, words] of cases) {
      const { unmount } = renderOverview({ ui: <StatsGrid />, respond: (url) => (url.pathname === '/api/stats' ? { body: answer(range, previous) } : undefined) });
      await waitFor(() => expect(countOf('Sales')).toBe('1'));
      // 1 call of 1 against 3 of 4: 100 % against 75 %; 1 call against 4.
      expect([range.preset, badgeOf('Sales').getAttribute('title')]).toEqual([range.preset, `Share of calls up: 100% vs 75% ${words} (+25 pts)`]);
      expect([range.preset, badgeOf('Total Processed').getAttribute('title')]).toEqual([range.preset, `Calls down: 1 vs 4 ${words} (\u221275 %)`]);
      unmount();
    }
  });

  test('raises the warning flag on Voicemail, Hungup, Rejected / Unknown and Red No Connects exactly when the API says so', async () => {
    const flags = { flagVoicemail: true, flagTargetHU: false, flagRejectedUnknown: true, flagRedNoConnect: true };
    const current = makeFigures({ Voicemail: 5, Hungup: 5 }, { total: 20, flags });
    renderOverview({ ui: <StatsGrid />, respond: (url) => (url.pathname === '/api/stats' ? { body: statsBody(current) } : undefined) });
    await waitFor(() => expect(countOf('Voicemail')).toBe('5'));

    const flagged = screen.getAllByRole('article').filter((el) => el.classList.contains('stats-card--flagged')).map((el) => el.getAttribute('aria-label'));
    expect(flagged).toEqual(['Voicemail', 'Rejected / Unknown', 'Red No Connects']);
    expect(within(card('Voicemail')).getByRole('img', { name: 'Voicemail share is above its threshold' })).toBeInTheDocument();
    expect(within(card('Hungup')).queryByRole('img')).not.toBeInTheDocument();
  });

  test('a failure toasts "Failed to fetch stats" and the cards show a dash', async () => {
    renderOverview({
      ui: <StatsGrid />,
      respond: (url) => (url.pathname === '/api/stats' ? { status: 500, body: { success: false, message: 'Database down', code: 'INTERNAL' } } : undefined),
    });
    expect(await screen.findByText('Failed to fetch stats')).toBeInTheDocument();
    expect(countOf('Sales')).toBe('—');
    expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument();
  });

  test('fetched on mount with the filter params, and again with spinners whenever a filter changes', async () => {
    const { requests, store } = renderOverview({ ui: <StatsGrid />, filters: { datePreset: 'last_7_days' } });
    await waitFor(() => expect(requests('/api/stats')).toHaveLength(1));
    expect(requests('/api/stats')[0]?.searchParams.get('datePreset')).toBe('last_7_days');
    // Paging and sort are not filters of the stats.
    expect(requests('/api/stats')[0]?.searchParams.has('page')).toBe(false);
    await waitFor(() => expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument());

    act(() => store.set(updateFiltersAtom, { publisher: ['p-7'] }));
    expect(screen.getByText('Loading stats...')).toBeInTheDocument();
    await waitFor(() => expect(requests('/api/stats')).toHaveLength(2));
    expect(requests('/api/stats')[1]?.searchParams.get('publisher')).toBe('p-7');
  });

  test('refetches on the refresh interval only while Auto Refresh is on', async () => {
    const { requests } = renderOverview({
      ui: <StatsGrid />,
      setup: (store) => {
        store.set(refreshIntervalAtom, 60);
        store.set(autoRefreshAtom, true);
      },
    });
    await waitFor(() => expect(requests('/api/stats').length).toBeGreaterThanOrEqual(3), { timeout: 3000 });
  });

  test('does not poll while Auto Refresh is off', async () => {
    const { requests } = renderOverview({ ui: <StatsGrid />, setup: (store) => store.set(refreshIntervalAtom, 50) });
    await waitFor(() => expect(requests('/api/stats')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(requests('/api/stats')).toHaveLength(1);
  });

  test('a card is a button that narrows the view to its calls, and shows pressed while it is the narrowing', async () => {
    const { store, user } = renderOverview({ ui: <StatsGrid />, filters: { connected: 'true', page: 3 } });
    await waitFor(() => expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument());
    const button = (label: string) => within(card(label)).getByRole('button', { name: label });
    const narrowing = () => ({ status: store.get(filtersAtom).status, connected: store.get(filtersAtom).connected });

    expect(button('Total Processed')).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('Sales'));
    expect(narrowing()).toEqual({ status: ['Sales'], connected: 'true' });
    expect(store.get(filtersAtom).page).toBe(1);
    await waitFor(() => expect(button('Sales')).toHaveAttribute('aria-pressed', 'true'));

    await user.click(button('Subsidy'));
    expect(narrowing()).toEqual({ status: ['subsidy/incentivised'], connected: 'true' });

    await user.click(button('Red No Connects'));
    expect(narrowing()).toEqual({ status: [], connected: 'false' });
    await waitFor(() => expect(button('Red No Connects')).toHaveAttribute('aria-pressed', 'true'));
    expect(button('Subsidy')).toHaveAttribute('aria-pressed', 'false');

    await user.click(button('Rejected / Unknown'));
    expect(narrowing()).toEqual({ status: [REJECTED_UNKNOWN], connected: 'false' });

    await user.click(button('Total Processed'));
    expect(narrowing()).toEqual({ status: [], connected: '' });
    await waitFor(() => expect(button('Total Processed')).toHaveAttribute('aria-pressed', 'true'));
  });

  test('the narrowed stats are fetched with the status the card set', async () => {
    const { requests, user } = renderOverview({ ui: <StatsGrid /> });
    await waitFor(() => expect(requests('/api/stats')).toHaveLength(1));
    await user.click(within(card('Rejected / Unknown')).getByRole('button'));
    await waitFor(() => expect(requests('/api/stats')).toHaveLength(2));
    expect(requests('/api/stats')[1]?.searchParams.get('status')).toBe(REJECTED_UNKNOWN);
  });
});
