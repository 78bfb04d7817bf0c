import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { readPersisted } from './persisted-atom';
// By package name, not './ui-atoms': Module Federation shares each subpath once, so the atom keeps one identity.
import { UI_STORAGE_KEY, sanitizeUiState, themeAtom, type Theme } from '@callboard/shared-ui/ui-atoms';

/** Sets `data-theme` on <html>: theme.css reads it (dark is the default, `light` switches). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

/**
 * Applies the stored theme before React renders anything, so a light-theme
 * user never sees a dark first paint. Call once in bootstrap.
 */
export function applyStoredTheme(): Theme {
  const { theme } = readPersisted(UI_STORAGE_KEY, sanitizeUiState);
  applyTheme(theme);
  return theme;
}

/** Keeps <html data-theme> in step with themeAtom. Render once, near the root, inside the jotai Provider. */
export function useApplyTheme(): Theme {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => applyTheme(theme), [theme]);
  return theme;
}
