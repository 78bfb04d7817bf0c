import { holdEarlyInput } from './hold-early-input';

/** The page as the API serves /login: the prerendered form in a root marked as a first screen. */
const PAGE =
  '<div id="root" data-first-screen="/login"><form><input name="email" type="email"><button type="button">Show password</button><button type="submit">Login Now</button></form></div>' +
  '<button type="button" id="elsewhere">Elsewhere</button>';

const ENTRY = '/main.0123456789.js';

/** Every listener the script added, so each test starts from a page without the last one's. */
const added: Array<{ target: EventTarget; args: Parameters<EventTarget['addEventListener']> }> = [];

beforeEach(() => {
  document.body.innerHTML = PAGE;
  document.head.innerHTML = '';
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  for (const { target, args } of added.splice(0)) target.removeEventListener(...args);
});

function run(): void {
  // jsdom's window has an addEventListener of its own, beside the one its nodes inherit.
  const spies = [jest.spyOn(window, 'addEventListener'), jest.spyOn(EventTarget.prototype, 'addEventListener')];
  try {
    holdEarlyInput('callboard.ui', ['dark', 'light'], 'token', [ENTRY]);
  } finally {
    for (const spy of spies) {
      spy.mock.calls.forEach((args, call) => added.push({ target: spy.mock.contexts[call] as EventTarget, args }));
      spy.mockRestore();
    }
  }
}

/** The entry scripts the page has added so far. */
const entryScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

/** Past the frame after which the script adds the entry (a frame, then a timer). */
const afterTheNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

test('without a session nothing of the app is fetched until the person uses the page', async () => {
  run();
  await afterTheNextFrame();
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([]);
});

test.each([
  ['a pointer moving over the page', () => document.body.dispatchEvent(new Event('pointermove', { bubbles: true }))],
  ['a touch', () => document.body.dispatchEvent(new Event('touchstart', { bubbles: true }))],
  ['a click alone (as a screen reader may send)', () => document.querySelector<HTMLButtonElement>('#root button[type="button"]')!.click()],
  ['a key', () => document.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))],
  ['the browser filling a field in', () => document.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }))],
])('%s starts the app, once, after the next frame, and no sign is listened for after it', async (_sign, signOfUse) => {
  run();
  const removing = jest.spyOn(window, 'removeEventListener');
  signOfUse();
  expect(removing.mock.calls.filter(([, , capture]) => capture === true).map(([type]) => type).sort()).toEqual(
    ['click', 'input', 'keydown', 'pointerdown', 'pointermove', 'submit', 'touchstart'],
  );
  removing.mockRestore();
  expect(entryScripts()).toEqual([]);
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
  signOfUse();
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
  // In document order, as the deferred scripts they replace.
  expect(document.head.querySelector('script')!.async).toBe(false);
});

test('a stored session starts the app at once: it sends a signed-in person on', async () => {
  localStorage.setItem('token', 'stored-token');
  run();
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
});

test('a stored session is found even when the stored theme cannot be read', async () => {
  localStorage.setItem('callboard.ui', '{not json');
  localStorage.setItem('token', 'stored-token');
  run();
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
});

test('signing in in another tab starts the app here; another key of the storage does not', async () => {
  run();
  window.dispatchEvent(new StorageEvent('storage', { key: 'callboard.ui', newValue: '{}' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([]);
  window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'signed-in-elsewhere' }));
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
});

test('a page back from the back-forward cache starts the app if a session was stored meanwhile', async () => {
  run();
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([]);
  localStorage.setItem('token', 'stored-meanwhile');
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
});

test('a submit of the prerendered form is held (not sent by the browser), marked for the app, and starts it', async () => {
  run();
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  document.querySelector('form')!.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  expect(document.querySelector('form')).toHaveAttribute('data-submit-pending', 'true');
  await afterTheNextFrame();
  expect(entryScripts()).toEqual([ENTRY]);
});

test("presses of the form's own buttons are counted for the app; other buttons and the submit are not", () => {
  run();
  const reveal = document.querySelector<HTMLButtonElement>('#root button[type="button"]')!;
  reveal.click();
  reveal.click();
  document.querySelector<HTMLButtonElement>('#elsewhere')!.click();
  expect(reveal).toHaveAttribute('data-clicks-pending', '2');
  expect(document.querySelector('#elsewhere')).not.toHaveAttribute('data-clicks-pending');
  expect(document.querySelector('button[type="submit"]')).not.toHaveAttribute('data-clicks-pending');
});

test('once the app has the page (no first-screen mark) nothing is held or counted any more', () => {
  run();
  delete document.getElementById('root')!.dataset.firstScreen;
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  document.querySelector('form')!.dispatchEvent(submit);
  document.querySelector<HTMLButtonElement>('#root button[type="button"]')!.click();
  expect(submit.defaultPrevented).toBe(false);
  expect(document.querySelector('#root button[type="button"]')).not.toHaveAttribute('data-clicks-pending');
});

test("the stored theme is applied before the first paint; an unknown or unreadable one is not", () => {
  localStorage.setItem('callboard.ui', JSON.stringify({ theme: 'light' }));
  run();
  expect(document.documentElement.dataset.theme).toBe('light');
  delete document.documentElement.dataset.theme;
  localStorage.setItem('callboard.ui', JSON.stringify({ theme: 'neon' }));
  run();
  expect(document.documentElement.dataset.theme).toBeUndefined();
  localStorage.setItem('callboard.ui', '{not json');
  run();
  expect(document.documentElement.dataset.theme).toBeUndefined();
});
