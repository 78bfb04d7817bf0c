import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { act } from 'react';
import { applyStoredTheme, useApplyTheme } from './apply-theme';
import { UI_STORAGE_KEY, themeAtom } from './ui-atoms';

function ThemeRoot() {
  useApplyTheme();
  return null;
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

test('useApplyTheme keeps <html data-theme> in step with the theme atom', () => {
  const store = createStore();
  render(
    <Provider store={store}>
      <ThemeRoot />
    </Provider>,
  );
  expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  act(() => store.set(themeAtom, 'light'));
  expect(document.documentElement).toHaveAttribute('data-theme', 'light');
});

test('applyStoredTheme applies the stored theme before React starts', () => {
  localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ theme: 'light' }));
  expect(applyStoredTheme()).toBe('light');
  expect(document.documentElement).toHaveAttribute('data-theme', 'light');
});
