/**
 * The pages whose first screen the shell's build renders into HTML, so they paint before any script
 * runs (docs/decisions/0029-first-screen-in-the-html.md). The build writes each `file` into the shell's
 * dist; the API serves it for `path` instead of the bare index.html; the shell's routes mount the page
 * at the same `path`. The data is first-screens.json, so the webpack configuration reads the same list
 * with `require` before anything is compiled.
 */
import pages from './first-screens.json';

export interface FirstScreen {
  /** The client route (`/login`). */
  path: string;
  /** Its prerendered page in the shell's dist (`login.html`). */
  file: string;
}

/** The sign-in screen: the page a signed-out visitor always meets first. */
export const LOGIN_SCREEN: FirstScreen = pages.login;

export const FIRST_SCREENS: readonly FirstScreen[] = Object.values(pages);
