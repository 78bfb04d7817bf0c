import { StandaloneHost } from '@callboard/shared-auth/standalone-host';
import { ShortcutsHelp } from '@callboard/shared-ui/shortcuts-help';
import '@callboard/shared-ui/theme.css';
import { createRoot } from 'react-dom/client';
import App from './app';

// Standalone: this remote on its own dev server, with sign-in, so its team can work without the shell.
// Inside the shell none of this runs: the shell renders `./App` in its own providers (and `?`'s ShortcutsHelp in its frame).
// A production build leaves this page out (scripts/webpack/create-federated-config.js), so this import costs remoteEntry.js nothing.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost title="Call Logs" shortcutsHelp={<ShortcutsHelp />}>
    <App />
  </StandaloneHost>,
);
