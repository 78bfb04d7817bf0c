/**
 * The app's one toaster, mounted by the host inside its router (the shell's
 * root frame, and the test harness). react-hot-toast keeps its toasts in
 * module state, shared as a singleton, so a toast raised by any remote lands here.
 */
import { remoteNamed } from '@callboard/contract';
import { Toaster } from 'react-hot-toast';
import { useLocation } from '@callboard/shared-router';

/** Toasts sit top-right, newest on top, for 3000 ms in the users area and 5000 ms elsewhere. */
export const TOAST_DURATION_MS = 5000;
export const USERS_TOAST_DURATION_MS = 3000;
const USERS_AREA_PATH = remoteNamed('users').route;

export function toastDurationFor(pathname: string): number {
  return pathname === USERS_AREA_PATH || pathname.startsWith(`${USERS_AREA_PATH}/`) ? USERS_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

export function AppToaster() {
  const { pathname } = useLocation();
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      // Below the header, so a toast never covers the user menu.
      containerStyle={{ top: 64 }}
      toastOptions={{
        duration: toastDurationFor(pathname),
        // The theme's colours (react-hot-toast draws white cards by default).
        style: {
          background: 'var(--cb-surface-raised)',
          color: 'var(--cb-text)',
          border: '1px solid var(--cb-border)',
          fontSize: '13px',
        },
      }}
    />
  );
}
