import { deferred } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { makeDetail, makeRecord, recordsBody, renderOverview, type Answer } from '../../../testing/overview';

const detail = makeDetail({
  id: '77',
  systemCallId: 'SYS-CALL-77',
  callTimestamp: '2026-07-04T16:05:09.000Z',
  callerId: '+15557770077',
  campaignName: 'Medicare Leads',
  systemName: 'Publisher From System',
  publisherName: 'Publisher Display',
  durationSec: 93,
  status: 'Callback',
  statusOverridden: false,
  systemPublisherId: 'PUB-77',
  systemBuyerId: 'BUY-77',
  target_name: 'Target Seventy',
  buyerName: 'Buyer Seventy',
  connected: false,
  revenue: 35.5,
  payout: 12.25,
  recordingUrl: 'https://recordings.example.com/77.wav',
  transcript: 'Agent: Hello\nCaller: Hi',
  qc: { disposition: 'Callback', sub_disposition: 'Asked for later', reason: 'Busy now', summary: 'Call back tomorrow' },
});

function respondWith(answerDetail: Answer | Promise<Answer> = { body: { success: true, data: detail } }) {
  return (url: URL) => {
    if (url.pathname === '/api/calls/records') return { body: recordsBody([makeRecord({ id: '77', systemCallId: 'SYS-CALL-77' })]) };
    if (url.pathname === '/api/calls/records/77') return answerDetail;
    return undefined;
  };
}

const dialog = () => screen.getByRole('dialog', { name: /Call Record Details/ });
const field = (section: string, label: string) => {
  const terms = within(within(dialog()).getByRole('region', { name: section })).getAllByRole('term');
  const term = terms.find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
};

