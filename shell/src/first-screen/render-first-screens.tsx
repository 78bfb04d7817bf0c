/**
 * Run at build time, in Node (scripts/webpack/first-screen-plugin.js): the sign-in screen rendered
 * to HTML by the same components the app mounts, so the served page shows the real form, with the
 * real labels, before any script has run. The app replaces this markup with its own on start
 * (first-screen-takeover.ts), carrying over what was typed.
 */
import { LOGIN_SCREEN } from '@callboard/contract';
import { TOKEN_STORAGE_KEY } from '@callboard/shared-auth/session';
import { MemoryRouter } from '@callboard/shared-router';
import { THEMES, UI_STORAGE_KEY } from '@callboard/shared-ui/ui-atoms';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { renderToStaticMarkup } from 'react-dom/server';
import { LoginPage } from '../auth/login-page';
import { holdEarlyInput } from './hold-early-input';

export interface RenderedFirstScreen {
  /** The route it is served for. */
  path: string;
  /** The file the build writes it to, beside index.html. */
  file: string;
  /** What goes inside `#root`. */
  markup: string;
}

export function renderFirstScreens(): RenderedFirstScreen[] {
  const markup = renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[LOGIN_SCREEN.path]}>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
  return [postedToItsRoute({ ...LOGIN_SCREEN, markup })];
}

/**
 * A prerendered form is sent by the browser itself until the app has taken it over, and always without
 * JavaScript: only as a POST to its own route does what was typed (a password) stay out of the address,
 * and that is the POST the API answers, with the page again (api/src/routes/web.ts). A screen with any
 * other form stops the build.
 */
function postedToItsRoute(screen: RenderedFirstScreen): RenderedFirstScreen {
  for (const [form] of screen.markup.matchAll(/<form\b[^>]*>/g)) {
    if (!/\smethod="post"/.test(form) || !form.includes(` action="${screen.path}"`)) {
      throw new Error(`first screen ${screen.path}: its form must be method="post" action="${screen.path}", so a password never goes into the address: ${form}`);
    }
  }
  return screen;
}

/**
 * The classic script a prerendered page runs before anything else (the API gives it the page's nonce),
 * which loads the app's `entryScripts` once the person starts using the page (or at once, for a stored
 * session): the function's own source, called with the values it needs, since it runs before any
 * bundle and can import nothing.
 */
export function firstScreenScript(entryScripts: readonly string[]): string {
  return `(${holdEarlyInput.toString()})(${[UI_STORAGE_KEY, THEMES, TOKEN_STORAGE_KEY, entryScripts].map((value) => JSON.stringify(value)).join(',')});`;
}
