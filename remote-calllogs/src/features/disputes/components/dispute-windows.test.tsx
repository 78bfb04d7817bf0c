import { DEFAULT_DISPUTE_WINDOW_DAYS, DISPUTE_WINDOWS_PATH, MAX_DISPUTE_WINDOW_DAYS, MIN_DISPUTE_WINDOW_DAYS, type DisputeWindow } from '@callboard/contract/disputes';
import { makeDispute } from '@callboard/shared-auth/testing/call-records';
import { jsonResponse, makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, renderCallLogs } from '../../../testing/call-logs';

/**
 * The Disputes tab with the windows API beside the calls one: GET lists every buyer by name, PUT sets one
 * (refusing, as the server's schema does, days out of range with a field error; an unknown buyer is 404).
 */
function withWindows() {
  const api = fakeCallsApi([makeCall(7)]);
  api.disputes = [makeDispute('d1', '7')];
  let windows: DisputeWindow[] = [
    { buyerId: 3, buyerName: 'Acme Insurance', days: 14, isDefault: false },
    { buyerId: 5, buyerName: 'Blue Health', days: DEFAULT_DISPUTE_WINDOW_DAYS, isDefault: true },
  ];
  const puts: { buyerId: number; body: unknown }[] = [];
  const respond = api.respond.bind(api);
  api.respond = async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === DISPUTE_WINDOWS_PATH && method === 'GET') return jsonResponse({ success: true, data: windows });
    const put = /^\/api\/disputes\/windows\/(\d+)$/.exec(url.pathname);
    if (put && method === 'PUT') {
      const buyerId = Number(put[1]);
      const body = JSON.parse(init?.body as string) as { days: number };
      puts.push({ buyerId, body });
      const row = windows.find((w) => w.buyerId === buyerId);
      if (!row) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'No buyer has this id' }, 404);
      if (body.days < MIN_DISPUTE_WINDOW_DAYS || body.days > MAX_DISPUTE_WINDOW_DAYS) {
        const message = body.days < MIN_DISPUTE_WINDOW_DAYS ? `days must be at least ${MIN_DISPUTE_WINDOW_DAYS}` : `days must be at most ${MAX_DISPUTE_WINDOW_DAYS}`;
        return jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: 'Invalid input', errors: [{ field: 'days', message }] }, 400);
      }
      const saved = { ...row, days: body.days, isDefault: false };
      windows = windows.map((w) => (w.buyerId === buyerId ? saved : w));
      return jsonResponse({ success: true, message: 'Dispute window saved', data: saved });
    }
    return respond(url, init);
  };
  return { api, puts, forget: (buyerId: number) => (windows = windows.filter((w) => w.buyerId !== buyerId)) };
}

const rowOf = (dialog: HTMLElement, buyer: string) => within(dialog).getByRole('rowheader', { name: new RegExp(`^${buyer}`) }).closest('tr') as HTMLElement;

