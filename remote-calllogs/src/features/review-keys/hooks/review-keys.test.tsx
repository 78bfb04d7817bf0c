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
  expect(reason).toHaveValue('jkx');
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
