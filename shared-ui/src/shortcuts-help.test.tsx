import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { Modal } from './modal';
import { ShortcutsHelp } from './shortcuts-help';
import { keyCaps } from './shortcuts-overlay';
import { useScreenShortcuts, type ShortcutMap } from './ui-atoms';

const GRID_KEYS: ShortcutMap = {
  n: { description: 'Next row' },
  N: { description: 'Last row' },
  ArrowLeft: { description: 'Previous column' },
};

function Grid() {
  useScreenShortcuts(GRID_KEYS);
  return <p>Grid</p>;
}

/** A screen: a button to start from, a field, a list that takes letters, the grid (while shown) and the `?` listener. */
function Screen() {
  const [grid, setGrid] = useState(true);
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setGrid((shown) => !shown)}>
        Toggle grid
      </button>
      <button type="button" onClick={() => setDialog(true)}>
        Open dialog
      </button>
      <label>
        Note
        <input />
      </label>
      <label>
        Status
        <select>
          <option>IVR</option>
        </select>
      </label>
      <ul role="listbox" aria-label="Dispositions" tabIndex={0}>
        <li role="option" aria-selected="false">
          IVR
        </li>
      </ul>
      {grid ? <Grid /> : null}
      <Modal open={dialog} onClose={() => setDialog(false)} title="Another dialog">
        <button type="button">Inside</button>
      </Modal>
      <ShortcutsHelp />
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <Provider store={createStore()}>
      <Screen />
    </Provider>,
  );
  return user;
}

const overlay = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });
const group = (name: string) => within(overlay()!).getByRole('region', { name });
/** Each line of a group: its key caps, then what the key does. */
const lines = (name: string) =>
  within(group(name))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

test('? opens the list: the screen’s keys as registered, then the keys of every screen; Esc closes it and gives focus back', async () => {
  const user = setup();
  const toggle = screen.getByRole('button', { name: 'Toggle grid' });
  toggle.focus();
  await user.keyboard('?');
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  expect(lines('This screen')).toEqual(['n Next row', 'Shiftn Last row', '← Previous column']);
  expect(lines('Everywhere')).toEqual(['? Show the keyboard shortcuts']);

  await user.keyboard('{Escape}');
  expect(overlay()).not.toBeInTheDocument();
  expect(toggle).toHaveFocus();
});

test('a screen’s keys are listed only while it is mounted', async () => {
  const user = setup();
  await user.click(screen.getByRole('button', { name: 'Toggle grid' }));
  await user.keyboard('?');
  await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(group('This screen')).queryByRole('term')).not.toBeInTheDocument();
  expect(group('This screen')).toHaveTextContent('This screen has no keys of its own.');
  await user.keyboard('{Escape}');

  await user.click(screen.getByRole('button', { name: 'Toggle grid' }));
  await user.keyboard('?');
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  expect(lines('This screen')).toHaveLength(3);
});

test('? typed into a field or a select, in a list that takes letters, with Ctrl, Alt or Meta, or over another dialog is left alone', async () => {
  const user = setup();
  const note = screen.getByRole('textbox', { name: 'Note' });
  await user.type(note, '?');
  expect(note).toHaveValue('?');
  screen.getByRole('combobox', { name: 'Status' }).focus();
  await user.keyboard('?');
  screen.getByRole('listbox', { name: 'Dispositions' }).focus();
  await user.keyboard('?');
  screen.getByRole('button', { name: 'Toggle grid' }).focus();
  await user.keyboard('{Control>}?{/Control}{Alt>}?{/Alt}{Meta>}?{/Meta}');
  await user.click(screen.getByRole('button', { name: 'Open dialog' }));
  await user.keyboard('?');
  // Long enough for the overlay's chunk to arrive, had it been asked for.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(overlay()).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Another dialog' })).toBeInTheDocument();
});

test('key caps: arrows and Escape by their signs, an upper-case letter as Shift and the letter', () => {
  expect(keyCaps('j')).toEqual(['j']);
  expect(keyCaps('X')).toEqual(['Shift', 'x']);
  expect(keyCaps('ArrowRight')).toEqual(['→']);
  expect(keyCaps('Escape')).toEqual(['Esc']);
  expect(keyCaps('Enter')).toEqual(['Enter']);
  expect(keyCaps('?')).toEqual(['?']);
});