test('an admin sets a buyer’s window from the Disputes tab: the default is marked, a row is saved alone with Enter, and the toast says so', async () => {
  const { api, puts } = withWindows();
  const { user, requests } = renderCallLogs({ api, path: '/disputes', account: { role: 'admin' } });
  await screen.findByRole('table', { name: 'Disputes' });
  // Nothing is read until the dialog opens.
  expect(requests(DISPUTE_WINDOWS_PATH)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Dispute windows' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dispute windows' });
  const table = await within(dialog).findByRole('table', { name: 'Dispute windows' });
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Acme Insurance', 'Blue HealthDefault']);
  const blue = rowOf(dialog, 'Blue Health');
  const field = within(blue).getByRole('textbox', { name: 'Days Blue Health may dispute a call' });
  expect(field).toHaveValue('7');
  // Unchanged rows have nothing to save.
  expect(within(blue).getByRole('button', { name: 'Save' })).toBeDisabled();

  await user.clear(field);
  await user.type(field, '30{Enter}');
  await waitFor(() => expect(puts).toEqual([{ buyerId: 5, body: { days: 30 } }]));
  expect(await screen.findByText('Blue Health: dispute window 30 days')).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf(dialog, 'Blue Health')).queryByText('Default')).not.toBeInTheDocument());
  expect(field).toHaveValue('30');
  expect(within(blue).getByRole('button', { name: 'Save' })).toBeDisabled();
  // The other row was left as it was.
  expect(within(rowOf(dialog, 'Acme Insurance')).getByRole('textbox')).toHaveValue('14');

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the server judges the range and its message lands under the row’s field; what is not whole days is not sent; a vanished buyer is said', async () => {
  const { api, puts, forget } = withWindows();
  const { user } = renderCallLogs({ api, path: '/disputes', account: { role: 'admin' } });
  await screen.findByRole('table', { name: 'Disputes' });
  await user.click(screen.getByRole('button', { name: 'Dispute windows' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dispute windows' });
  await within(dialog).findByRole('table', { name: 'Dispute windows' });
  const acme = rowOf(dialog, 'Acme Insurance');
  const field = within(acme).getByRole('textbox');

  await user.clear(field);
  await user.type(field, '2.5');
  await user.click(within(acme).getByRole('button', { name: 'Save' }));
  expect(within(acme).getByText('Enter a whole number of days, 1 to 365 days')).toBeInTheDocument();
  expect(puts).toHaveLength(0);

  await user.clear(field);
  await user.type(field, '400');
  await user.click(within(acme).getByRole('button', { name: 'Save' }));
  expect(await within(acme).findByText('days must be at most 365')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining('days must be at most 365'));
  expect(puts).toEqual([{ buyerId: 3, body: { days: 400 } }]);
  // Only that row says it; typing again clears it.
  expect(within(rowOf(dialog, 'Blue Health')).queryByRole('alert')).not.toBeInTheDocument();
  await user.type(field, '{Backspace}');
  expect(within(acme).queryByText('days must be at most 365')).not.toBeInTheDocument();

  forget(3);
  await user.clear(field);
  await user.type(field, '21{Enter}');
  expect(await within(acme).findByText('No buyer has this id')).toBeInTheDocument();
});

test('a reviewer reads every buyer’s window without a field to change it', async () => {
  const { api } = withWindows();
  const { user } = renderCallLogs({ api, path: '/disputes', account: { role: 'reviewer' } });
  await screen.findByRole('table', { name: 'Disputes' });
  await user.click(screen.getByRole('button', { name: 'Dispute windows' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dispute windows' });
  const table = await within(dialog).findByRole('table', { name: 'Dispute windows' });
  expect(within(dialog).getByText(/Only an admin can set a dispute window/)).toBeInTheDocument();
  expect(within(rowOf(dialog, 'Acme Insurance')).getByRole('cell')).toHaveTextContent('14 days');
  expect(within(rowOf(dialog, 'Blue Health')).getByRole('cell')).toHaveTextContent('7 days');
  expect(within(rowOf(dialog, 'Blue Health')).getByText('Default')).toBeInTheDocument();
  expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(table).queryByRole('button')).not.toBeInTheDocument();
});

test('a buyer partner, whose window is its call’s eligibility, is not offered the windows', async () => {
  const { api } = withWindows();
  const { requests } = renderCallLogs({ api, path: '/disputes', account: makePartner('buyer', { ids: [3] }) });
  await screen.findByRole('table', { name: 'Disputes' });
  expect(screen.queryByRole('button', { name: 'Dispute windows' })).not.toBeInTheDocument();
  expect(requests(DISPUTE_WINDOWS_PATH)).toHaveLength(0);
});

test('a list that fails to load says so and is read again on Retry', async () => {
  const { api } = withWindows();
  const respond = api.respond.bind(api);
  let failures = 1;
  api.respond = async (url, init) => {
    if (url.pathname === DISPUTE_WINDOWS_PATH && failures > 0) {
      failures -= 1;
      return jsonResponse({ success: false, code: 'INTERNAL', message: 'Database unavailable' }, 500);
    }
    return respond(url, init);
  };
  const { user } = renderCallLogs({ api, path: '/disputes', account: { role: 'admin' } });
  await screen.findByRole('table', { name: 'Disputes' });
  await user.click(screen.getByRole('button', { name: 'Dispute windows' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dispute windows' });
  expect(await within(dialog).findByText('Failed to load the dispute windows.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: /Retry|Try again/ }));
  expect(await within(dialog).findByRole('table', { name: 'Dispute windows' })).toBeInTheDocument();
});
