import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { renderDashboard } from './testing';

// user-event's setup (inside renderDashboard) puts its own clipboard on navigator: each test sets
// the clipboard it means after rendering.
function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true, writable: true });
}

// Toasts live in module state: none may carry over from the test before.
beforeEach(() => toast.remove());
afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

/** The host and the shell's root frame each mount the toaster, so a toast's text is there twice. */
const toastSaying = async (text: string) => (await screen.findAllByText(text, {}, { timeout: 5000 }))[0];

test('Copy link puts the whole address on the clipboard and says so', async () => {
  const { user } = await renderDashboard({ path: '/reporting?datePreset=yesterday' });
  const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
  setClipboard({ writeText });
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(await toastSaying('Link copied')).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(window.location.href);
});

test('without the Clipboard API (plain http) it selects the address and copies it the older way', async () => {
  const { user } = await renderDashboard();
  setClipboard(undefined);
  let copied = '';
  const execCommand = jest.fn((command: string) => {
    const field = document.activeElement;
    copied = field instanceof HTMLTextAreaElement ? field.value.slice(field.selectionStart, field.selectionEnd) : '';
    return command === 'copy';
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(await toastSaying('Link copied')).toBeInTheDocument();
  expect(execCommand).toHaveBeenCalledWith('copy');
  expect(copied).toBe(window.location.href);
  expect(document.querySelector('textarea')).toBeNull();
});

test('where neither way works, the link is shown to copy by hand', async () => {
  const { user } = await renderDashboard();
  setClipboard({ writeText: () => Promise.reject(new Error('NotAllowedError')) });
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(await toastSaying(`The link could not be copied; copy it from the address bar: ${window.location.href}`)).toBeInTheDocument();
});
