import { screen, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, makeCalls, renderCallLogs } from '../../../testing/call-logs';

/** The row of a call, found by its caller cell. */
const rowOf = (id: number) => screen.getByText(makeCall(id).callerId, { selector: 'td span' }).closest('tr')!;
const focusedRows = () => document.querySelectorAll('tr.calllogs__row--focused');
const panel = () => screen.queryByRole('complementary', { name: 'Call details' });

async function setup() {
  const view = renderCallLogs({ api: fakeCallsApi(makeCalls(1, 4)) });
  await screen.findByText('4 of 4 calls loaded');
  return view;
}

test('j and k move the focus row, within the rows', async () => {
  const { user } = await setup();
  expect(focusedRows()).toHaveLength(0);

  await user.keyboard('j');
  expect(rowOf(4)).toHaveClass('calllogs__row--focused');
  expect(rowOf(4)).toHaveFocus();
  await user.keyboard('jj');
  expect(rowOf(2)).toHaveClass('calllogs__row--focused');
  await user.keyboard('jjj');
  expect(rowOf(1)).toHaveClass('calllogs__row--focused');
  await user.keyboard('k');
  expect(rowOf(2)).toHaveClass('calllogs__row--focused');
  expect(focusedRows()).toHaveLength(1);
  await user.keyboard('kkkk');
  expect(rowOf(4)).toHaveClass('calllogs__row--focused');
});

test('Enter opens the focus row; with the panel open j/k walk it along; Escape closes it', async () => {
  const { user, location } = await setup();
  await user.keyboard('jj');
  await user.keyboard('{Enter}');
  expect(panel()).toBeInTheDocument();
  expect(location.pathname).toBe('/callLogs/calls/3');

  await user.keyboard('j');
  expect(location.pathname).toBe('/callLogs/calls/2');
  expect(await within(panel()!).findByText('No changes yet: the status is the AI’s verdict.')).toBeInTheDocument();
  expect(panel()).toHaveTextContent(makeCall(2).callerId);

  await user.keyboard('{Escape}');
  expect(panel()).not.toBeInTheDocument();
  expect(location.pathname).toBe('/callLogs');
});

test('x selects the focus row, shift+x a run from the last one', async () => {
  const { user } = await setup();
  await user.keyboard('jx');
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
  await user.keyboard('jj{Shift>}X{/Shift}');
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('3 selected');
  await user.keyboard('x');
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('2 selected');
});

test('keys typed into a field are text, not commands', async () => {
  const { user } = await setup();
  await user.keyboard('jx');
  const reason = screen.getByRole('textbox', { name: 'Reason' });
  await user.type(reason, 'jkx');
  await user.type(reason, 'd');
  expect(reason).toHaveValue('jkxd');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(rowOf(4)).toHaveClass('calllogs__row--focused');
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
});

test('keys do nothing while the confirmation dialog is open', async () => {
  const { user } = await setup();
  await user.keyboard('jx');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Disposition' }), 'IVR');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('dialog', { name: 'Set 1 call to IVR?' })).toBeInTheDocument();
  await user.keyboard('x');
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
});

// ---- d: the disposition list ----

const picker = () => screen.queryByRole('listbox', { name: /^Disposition for / });
const activeOption = () => {
  const list = picker()!;
  return document.getElementById(list.getAttribute('aria-activedescendant')!)!;
};
const announcement = () => screen.getByTestId('review-announcement');

async function setupAs(role: 'reviewer' | 'user') {
  const api = fakeCallsApi(makeCalls(1, 4));
  const view = renderCallLogs({ api, account: { role } });
  await screen.findByText('4 of 4 calls loaded');
  return { ...view, api };
}

test('d opens the list on the focus row; letters and arrows choose; Enter saves, moves on and announces', async () => {
  const { user, api } = await setupAs('reviewer');
  await user.keyboard('jd');
  expect(picker()).toHaveAccessibleName(`Disposition for ${makeCall(4).callerId}`);
  expect(picker()).toHaveFocus();
  // It opens on the call's status.
  expect(activeOption()).toHaveTextContent('Sales');

  await user.keyboard('i');
  expect(activeOption()).toHaveTextContent('IVR');
  await user.keyboard('{ArrowDown}');
  expect(activeOption()).toHaveTextContent('subsidy/incentivised');
  await user.keyboard('{ArrowUp}');
  expect(activeOption()).toHaveTextContent('IVR');
  // j and x are letters to the list, not the log's commands.
  expect(rowOf(4)).toHaveClass('calllogs__row--focused');

  await user.keyboard('{Enter}');
  expect(picker()).not.toBeInTheDocument();
  expect(api.changeRequests).toEqual([{ id: '4', kind: 'set', body: { status: 'IVR' } }]);
  expect(rowOf(3)).toHaveClass('calllogs__row--focused');
  expect(rowOf(3)).toHaveFocus();
  expect(await screen.findByText('Call set to IVR')).toBeInTheDocument();
  expect(announcement()).toHaveTextContent(`${makeCall(4).callerId} set to IVR`);
  expect(await within(rowOf(4)).findByText('IVR')).toBeInTheDocument();

  // Undo from the toast, and the row is back.
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(api.undoRequests).toEqual(['c1']);
  expect(await within(rowOf(4)).findByText('Sales')).toBeInTheDocument();
});

test('typed letters narrow together, and one letter again walks its matches', async () => {
  const { user } = await setupAs('reviewer');
  await user.keyboard('jd');
  await user.keyboard('not q');
  expect(activeOption()).toHaveTextContent('Not Qualified');
  await user.keyboard('{Escape}');

  await user.keyboard('d');
  await user.keyboard('n');
  expect(activeOption()).toHaveTextContent('Not Interested');
  await user.keyboard('n');
  expect(activeOption()).toHaveTextContent('Not Qualified');
  await user.keyboard('{End}');
  expect(activeOption()).toHaveTextContent('Misdialed');
  await user.keyboard('{Home}');
  expect(activeOption()).toHaveTextContent('Sales');
});

test('Escape cancels: nothing is sent, the focus is back on the row and the panel stays', async () => {
  const { user, api } = await setupAs('reviewer');
  await user.keyboard('jj{Enter}');
  expect(panel()).toBeInTheDocument();
  await user.keyboard('d');
  expect(picker()).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(picker()).not.toBeInTheDocument();
  expect(panel()).toBeInTheDocument();
  expect(rowOf(3)).toHaveFocus();
  expect(api.changeRequests).toEqual([]);
});

test('a user gets no list from d, only the reason', async () => {
  const { user, api } = await setupAs('user');
  await user.keyboard('jd');
  expect(picker()).not.toBeInTheDocument();
  expect(announcement()).toHaveTextContent('Only a reviewer or an admin can change a call’s disposition');
  expect(api.changeRequests).toEqual([]);
});

test('the list opens and closes cleanly where scrollIntoView answers a promise, as in Chromium', async () => {
  // jsdom has no scrollIntoView; Chromium's answers a promise.
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: () => Promise.resolve() });
  try {
    const { user } = await setupAs('reviewer');
    await user.keyboard('jd');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(picker()).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Call log' })).toBeInTheDocument();
    expect(rowOf(4)).toHaveFocus();
  } finally {
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  }
});
