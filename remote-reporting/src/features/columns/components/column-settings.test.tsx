import { DEFAULT_RECORD_COLUMN_KEYS, RECORD_COLUMNS } from '@callboard/contract';
import { screen, within } from '@testing-library/react';
import { makeRecord, recordsBody, renderOverview } from '../../../testing/overview';
import { RecordsCard } from '../../records/components/records-card';
import { COLUMNS_STORAGE_KEY, sanitizeColumnSettings } from '@callboard/shared-ui/record-columns-atom';

const noop = () => undefined;
const respond = (url: URL) => (url.pathname === '/api/calls/records' ? { body: recordsBody([makeRecord()]) } : undefined);
const headers = () => within(screen.getByRole('table', { name: 'Call records' })).getAllByRole('columnheader').map((th) => th.textContent);

async function openSettings(user: ReturnType<typeof renderOverview>['user']) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Column Settings' });
}

describe('Column Settings', () => {
  test("a checkbox per column: the spec's ticked at first, money, connected and repeat to tick", async () => {
    const { user } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond });
    const dialog = await openSettings(user);
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(RECORD_COLUMNS.map((c) => c.label));
    const unticked = boxes.filter((box) => !(box as HTMLInputElement).checked).map((box) => box.closest('label')?.textContent);
    expect(unticked).toEqual(['Connected', 'Repeat', 'Revenue', 'Payout', 'Profit']);
    expect(within(dialog).getByText('14 of 19 shown')).toBeInTheDocument();
  });

  test('Cancel leaves the table as it was', async () => {
    const { user } = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond });
    await screen.findByRole('button', { name: 'Copy JSON' });
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Transcript' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Column Settings' })).not.toBeInTheDocument();
    expect(headers()).toContain('Transcript');
    // The next opening starts from the saved choice, not the abandoned draft.
    const again = await openSettings(user);
    expect(within(again).getByRole('checkbox', { name: 'Transcript' })).toBeChecked();
  });

  test('Save hides the unticked columns, and the choice survives a reload', async () => {
    const first = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond });
    await screen.findByRole('button', { name: 'Copy JSON' });
    const dialog = await openSettings(first.user);
    await first.user.click(within(dialog).getByRole('checkbox', { name: 'Transcript' }));
    await first.user.click(within(dialog).getByRole('checkbox', { name: 'Buyer' }));
    await first.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(headers()).not.toContain('Transcript');
    expect(headers()).not.toContain('Buyer');
    expect(headers()).toHaveLength(DEFAULT_RECORD_COLUMN_KEYS.length - 2 + 1);
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '{}')).toEqual({ hidden: ['transcript', 'systemBuyerId'], shown: [] });
    first.unmount();

    // A reload: a new store and cache, the same localStorage.
    const second = renderOverview({ ui: <RecordsCard onOpen={noop} />, respond, keepStorage: true });
    await screen.findByRole('button', { name: 'Copy JSON' });
    expect(headers()).not.toContain('Transcript');
    expect(headers()).not.toContain('Buyer');
    expect(headers()).toContain('Reason');

    const reopened = await openSettings(second.user);
    expect(within(reopened).getByRole('checkbox', { name: 'Transcript' })).not.toBeChecked();
    expect(within(reopened).getByText('12 of 19 shown')).toBeInTheDocument();
    await second.user.click(within(reopened).getByRole('button', { name: 'Show all' }));
    await second.user.click(within(reopened).getByRole('button', { name: 'Save' }));
    expect(headers()).toEqual([...RECORD_COLUMNS.map((c) => c.label), 'Actions']);
  });

  test('settings saved before the money columns existed keep them off', async () => {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify({ hidden: ['transcript'] }));
    renderOverview({ ui: <RecordsCard onOpen={noop} />, respond, keepStorage: true });
    await screen.findByRole('button', { name: 'Copy JSON' });
    expect(headers()).toEqual([...RECORD_COLUMNS.filter((c) => c.visible && c.key !== 'transcript').map((c) => c.label), 'Actions']);
  });

  test('stored settings are read defensively: unknown keys and junk are dropped', () => {
    expect(sanitizeColumnSettings({ hidden: ['reason', 'nope', 3, 'reason'] })).toEqual({ hidden: ['reason'], shown: [] });
    expect(sanitizeColumnSettings('garbage')).toEqual({ hidden: [], shown: [] });
    expect(sanitizeColumnSettings(undefined)).toEqual({ hidden: [], shown: [] });
  });
});
