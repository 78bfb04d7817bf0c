import type { OutboxMessage } from '@callboard/contract/delivery';
import { screen, within } from '@testing-library/react';
import { FakeDeliveryApi, renderAdminArea } from '../../../testing/admin-area';

const REPORT: OutboxMessage = {
  id: '20260310-150000-report',
  from: 'Callboard <callboard@localhost>',
  to: 'rita@example.com',
  subject: 'Daily QC report: Medicare',
  date: '2026-03-10T15:00:00.000Z',
  text: 'Total processed 1,204 (+3.1%)\nSales 212',
  html: '<h1>Daily QC report</h1><p>Total processed 1,204</p><script>window.parent.stolen = true</script>',
  attachments: [{ filename: 'records-2026-03-09.csv', contentType: 'text/csv', size: 48_210 }],
};
const ALERT: OutboxMessage = {
  id: '20260310-140000-alert',
  from: 'Callboard <callboard@localhost>',
  to: 'ada@example.com',
  subject: 'Voicemail % above 30',
  date: '2026-03-10T14:00:00.000Z',
  text: 'Blue Lead Co: 41% voicemail over the last hour',
  html: null,
  attachments: [],
};

function withOutbox() {
  const api = new FakeDeliveryApi();
  api.outbox = [REPORT, ALERT];
  return api;
}

test('lists the kept email newest first (to, subject, date); opening one shows its headers, attachments and body, the HTML sandboxed', async () => {
  const { user, location } = renderAdminArea({ path: '/users/outbox', deliveries: withOutbox() });
  const list = await screen.findByRole('list', { name: 'Outbox' });
  const items = within(list).getAllByRole('button');
  expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Daily QC report: Medicare'), expect.stringContaining('Voicemail % above 30')]);
  expect(items[0]).toHaveTextContent('To rita@example.com');

  await user.click(items[0] as HTMLElement);
  const message = await screen.findByRole('article', { name: 'Email: Daily QC report: Medicare' });
  expect(location.search).toBe(`?message=${REPORT.id}`);
  expect(items[0]).toHaveAttribute('aria-current', 'true');
  expect(within(message).getByText('rita@example.com')).toBeInTheDocument();
  expect(within(within(message).getByRole('list', { name: 'Attachments' })).getByText('records-2026-03-09.csv · 47 KB')).toBeInTheDocument();

  // The HTML is drawn in a frame with nothing allowed (no scripts, no same origin), never in the page itself.
  const frame = within(message).getByTitle('HTML of “Daily QC report: Medicare”');
  expect(frame.tagName).toBe('IFRAME');
  expect(frame).toHaveAttribute('sandbox', '');
  expect(frame).toHaveAttribute('srcdoc', REPORT.html);
  expect(document.querySelector('script')).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Daily QC report' })).toBeNull();

  await user.click(within(message).getByRole('button', { name: 'Text' }));
  expect(within(message).getByText(/Total processed 1,204 \(\+3\.1%\)/)).toBeInTheDocument();
  expect(within(message).queryByTitle(/^HTML of/)).toBeNull();
});

test('an email without HTML shows its text; a link opens a message directly', async () => {
  renderAdminArea({ path: `/users/outbox?message=${ALERT.id}`, deliveries: withOutbox() });
  const message = await screen.findByRole('article', { name: 'Email: Voicemail % above 30' });
  expect(within(message).getByText('Blue Lead Co: 41% voicemail over the last hour')).toBeInTheDocument();
  expect(within(message).queryByRole('button', { name: 'HTML' })).toBeNull();
  expect(within(message).queryByRole('list', { name: 'Attachments' })).toBeNull();
});

test('an empty outbox says so; a message that is gone says that', async () => {
  renderAdminArea({ path: '/users/outbox?message=gone' });
  expect(await screen.findByText('The outbox is empty')).toBeInTheDocument();
  expect(await screen.findByText('Message not found in the outbox')).toBeInTheDocument();
});
