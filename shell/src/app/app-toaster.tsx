import { Toaster } from 'react-hot-toast';
import { useLocation } from '@callboard/shared-router';
import { paths } from './paths';

/** spec §2 and §9: toasts top-right, newest on top; 3000 ms in the users area, 5000 ms elsewhere. */
export const TOAST_DURATION_MS = 5000;
export const USERS_TOAST_DURATION_MS = 3000;

export function toastDurationFor(pathname: string): number {
  return pathname === paths.users || pathname.startsWith(`${paths.users}/`) ? USERS_TOAST_DURATION_MS : TOAST_DURATION_MS;
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
