import { ALERT_MESSAGES } from '@callboard/contract/alerts';
import { notificationPushedAtom } from '@callboard/shared-auth/live-status';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FIRING, NO_CALLS, renderAlerts, VIEWS } from '../../../testing/alerts';
import { PREVIEW_DEBOUNCE_MS } from './rule-form-dialog';

const table = () => screen.getByRole('table', { name: 'Alert rules' });
const row = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });
/** The preview waits for the form to be still (700 ms), then asks the server. */
const PREVIEW_WAIT = { timeout: 4000 };
/** What the preview says, as a screen reader is told it (its live line) and as it is shown. */
async function previewSays(dialog: HTMLElement, text: string | RegExp) {
  const announced = await within(dialog).findByText(text, { selector: '[aria-live="polite"]' }, PREVIEW_WAIT);
  expect(within(dialog).getByText(text, { selector: ':not([aria-live])' })).toBeVisible();
  return announced;
}

async function openNewRule(user: ReturnType<typeof renderAlerts>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New rule' }));
  return screen.findByRole('dialog', { name: 'New alert rule' });
}

test('lists every rule with what it watches, its condition, where it stands since when and on what figures, and your subscription', async () => {
  renderAlerts({ role: 'user' });
  const firing = await screen.findByRole('row', { name: /Voicemail spike, Acme/ });
  // The publisher's name is asked for by id, for the scope.
  expect(await within(firing).findByText('Publishers: Acme Media')).toBeInTheDocument();
  for (const text of ['Voicemail %', 'Last hour', 'Above 30%', 'Firing', '42.5% of 140 calls', 'In the app, by email']) {
    expect(within(firing).getByText(text)).toBeInTheDocument();
  }
  expect(within(firing).getByText(/^since Mar 9, 2026 10:05 AM$/)).toBeInTheDocument();

  const quiet = row('No calls in business hours');
  for (const text of ['Whole network', 'Call volume', 'No calls', 'OK', 'No']) expect(within(quiet).getByText(text)).toBeInTheDocument();
  expect(within(quiet).getByText('Last hour, Mon–Fri 9:00–17:00 New York')).toBeInTheDocument();
});

