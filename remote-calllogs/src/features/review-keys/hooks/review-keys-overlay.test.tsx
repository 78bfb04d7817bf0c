import { PLAY_PAUSE_DESCRIPTION, PLAY_PAUSE_KEY } from '@callboard/shared-ui/recording-player';
import { screen, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, makeCalls, renderCallLogs } from '../../../testing/call-logs';
import { REVIEW_KEYS, type ReviewKey } from './use-review-keys';

const rowOf = (id: number) => screen.getByText(makeCall(id).callerId, { selector: 'td span' }).closest('tr')!;
const overlay = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });
/** A group's lines as "<key caps> <what the key does>". */
const lines = (group: string) =>
  within(within(overlay()!).getByRole('region', { name: group }))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
const CAPS: Record<string, string> = { X: 'Shiftx', Escape: 'Esc' };
const reviewLines = () => Object.entries(REVIEW_KEYS).map(([key, { description }]) => `${CAPS[key] ?? key} ${description}`);

async function setup(calls = makeCalls(1, 4)) {
  const view = renderCallLogs({ api: fakeCallsApi(calls), shortcutsHelp: true });
  await screen.findByText(`${calls.length} of ${calls.length} calls loaded`);
  return view;
}

test('? lists the review keys from their map, and ? itself; Esc closes it and the focus row has the keyboard again', async () => {
  const { user } = await setup();
  await user.keyboard('j');
  expect(rowOf(4)).toHaveFocus();

  await user.keyboard('?');
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  expect(lines('This screen')).toEqual(reviewLines());
  expect(lines('This screen')[0]).toBe('j Next call');
  expect(lines('Everywhere')).toEqual(['? Show the keyboard shortcuts']);
  // The review keys wait while the list is open.
  await user.keyboard('j');
  expect(rowOf(4)).toHaveClass('calllogs__row--focused');

  await user.keyboard('{Escape}');
  expect(overlay()).not.toBeInTheDocument();
  expect(rowOf(4)).toHaveFocus();
  // Esc went to the list, not to the log: the focus row is still there, and j goes on from it.
  await user.keyboard('j');
  expect(rowOf(3)).toHaveClass('calllogs__row--focused');
});

test('with a call’s recording open the player’s key is listed too', async () => {
  const recorded = makeCall(2, { recordingUrl: 'https://recordings.example.com/2.wav' });
  const { user } = await setup([makeCall(1), recorded]);
  await user.click(screen.getByText(recorded.callerId));
  await screen.findByRole('button', { name: 'Play recording' });
  await user.keyboard('?');
  await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(lines('This screen')).toEqual([...reviewLines(), `${PLAY_PAUSE_KEY} ${PLAY_PAUSE_DESCRIPTION}`]);
});

test('? typed into a field is text', async () => {
  const { user } = await setup();
  await user.keyboard('jx');
  const reason = screen.getByRole('textbox', { name: 'Reason' });
  await user.type(reason, '?');
  expect(reason).toHaveValue('?');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(overlay()).not.toBeInTheDocument();
});

describe('one map for the handler and the list', () => {
  const keys = REVIEW_KEYS as Record<string, ReviewKey>;
  afterEach(() => {
    delete keys.n;
  });

  test('a key added to REVIEW_KEYS works and is listed', async () => {
    keys.n = { description: 'Next call, by another key', action: 'next' };
    const { user } = await setup();
    await user.keyboard('n');
    expect(rowOf(4)).toHaveClass('calllogs__row--focused');
    await user.keyboard('n');
    expect(rowOf(3)).toHaveClass('calllogs__row--focused');

    await user.keyboard('?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(lines('This screen')).toContain('n Next call, by another key');
  });
});
