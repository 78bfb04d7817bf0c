/**
 * The app taking over a prerendered first screen (render-first-screens.tsx) without the person
 * noticing. The served page already shows the form, and people type into it before the bundles
 * have run; the app's first render replaces that markup with React's own (the same components, so
 * the same look, labels and names), in one synchronous commit, carrying over:
 * - what was typed in each field (the form's initial values read `typedBeforeTakeover`);
 * - what had focus: a field, with its caret (`hadFocusBeforeTakeover`, then restored), or a button or
 *   link, focused again in the same place, so a keyboard or screen-reader user stays where they were;
 * - a press of one of the form's own buttons (counted by hold-early-input.ts): pressed again, on the
 *   app's button in the same place;
 * - a submit pressed too early (held by hold-early-input.ts): sent now, by the app's own handler.
 */
import { flushSync } from 'react-dom';
import { holdEarlyInput, type EarlyInput } from './early-input';

export { hadFocusBeforeTakeover, typedBeforeTakeover } from './early-input';

function readEarlyInput(root: HTMLElement): EarlyInput {
  const values = new Map<string, string>();
  for (const input of root.querySelectorAll('input')) if (input.name) values.set(input.name, input.value);
  const active = document.activeElement;
  const index = active instanceof HTMLElement ? [...focusables(root)].indexOf(active) : -1;
  const field = active instanceof HTMLInputElement && active.name ? active : null;
  const focused =
    index < 0
      ? null
      : { index, name: field?.name ?? null, selectionStart: field && selectionOf(field, 'start'), selectionEnd: field && selectionOf(field, 'end') };
  const submitPending = root.querySelector('form[data-submit-pending]') !== null;
  const buttonPresses = [...formButtons(root)].map((button) => Number(button.dataset.clicksPending ?? '0'));
  return { values, focused, submitPending, buttonPresses };
}

/** What can take focus on the screen: the same components on both sides, so the same order. */
function focusables(root: HTMLElement): NodeListOf<HTMLElement> {
  return root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea');
}

/** The form's own buttons (not its submit): the same components on both sides, so the same order. */
function formButtons(root: HTMLElement): NodeListOf<HTMLButtonElement> {
  return root.querySelectorAll<HTMLButtonElement>('form button[type="button"]');
}

/** An email input has no selection API (reading it throws): the caret then goes where focus() puts it. */
function selectionOf(input: HTMLInputElement, end: 'start' | 'end'): number | null {
  try {
    return end === 'start' ? input.selectionStart : input.selectionEnd;
  } catch {
    return null;
  }
}

/** Focus back on the app's element in the same place, and for a field, its caret. */
function restoreFocus(root: HTMLElement, focused: NonNullable<EarlyInput['focused']>): void {
  const element = focusables(root)[focused.index];
  if (!element) return;
  if (document.activeElement !== element) element.focus();
  if (!(element instanceof HTMLInputElement) || focused.selectionStart === null || focused.selectionEnd === null) return;
  try {
    element.setSelectionRange(focused.selectionStart, focused.selectionEnd);
  } catch {
    // A type without a selection API: focus alone.
  }
}

/**
 * Renders the app into `root`. When the served page prerendered a screen there (`data-first-screen`),
 * the render is synchronous, so nothing the person types can fall between reading the page and
 * replacing it, and what they did carries over; otherwise it is the ordinary first render.
 */
export function renderTakingOverFirstScreen(root: HTMLElement, render: () => void): void {
  if (root.dataset.firstScreen === undefined) {
    render();
    return;
  }
  const earlyInput = readEarlyInput(root);
  holdEarlyInput(earlyInput);
  // From here on the early-submit hold ignores the page: the app's form handles its own submits.
  delete root.dataset.firstScreen;
  const { focused, submitPending, buttonPresses } = earlyInput;
  try {
    flushSync(render);
  } finally {
    holdEarlyInput(null);
  }
  const buttons = formButtons(root);
  buttonPresses.forEach((presses, index) => {
    for (let press = 0; press < presses; press += 1) flushSync(() => buttons[index]?.click());
  });
  if (focused) restoreFocus(root, focused);
  if (submitPending) root.querySelector('form')?.requestSubmit();
}
