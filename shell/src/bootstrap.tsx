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

// On a page the API served prerendered (/login), the form is already on screen and may hold what the
// person typed: the first render replaces it at once and carries that over (first-screen/). That code
// is fetched only on such a page, in a chunk of its own: every other page renders at once without it,
// and the JS every page starts with stays within its budget (docs/front-end.md, "Budgets").
const container = document.getElementById('root')!;
const root = createRoot(container);
const renderApp = () =>
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
// With the form already on screen the render can wait for a task of its own: evaluating the app's
// modules and rendering it become two shorter tasks, and the page answers keys in between.
if (container.dataset.firstScreen === undefined) renderApp();
else {
  void import('./first-screen/first-screen-takeover').then(
    ({ renderTakingOverFirstScreen }) => renderTakingOverFirstScreen(container, renderApp),
    // Without the takeover code (a failed fetch) the app still starts; only what was typed is lost.
    () => renderApp(),
  );
}
