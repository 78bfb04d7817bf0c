import { REPORT_SCHEDULE_MESSAGES } from '@callboard/contract/report-schedules';
import { screen, waitFor, within } from '@testing-library/react';
import { NEVER_SENT, renderReports, VIEWS, WEEKLY } from '../../../testing/report-schedules';

const table = () => screen.getByRole('table', { name: 'Scheduled reports' });
const row = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });
const toast = (text: string | RegExp) => screen.findByText(text, { selector: '[role="status"]' });

test('lists each schedule: its view, when it goes in New York time, to whom, the attachment, skip-if-empty, the next run and the last send', async () => {
  renderReports();
  const weekly = await screen.findByRole('row', { name: /Sales desk/ });
  for (const text of ['Weekly on Monday at 07:00 (New York time)', 'Ada Lovelace, Bo Chan and 1 more', 'CSV', 'Yes', 'Mar 16, 2026 7:00 AM', 'Mar 9, 2026 7:00 AM']) {
    expect(within(weekly).getByText(text)).toBeInTheDocument();
  }
  const daily = row('No connects');
  for (const text of ['Daily at 06:30 (New York time)', 'Ada Lovelace', 'None', 'Never']) expect(within(daily).getByText(text)).toBeInTheDocument();
});

test('the schedule form judges with the contract’s checks, then schedules the view to the people chosen', async () => {
  const { user, requests } = renderReports();
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(screen.getByRole('button', { name: 'Schedule a report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule a report' });
  // Its author is the first recipient; taken off, nobody is left.
  await user.click(within(dialog).getByRole('button', { name: 'Remove Ada Lovelace' }));
  await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
  expect(within(dialog).getByText(REPORT_SCHEDULE_MESSAGES.viewRequired)).toBeInTheDocument();
  expect(within(dialog).getByText(REPORT_SCHEDULE_MESSAGES.recipientsRequired)).toBeInTheDocument();
  expect(within(dialog).getByRole('combobox', { name: /Saved view/ })).toHaveFocus();
  expect(requests('/api/report-schedules').filter((r) => r.method === 'POST')).toHaveLength(0);

  // Only my own views are offered (an admin is offered everyone's).
  const views = within(dialog).getByRole('combobox', { name: /Saved view/ });
  expect(within(views).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a saved view', 'Sales desk (Reporting)', 'No connects (Call Logs)']);
  await user.selectOptions(views, VIEWS[0]!.id);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Frequency' }), 'monthly');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day of the month' }), '15');
  const time = within(dialog).getByLabelText(/^Time/);
  await user.clear(time);
  await user.type(time, '08:30');
  expect(within(dialog).getByText('Monthly on day 15 at 08:30 (New York time)')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('searchbox', { name: 'Find people' }), 'bo');
  await user.click(await within(dialog).findByRole('checkbox', { name: 'Bo Chan · bo@example.com' }));
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Attachment' }), 'xlsx');
  await user.click(within(dialog).getByRole('checkbox', { name: /Skip if empty/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

  expect(await toast('Report scheduled')).toBeInTheDocument();
  expect(requests('/api/report-schedules').find((r) => r.method === 'POST')?.body).toEqual({
    viewId: VIEWS[0]!.id,
    frequency: 'monthly',
    dayOfWeek: null,
    dayOfMonth: 15,
    timeOfDay: '08:30',
    recipientIds: ['u2'],
    attachment: 'xlsx',
    skipIfEmpty: false,
    enabled: true,
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule a report' })).not.toBeInTheDocument());
  await waitFor(() => expect(within(table()).getByText('Monthly on day 15 at 08:30 (New York time)')).toBeInTheDocument());
});

test('a deactivated account is not offered as a recipient', async () => {
  const { user } = renderReports();
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(screen.getByRole('button', { name: 'Schedule a report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule a report' });
  await user.type(within(dialog).getByRole('searchbox', { name: 'Find people' }), 'example');
  await within(dialog).findByRole('checkbox', { name: 'Cy Diaz · cy@example.com' });
  expect(within(dialog).queryByRole('checkbox', { name: /Gone Away/ })).not.toBeInTheDocument();
});

test('the Views menu’s Schedule… link opens the form on that view, once: the address loses its request', async () => {
  const { location } = renderReports({ path: `/reporting/reports?datePreset=last_7_days&view=${VIEWS[1]!.id}&new=1` });
  const dialog = await screen.findByRole('dialog', { name: 'Schedule a report' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Saved view/ })).toHaveValue(VIEWS[1]!.id));
  // The author is on the list already.
  expect(within(dialog).getByRole('list', { name: 'Chosen recipients' })).toHaveTextContent('Ada Lovelace');
  await waitFor(() => expect(location.search).toBe('?datePreset=last_7_days'));
  expect(location.action).toBe('REPLACE');
});

test('Send now toasts what became of the run, and the log lists it with each recipient’s outcome', async () => {
  const { user, requests } = renderReports();
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(within(row('Sales desk')).getByRole('button', { name: 'Send Sales desk now' }));
  expect(await toast('Mar 2 – Mar 8, 2026 sent to 2 recipients; 1 recipient had no calls')).toBeInTheDocument();
  expect(requests(`/api/report-schedules/${WEEKLY.id}/send-now`).map((r) => r.method)).toEqual(['POST']);

  await user.click(within(row('Sales desk')).getByRole('button', { name: 'More actions for Sales desk' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delivery log' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delivery log: Sales desk' });
  const runs = within(await within(dialog).findByRole('list', { name: 'Runs, newest first' })).getAllByRole('listitem');
  expect(runs).toHaveLength(2);
  expect(runs[0]).toHaveTextContent(/Mar 2 – Mar 8, 2026SentSend now/);
  expect(runs[1]).toHaveTextContent(/Scheduled/);
  const recipients = within(runs[0]!).getAllByRole('row').slice(1);
  expect(recipients.map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
    ['Ada Lovelace ada@example.com', 'Queued', 'SentMar 10, 2026 10:00 AM'],
    ['Bo Chan bo@example.com', 'Queued', 'Retrying2 attempts421 Try again later'],
    ['Cy Diaz cy@example.com', 'No calls: skipped', '—'],
  ]);
});

test('Re-send last period sends the period last sent again; a schedule that never sent cannot', async () => {
  const { user, requests } = renderReports();
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(within(row('Sales desk')).getByRole('button', { name: 'More actions for Sales desk' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Re-send last period' }));
  expect(await toast('Mar 2 – Mar 8, 2026 sent again to 2 recipients; 1 recipient had no calls')).toBeInTheDocument();
  expect(requests(`/api/report-schedules/${WEEKLY.id}/resend-last`)).toHaveLength(1);

  await user.click(within(row('No connects')).getByRole('button', { name: 'More actions for No connects' }));
  expect(await screen.findByRole('menuitem', { name: 'Re-send last period' })).toHaveAttribute('aria-disabled', 'true');
  expect(requests(`/api/report-schedules/${NEVER_SENT.id}/resend-last`)).toHaveLength(0);
});

test('a send the server refuses is toasted in its words', async () => {
  const { user } = renderReports({
    refuse: (request) => (request.path.endsWith('/send-now') ? { status: 404, body: { success: false, code: 'NOT_FOUND', message: REPORT_SCHEDULE_MESSAGES.notFound } } : undefined),
  });
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(within(row('Sales desk')).getByRole('button', { name: 'Send Sales desk now' }));
  expect(await toast(REPORT_SCHEDULE_MESSAGES.notFound)).toBeInTheDocument();
});

test('editing starts from the schedule; deleting asks first', async () => {
  const { user, requests, schedules } = renderReports();
  await screen.findByRole('row', { name: /Sales desk/ });
  await user.click(within(row('Sales desk')).getByRole('button', { name: 'More actions for Sales desk' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled report' });
  expect(within(dialog).getByRole('combobox', { name: 'Day' })).toHaveValue('1');
  expect(within(dialog).getByRole('list', { name: 'Chosen recipients' })).toHaveTextContent('Ada LovelaceBo ChanCy Diaz');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), '5');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await toast('Schedule updated')).toBeInTheDocument();
  expect(requests(`/api/report-schedules/${WEEKLY.id}`).find((r) => r.method === 'PUT')?.body).toMatchObject({ frequency: 'weekly', dayOfWeek: 5, dayOfMonth: null, recipientIds: ['u1', 'u2', 'u3'] });
  await waitFor(() => expect(within(row('Sales desk')).getByText('Weekly on Friday at 07:00 (New York time)')).toBeInTheDocument());

  await user.click(within(row('Sales desk')).getByRole('button', { name: 'More actions for Sales desk' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete schedule' })).getByRole('button', { name: 'Delete' }));
  expect(await toast('Schedule deleted')).toBeInTheDocument();
  expect(schedules().map((s) => s.viewName)).toEqual(['No connects']);
});
