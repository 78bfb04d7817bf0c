/**
 * The app's one toaster, mounted by the host inside its router (the shell's
 * root frame, and the test harness). react-hot-toast keeps its toasts in
 * module state, shared as a singleton, so a toast raised by any remote lands here.
 */
import { remoteNamed } from '@callboard/contract';
import { Toaster, type DefaultToastOptions } from 'react-hot-toast';
import { useLocation } from '@callboard/shared-router';

/** Toasts sit top-right, newest on top, for 3000 ms in the users area and 5000 ms elsewhere. */
export const TOAST_DURATION_MS = 5000;
export const USERS_TOAST_DURATION_MS = 3000;
const USERS_AREA_PATH = remoteNamed('users').route;

export function toastDurationFor(pathname: string): number {
  return pathname === USERS_AREA_PATH || pathname.startsWith(`${USERS_AREA_PATH}/`) ? USERS_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

/** What every toast shares: the theme's type size and corners. */
const BASE_STYLE = { fontSize: '13px', borderRadius: 'var(--cb-radius)' } as const;

/** A toast in the coloured theme: white text on its kind's colour (theme.css `--cb-toast-*`, both themes). */
function coloured(kind: 'success' | 'error' | 'info') {
  return { ...BASE_STYLE, background: `var(--cb-toast-${kind}-bg)`, color: 'var(--cb-toast-fg)', border: '1px solid transparent' };
}

/**
 * The spec's coloured theme: success green, error red, and a plain `toast()` (the app's information: "Filters
 * applied", "Row copied!") blue; each icon drawn in the text's colour on its toast's own. A loading toast, and a
 * custom one, keep the neutral raised surface.
 */
export const TOAST_STYLES: Pick<DefaultToastOptions, 'style' | 'success' | 'error' | 'blank'> = {
  style: { ...BASE_STYLE, background: 'var(--cb-surface-raised)', color: 'var(--cb-text)', border: '1px solid var(--cb-border)' },
  success: { style: coloured('success'), iconTheme: { primary: 'var(--cb-toast-fg)', secondary: 'var(--cb-toast-success-bg)' } },
  error: { style: coloured('error'), iconTheme: { primary: 'var(--cb-toast-fg)', secondary: 'var(--cb-toast-error-bg)' } },
  blank: { style: coloured('info') },
};

export function AppToaster() {
  const { pathname } = useLocation();
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      // Below the header, so a toast never covers the user menu.
      containerStyle={{ top: 64 }}
      toastOptions={{ duration: toastDurationFor(pathname), ...TOAST_STYLES }}
    />
  );
}
