import { AppProviders } from '@callboard/shared-auth/app-providers';
import { restoreSession } from '@callboard/shared-auth/session';
import { applyStoredTheme } from '@callboard/shared-ui/apply-theme';
import '@callboard/shared-ui/theme.css';
import { createStore } from 'jotai/vanilla';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@callboard/shared-router';
import { AppRoutes } from './app/routes';
import { remoteDirectory } from './federation/remote-directory';

// The one jotai store of the app; remotes reach it through the shared jotai Provider, so the session
// and the filters have one identity in every bundle.
const store = createStore();
restoreSession(store);
// Before the first paint, so a light-theme user never sees a dark frame.
applyStoredTheme();

// Ask where the remotes live now, while the first screen renders; an area that needs
// its remote waits for this, and a failure is shown (with Retry) in that area only.
remoteDirectory().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