describe('Call Record Details', () => {
  test('opens from the URL and shows Basic, QC and System Information in the order the product lists them', async () => {
    renderOverview({ path: '/reporting/calls/77', respond: respondWith() });
    await waitFor(() => expect(dialog()).toHaveAccessibleName('Call Record Details SYS-CALL-77'));
    await waitFor(() => expect(field('Basic Information', 'Caller ID')).toBe('+15557770077'));

    expect(field('Basic Information', 'Time')).toBe('Jul 4, 2026, 12:05:09 PM EDT');
    expect(field('Basic Information', 'Campaign')).toBe('Medicare Leads');
    expect(field('Basic Information', 'Publisher')).toBe('Publisher From System');
    expect(field('Basic Information', 'Duration')).toBe('93 seconds');
    expect(field('QC Information', 'Status')).toBe('Callback');
    expect(within(dialog()).getByRole('region', { name: 'QC Information' }).querySelector('.cb-status--callback')).not.toBeNull();
    expect(field('QC Information', 'Sub Disposition')).toBe('Asked for later');
    expect(field('QC Information', 'Reason')).toBe('Busy now');
    expect(field('QC Information', 'Summary')).toBe('Call back tomorrow');
    expect(field('System Information', 'System Call ID')).toBe('SYS-CALL-77');
    expect(field('System Information', 'System Publisher ID')).toBe('PUB-77');
    expect(field('System Information', 'System Buyer ID')).toBe('BUY-77');
  });

  test('shows where the call went and what it earned, as Call Logs\' panel does', async () => {
    renderOverview({ path: '/reporting/calls/77', respond: respondWith() });
    await waitFor(() => expect(field('Routing and Money', 'Target')).toBe('Target Seventy'));
    expect(field('Routing and Money', 'Buyer')).toBe('Buyer Seventy');
    expect(field('Routing and Money', 'Connected')).toBe('No');
    expect(field('Routing and Money', 'Revenue')).toBe('$35.50');
    expect(field('Routing and Money', 'Payout')).toBe('$12.25');
    expect(field('Routing and Money', 'Profit')).toBe('$23.25');
  });

  test('plays the recording in the shared player, links its download, and scrolls a long transcript in a 300 px box', async () => {
    renderOverview({ path: '/reporting/calls/77', respond: respondWith() });
    await waitFor(() => expect(field('Basic Information', 'Caller ID')).toBe('+15557770077'));
    const recording = within(dialog()).getByRole('region', { name: 'Recording' });
    const audio = recording.querySelector('audio') as HTMLAudioElement;
    expect(audio).toHaveAttribute('src', 'https://recordings.example.com/77.wav');
    expect(within(recording).getByRole('button', { name: 'Play recording' })).toHaveAttribute('aria-keyshortcuts', 'p');
    expect(within(recording).getByRole('group', { name: 'Playback speed' })).toBeInTheDocument();
    expect(within(recording).getByRole('link', { name: 'Download Recording' })).toHaveAttribute('href', 'https://recordings.example.com/77.wav');
    const transcript = within(dialog()).getByTestId('transcript');
    expect(transcript).toHaveTextContent('Agent: Hello Caller: Hi');
    expect(transcript).toHaveClass('cb-scroll-box');
    expect(transcript.style.getPropertyValue('--cb-scroll-max')).toBe('300px');
  });

  test('under a transcript search, the detail is asked for with q; its matches are marked, text never read as HTML', async () => {
    const searched = makeDetail({
      ...detail,
      transcript: 'Agent: <i>refund</i>?\nCaller: refunds please',
      reason: 'Busy now',
      summary: 'Wants a refund',
      qc: { ...detail.qc, reason: 'Busy now', summary: 'Call back tomorrow' },
      matches: { transcript: [{ start: 10, end: 16 }, { start: 30, end: 37 }], summary: [{ start: 8, end: 14 }], reason: [{ start: 0, end: 4 }] },
    });
    const asked: URL[] = [];
    renderOverview({
      path: '/reporting/calls/77',
      filters: { q: 'refund' },
      respond: (url) => {
        if (url.pathname === '/api/calls/records/77') asked.push(url);
        return respondWith({ body: { success: true, data: searched } })(url);
      },
    });
    const transcript = await within(dialog()).findByTestId('transcript');
    await waitFor(() => expect([...transcript.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['refund', 'refunds']));
    expect(asked.at(-1)?.searchParams.get('q')).toBe('refund');
    expect(transcript).toHaveTextContent('Agent: <i>refund</i>?');
    expect(transcript.querySelector('i')).toBeNull();
    // The QC section shows the bot's texts: its reason is the call's, so marked; its summary is not.
    const qc = within(dialog()).getByRole('region', { name: 'QC Information' });
    expect([...qc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Busy']);
  });

  test('without a recording or transcript, neither the player nor the box is drawn', async () => {
    const bare = { ...detail, recordingUrl: null, transcript: '  ' };
    renderOverview({ path: '/reporting/calls/77', respond: respondWith({ body: { success: true, data: bare } }) });
    await waitFor(() => expect(field('Basic Information', 'Caller ID')).toBe('+15557770077'));
    expect(dialog().querySelector('audio')).toBeNull();
    expect(within(dialog()).queryByRole('link', { name: 'Download Recording' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByTestId('transcript')).not.toBeInTheDocument();
  });

  test('a row click opens the call at calls/{id}; Close goes back to /reporting keeping the query', async () => {
    const { user, location } = renderOverview({ path: '/reporting?tab=x', respond: respondWith() });
    await user.click(await screen.findByText('SYS-CALL-77'));
    await waitFor(() => expect(location.pathname).toBe('/reporting/calls/77'));
    expect(location.search).toBe('?tab=x');
    await waitFor(() => expect(dialog()).toHaveAccessibleName('Call Record Details SYS-CALL-77'));

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location.pathname).toBe('/reporting'));
    expect(location.search).toBe('?tab=x');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('View Details opens it too, showing the row at once while the full record loads; the backdrop closes it', async () => {
    const pending = deferred<Answer>();
    const { user, location } = renderOverview({ respond: respondWith(pending.promise) });
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    await waitFor(() => expect(location.pathname).toBe('/reporting/calls/77'));
    expect(dialog()).toHaveAccessibleName('Call Record Details SYS-CALL-77');
    pending.resolve({ body: { success: true, data: detail } });
    await waitFor(() => expect(field('Basic Information', 'Caller ID')).toBe('+15557770077'));

    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(location.pathname).toBe('/reporting'));
  });

  test('a call that cannot be loaded says why', async () => {
    renderOverview({
      path: '/reporting/calls/77',
      respond: respondWith({ status: 404, body: { success: false, message: 'Call not found', code: 'NOT_FOUND' } }),
    });
    expect(await within(await screen.findByRole('dialog')).findByText('Call not found')).toBeInTheDocument();
  });
});

describe('repeat callers in Call Record Details', () => {
  const repeatDetail = makeDetail({
    ...detail,
    repeat: true,
    repeatOf: '70',
    callerCalls: [
      { id: '70', callTimestamp: '2026-07-02T14:00:00.000Z', campaignName: 'Medicare Leads', status: 'Sales' },
      { id: '80', callTimestamp: '2026-07-06T14:00:00.000Z', campaignName: 'Medicare Leads', status: 'DNC' },
    ],
  });
  const respondRepeat = (url: URL) => {
    if (url.pathname === '/api/calls/records') return { body: recordsBody([makeRecord({ id: '77', systemCallId: 'SYS-CALL-77', callerId: '+15557770077', repeat: true, repeatOf: '70' })]) };
    if (url.pathname === '/api/calls/records/77') return { body: { success: true, data: repeatDetail } };
    if (url.pathname === '/api/calls/records/70') return { body: { success: true, data: makeDetail({ id: '70', systemCallId: 'SYS-CALL-70' }) } };
    return undefined;
  };

  test('says Repeat beside the caller id and lists the caller’s other calls, each opening that call', async () => {
    const { user, location } = renderOverview({ path: '/reporting/calls/77?datePreset=last_7_days', respond: respondRepeat });
    const others = await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Caller\'s other calls' });
    expect(within(within(dialog()).getByRole('region', { name: 'Basic Information' })).getByText('Repeat')).toBeInTheDocument();
    const items = within(others).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('before'), expect.stringContaining('after')]);
    expect(items[1]).toHaveTextContent('DNC');
    await user.click(within(items[0] as HTMLElement).getByRole('link'));
    await waitFor(() => expect(location.pathname).toBe('/reporting/calls/70'));
    expect(location.search).toBe('?datePreset=last_7_days');
    await waitFor(() => expect(dialog()).toHaveAccessibleName('Call Record Details SYS-CALL-70'));
  });

  test('the records table marks a repeat call beside its caller id', async () => {
    renderOverview({ respond: respondRepeat });
    const cell = await screen.findByText('+15557770077');
    expect(within(cell.closest('td') as HTMLElement).getByText('Repeat')).toBeInTheDocument();
  });
});