test('an analyst subscribes and unsubscribes, and may not create, change or delete a rule', async () => {
  const { user, requests, rules } = renderAlerts({ role: 'user' });
  await screen.findByRole('row', { name: /No calls in business hours/ });
  expect(screen.queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
  await user.click(within(row('No calls in business hours')).getByRole('button', { name: 'More actions for No calls in business hours' }));
  const menu = await screen.findByRole('menu', { name: 'Actions for No calls in business hours' });
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['History']);
  await user.keyboard('{Escape}');

  await user.click(within(row('No calls in business hours')).getByRole('button', { name: 'Subscribe to No calls in business hours' }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
  // Both channels to start with; one is enough.
  await user.click(within(dialog).getByRole('checkbox', { name: /By email/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByText('Subscribed', { selector: '[role="status"]' })).toBeInTheDocument();
  expect(requests(`/api/alerts/${NO_CALLS.id}/subscription`).map((r) => [r.method, r.body])).toEqual([['PUT', { channels: ['in_app'] }]]);
  await waitFor(() => expect(within(row('No calls in business hours')).getByText('In the app')).toBeInTheDocument());

  await user.click(within(row('Voicemail spike, Acme')).getByRole('button', { name: 'Unsubscribe from Voicemail spike, Acme' }));
  expect(await screen.findByText('Unsubscribed')).toBeInTheDocument();
  expect(rules().find((rule) => rule.id === FIRING.id)?.subscription).toBeNull();
  await waitFor(() => expect(within(row('Voicemail spike, Acme')).getByRole('button', { name: 'Subscribe to Voicemail spike, Acme' })).toBeInTheDocument());
});

test('a subscription needs a channel: none ticked is refused in the contract’s words, and nothing is sent', async () => {
  const { user, requests } = renderAlerts({ role: 'user' });
  await screen.findByRole('row', { name: /No calls/ });
  await user.click(within(row('No calls in business hours')).getByRole('button', { name: 'Subscribe to No calls in business hours' }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
  await user.click(within(dialog).getByRole('checkbox', { name: /In the app/ }));
  await user.click(within(dialog).getByRole('checkbox', { name: /By email/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(ALERT_MESSAGES.channelsInvalid);
  expect(requests(`/api/alerts/${NO_CALLS.id}/subscription`)).toHaveLength(0);
});

test('the rule form judges the rule with the contract’s checks, under each field, and sends nothing until it is right', async () => {
  const { user, requests } = renderAlerts();
  const dialog = await openNewRule(user);
  await user.clear(within(dialog).getByRole('textbox', { name: 'Threshold' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Threshold' }), '150');
  await user.click(within(dialog).getByRole('radio', { name: /Chosen campaigns/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

  expect(within(dialog).getByText(ALERT_MESSAGES.nameRequired)).toBeInTheDocument();
  expect(within(dialog).getByText(ALERT_MESSAGES.shareThresholdRange)).toBeInTheDocument();
  expect(within(dialog).getByText(ALERT_MESSAGES.sourcesEmpty)).toBeInTheDocument();
  // Focus goes to the first problem.
  expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
  // The preview says what is missing instead of asking.
  await previewSays(dialog, /Complete the rule to see its preview: scope must name at least one/);

  // A volume counts calls itself: its minimum follows the default to 0, and "no calls" needs no more.
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Quiet line');
  await user.click(within(dialog).getByRole('button', { name: 'Use: no calls in business hours' }));
  expect(within(dialog).getByRole('textbox', { name: 'Minimum calls' })).toHaveValue('0');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Window' }), '24h');
  await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
  expect(within(dialog).getByText(ALERT_MESSAGES.windowPastHours)).toBeInTheDocument();
  expect(requests('/api/alerts').filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('the preview shows how often the rule would have fired and when, and is asked again as the form changes', async () => {
  const { user, requests } = renderAlerts();
  const dialog = await openNewRule(user);
  await previewSays(dialog, 'It would have fired 3 times in the last 30 days.');
  expect(within(dialog).getByText(/No data for 10% of the 43,200 minutes judged/)).toBeInTheDocument();
  const firings = within(dialog).getByRole('list', { name: 'Firings, newest first' });
  expect(within(firings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Mar 9, 2026 10:05 AM · still firing41.25% of 120 callsOpen its calls (opens in a new tab)',
    'Feb 20, 2026 11:00 AM · for 2 h 20 min45% of 80 callsOpen its calls (opens in a new tab)',
    'Feb 10, 2026 10:00 AM · for 45 min61.5% of 90 callsOpen its calls (opens in a new tab)',
  ]);
  // Each opens the server's link to the calls it fired on in a new tab, so the form stays as it is.
  const open = within(within(firings).getAllByRole('listitem')[1]!).getByRole('link', { name: 'Open its calls (opens in a new tab)' });
  expect(open).toHaveAttribute('target', '_blank');
  expect(open).toHaveAttribute('href', '/reporting?datePreset=custom&startDate=2026-02-20T10%3A00%3A00-05%3A00&endDate=2026-02-20T11%3A00%3A00-05%3A00');
  const [first] = requests('/api/alerts/preview');
  // Asked before the rule has a name, and without one: the name changes nothing in how it would have fired.
  expect(first?.body).toEqual({
    metric: 'Voicemail',
    scope: { kind: 'network' },
    window: '1h',
    condition: 'above',
    threshold: 30,
    resetLevel: null,
    minCalls: 20,
    pendingMinutes: 0,
    cooldownMinutes: 30,
    businessHours: null,
    endpointIds: [],
  });
  // Naming the rule asks nothing again, once the form has settled with the name.
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Voicemail spike');
  await act(() => new Promise((resolve) => setTimeout(resolve, PREVIEW_DEBOUNCE_MS + 300)));
  expect(requests('/api/alerts/preview')).toHaveLength(1);

  const threshold = within(dialog).getByRole('textbox', { name: 'Threshold' });
  await user.clear(threshold);
  await user.type(threshold, '45');
  await previewSays(dialog, 'It would have fired 1 time in the last 30 days.');
  // Asked once for the settled value, not for each key.
  expect(requests('/api/alerts/preview').map((r) => (r.body as { threshold: number }).threshold)).toEqual([30, 45]);

  await user.clear(threshold);
  await user.type(threshold, '75');
  await previewSays(dialog, 'It would not have fired in the last 30 days.');
});

test('a new rule is saved with its sources and endpoints, listed, and its author subscribed to it', async () => {
  const { user, requests } = renderAlerts();
  const dialog = await openNewRule(user);
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sales rate drop');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Metric' }), 'Sales');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition' }), 'down');
  const threshold = within(dialog).getByRole('textbox', { name: 'Threshold' });
  await user.clear(threshold);
  await user.type(threshold, '25');
  await user.click(within(dialog).getByRole('radio', { name: /Chosen campaigns/ }));
  await user.click(await within(dialog).findByRole('checkbox', { name: /^Acme Media/ }));
  expect(within(dialog).getByRole('list', { name: 'Chosen sources' })).toHaveTextContent('Publisher: Acme Media');
  await user.click(await within(dialog).findByRole('checkbox', { name: 'Ops Slack (Slack)' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

  expect(await screen.findByText('Alert rule saved')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New alert rule' })).not.toBeInTheDocument());
  const [sent] = requests('/api/alerts').filter((r) => r.method === 'POST');
  expect(sent?.body).toEqual({
    name: 'Sales rate drop',
    metric: 'Sales',
    scope: { kind: 'sources', publisher: [1] },
    window: '1h',
    condition: 'down',
    threshold: 25,
    resetLevel: null,
    minCalls: 20,
    pendingMinutes: 0,
    cooldownMinutes: 30,
    businessHours: null,
    endpointIds: ['0c5e7a1d-2222-4b4b-9b9b-000000000002'],
  });
  const created = await screen.findByRole('row', { name: /Sales rate drop/ });
  expect(within(created).getByText('Down by 25% or more vs a week earlier')).toBeInTheDocument();
  expect(within(created).getByText('In the app, by email')).toBeInTheDocument();
  expect(requests().filter((r) => r.path.endsWith('/subscription')).map((r) => r.body)).toEqual([{ channels: ['in_app', 'email'] }]);
});

test('the server’s refusal lands under its field, and the form stays open', async () => {
  const { user } = renderAlerts({
    refuse: (request) =>
      request.path === '/api/alerts' && request.method === 'POST'
        ? { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ field: 'scope.viewId', message: ALERT_MESSAGES.viewNotFound }] } }
        : undefined,
  });
  const dialog = await openNewRule(user);
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Desk watch');
  await user.click(within(dialog).getByRole('radio', { name: 'A saved view' }));
  await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Saved view/ }), VIEWS[0]!.id);
  await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
  expect(await within(dialog).findByText(ALERT_MESSAGES.viewNotFound)).toBeInTheDocument();
  expect(within(dialog).getByRole('combobox', { name: /Saved view/ })).toHaveFocus();
  expect(screen.getByRole('dialog', { name: 'New alert rule' })).toBeInTheDocument();
});

test('editing a rule starts from it and sends it whole; deleting asks first', async () => {
  const { user, requests, rules } = renderAlerts({ role: 'admin' });
  await screen.findByRole('row', { name: /Voicemail spike/ });
  await user.click(within(row('Voicemail spike, Acme')).getByRole('button', { name: 'More actions for Voicemail spike, Acme' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit alert rule' });
  expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Voicemail spike, Acme');
  expect(within(dialog).getByRole('radio', { name: /Chosen campaigns/ })).toBeChecked();
  expect(await within(dialog).findByText('Publisher: Acme Media')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Pending for (minutes)' }), '5');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(requests(`/api/alerts/${FIRING.id}`).filter((r) => r.method === 'PUT')).toHaveLength(1));
  expect(requests(`/api/alerts/${FIRING.id}`).find((r) => r.method === 'PUT')?.body).toMatchObject({ name: 'Voicemail spike, Acme', scope: { kind: 'sources', publisher: [1] }, pendingMinutes: 5 });

  await user.click(within(row('Voicemail spike, Acme')).getByRole('button', { name: 'More actions for Voicemail spike, Acme' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete alert rule' });
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Alert rule deleted')).toBeInTheDocument();
  expect(rules().map((rule) => rule.name)).toEqual(['No calls in business hours']);
  await waitFor(() => expect(screen.queryByRole('row', { name: /Voicemail spike/ })).not.toBeInTheDocument());
});

test('a rule’s history lists its changes with their figures, each opening Reporting on its calls', async () => {
  const { user, location } = renderAlerts({ role: 'user' });
  await screen.findByRole('row', { name: /Voicemail spike/ });
  await user.click(within(row('Voicemail spike, Acme')).getByRole('button', { name: 'More actions for Voicemail spike, Acme' }));
  await user.click(await screen.findByRole('menuitem', { name: 'History' }));
  const dialog = await screen.findByRole('dialog', { name: 'History: Voicemail spike, Acme' });
  const items = within(await within(dialog).findByRole('list', { name: 'Changes of state, newest first' })).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Mar 9, 2026 10:05 AM');
  expect(items[0]).toHaveTextContent('Pending→Firing');
  expect(items[0]).toHaveTextContent('41.25% of 120 calls');

  await user.click(within(items[0]!).getByRole('link', { name: /Open its calls/ }));
  expect(location.pathname).toBe('/reporting');
  expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({
    datePreset: 'custom',
    startDate: '2026-03-09T09:05:00-04:00',
    endDate: '2026-03-09T10:05:00-04:00',
    publisher: '1',
  });
});

test('the list is read again when this person is told of a firing or its end, and not for other news', async () => {
  const { store, requests } = renderAlerts({ role: 'user' });
  await screen.findByRole('row', { name: /Voicemail spike, Acme/ });
  const reads = () => requests('/api/alerts').filter((r) => r.method === 'GET').length;
  const before = reads();
  const push = (seq: number, kind: 'alert.fired' | 'report.sent') =>
    act(() => {
      store.set(notificationPushedAtom, {
        seq,
        notification: { id: String(seq), kind, title: 't', body: 'b', link: '/reporting', createdAt: '2026-03-09T15:05:00.000Z', readAt: null },
      });
    });
  push(1, 'report.sent');
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(reads()).toBe(before);
  push(2, 'alert.fired');
  await waitFor(() => expect(reads()).toBe(before + 1));
});
