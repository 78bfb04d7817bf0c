import { act, useState, type FormEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { hadFocusBeforeTakeover, renderTakingOverFirstScreen, typedBeforeTakeover } from './first-screen-takeover';

// React's act() outside testing-library: tell React this environment expects it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A form like the sign-in screen's: controlled fields started from what was typed, focus as it was, a reveal toggle. */
function SignInForm({ onSend }: { onSend: (values: { email: string; password: string }) => void }) {
  const [values, setValues] = useState({ email: typedBeforeTakeover('email'), password: typedBeforeTakeover('password') });
  const [revealed, setRevealed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(values);
  };
  return (
    <form onSubmit={submit} data-app="yes">
      <input name="email" type="email" autoFocus={hadFocusBeforeTakeover('email', true)} value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
      <input name="password" type={revealed ? 'text' : 'password'} autoFocus={hadFocusBeforeTakeover('password', false)} value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
      <button type="button" onClick={() => setRevealed(!revealed)}>
        {revealed ? 'Hide password' : 'Show password'}
      </button>
    </form>
  );
}

/** The page as the API serves it: the same form, prerendered, in a root marked as a first screen. */
const PRERENDERED =
  '<form><input name="email" type="email" value=""><input name="password" type="password" value=""><button type="button">Show password</button></form>';

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function prerender(): { email: HTMLInputElement; password: HTMLInputElement; form: HTMLFormElement; reveal: HTMLButtonElement } {
  container.dataset.firstScreen = '/login';
  container.innerHTML = PRERENDERED;
  return {
    email: container.querySelector('input[name="email"]')!,
    password: container.querySelector('input[name="password"]')!,
    form: container.querySelector('form')!,
    reveal: container.querySelector('button')!,
  };
}

function takeOver(onSend = jest.fn()) {
  act(() => renderTakingOverFirstScreen(container, () => root.render(<SignInForm onSend={onSend} />)));
  return onSend;
}

const appInput = (name: string) => container.querySelector<HTMLInputElement>(`form[data-app] input[name="${name}"]`)!;

test('the prerendered form is replaced by the app, with the typed values, the focused field and its caret', () => {
  const typed = prerender();
  typed.email.value = 'ada@example.com';
  typed.password.value = 'secret-pass';
  typed.password.focus();
  typed.password.setSelectionRange(3, 6);

  takeOver();

  expect(container.querySelectorAll('form')).toHaveLength(1);
  expect(appInput('email')).toHaveValue('ada@example.com');
  expect(appInput('password')).toHaveValue('secret-pass');
  expect(appInput('password')).toHaveFocus();
  expect([appInput('password').selectionStart, appInput('password').selectionEnd]).toEqual([3, 6]);
  expect(container).not.toHaveAttribute('data-first-screen');
});

test('with nothing focused, the screen decides where focus goes, as without a prerendered page', () => {
  prerender();
  takeOver();
  expect(appInput('email')).toHaveFocus();
  expect(appInput('email')).toHaveValue('');
});

test('a submit held before the takeover is sent by the app, with what was typed', () => {
  const typed = prerender();
  typed.email.value = 'ada@example.com';
  typed.password.value = 'secret-pass';
  typed.form.dataset.submitPending = 'true';
  const onSend = takeOver();
  expect(onSend).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret-pass' });
});

test("a press of the form's own button before the takeover is pressed again on the app's, as often as it was", () => {
  const typed = prerender();
  typed.password.value = 'secret-pass';
  typed.reveal.dataset.clicksPending = '1';
  takeOver();
  expect(appInput('password')).toHaveAttribute('type', 'text');
  expect(container.querySelector('button')).toHaveTextContent('Hide password');
});

test('a button that had focus has it again after the takeover, and no field takes it', () => {
  const typed = prerender();
  typed.reveal.focus();
  takeOver();
  expect(container.querySelector('form[data-app] button')).toHaveFocus();
  expect(appInput('email')).not.toHaveFocus();
});

test('two presses before the takeover leave the toggle where it started', () => {
  const typed = prerender();
  typed.reveal.dataset.clicksPending = '2';
  takeOver();
  expect(appInput('password')).toHaveAttribute('type', 'password');
});

test('without a prerendered screen the render is the ordinary one, and nothing typed is invented', () => {
  const onSend = takeOver();
  expect(appInput('email')).toHaveValue('');
  expect(typedBeforeTakeover('email')).toBe('');
  expect(hadFocusBeforeTakeover('email', true)).toBe(true);
  expect(onSend).not.toHaveBeenCalled();
});
