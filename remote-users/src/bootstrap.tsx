import { StandaloneHost } from '@callboard/shared-auth/standalone-host';
import '@callboard/shared-ui/theme.css';
import { createRoot } from 'react-dom/client';
import App from './app';

// Standalone: this remote on its own dev server, with sign-in, so its team can work without the shell.
// Inside the shell none of this runs: the shell renders `./App` in its own providers.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost title="User Management">
    <App />
  </StandaloneHost>,
);
