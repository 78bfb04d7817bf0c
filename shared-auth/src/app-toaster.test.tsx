import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { TOAST_DURATION_MS, USERS_TOAST_DURATION_MS, toastDurationFor } from './app-toaster';

/** The box react-hot-toast draws around a toast's message (its style is the toast's). */
const boxOf = (text: string) => screen.getByText(text).closest('[role="status"]')!.parentElement!;

test('success, error and plain toasts take the coloured theme; a loading one stays neutral', async () => {
  renderInHost(<p>Page</p>);
  act(() => {
    toast.success('Saved');
    toast.error('Failed to save user');
    toast('Filters applied');
    toast.loading('Working...');
  });
  await screen.findByText('Saved');
  const saved = boxOf('Saved');
  expect(saved.style.getPropertyValue('background')).toBe('var(--cb-toast-success-bg)');
  expect(saved.style.getPropertyValue('color')).toBe('var(--cb-toast-fg)');
  expect(boxOf('Failed to save user').style.getPropertyValue('background')).toBe('var(--cb-toast-error-bg)');
  expect(boxOf('Filters applied').style.getPropertyValue('background')).toBe('var(--cb-toast-info-bg)');
  expect(boxOf('Working...').style.getPropertyValue('background')).toBe('var(--cb-surface-raised)');
});

test('toasts stay top-right for 3000 ms in the users area and 5000 ms elsewhere', () => {
  expect([toastDurationFor('/users'), toastDurationFor('/users/new'), toastDurationFor('/reporting'), toastDurationFor('/usersx')]).toEqual([
    USERS_TOAST_DURATION_MS,
    USERS_TOAST_DURATION_MS,
    TOAST_DURATION_MS,
    TOAST_DURATION_MS,
  ]);
  expect([USERS_TOAST_DURATION_MS, TOAST_DURATION_MS]).toEqual([3000, 5000]);
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test.each(['dark', 'light'])('the %s theme’s toast colours keep their text at 4.5:1 or more', (theme) => {
  const css = readFileSync(join(__dirname, '../../shared-ui/src/theme.css'), 'utf8');
  const block = theme === 'dark' ? css.slice(css.indexOf(':root {'), css.indexOf("[data-theme='light']")) : css.slice(css.indexOf("[data-theme='light']"));
  const token = (name: string) => block.match(new RegExp(`--cb-toast-${name}:\\s*(#[0-9a-f]{6});`, 'i'))?.[1];
  const fg = token('fg')!;
  expect(fg).toMatch(/^#/);
  for (const kind of ['success', 'error', 'info']) {
    const bg = token(`${kind}-bg`);
    expect({ kind, bg }).toEqual({ kind, bg: expect.stringMatching(/^#/) });
    expect(contrast(fg, bg!)).toBeGreaterThanOrEqual(4.5);
  }
});
