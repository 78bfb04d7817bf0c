/**
 * Sign-in as a person meets it, timed in a real browser (docs/benchmarks.md, "The first screen"): from
 * the click on Login Now to the statistics and the first row of records painted on Reporting (or the
 * records' "no records" line, when the landing period has no call yet, as just after midnight). Used by
 * the bench's first-screen part and printed by e2e/tests/first-screen.test.ts.
 *
 * Both fields are typed key by key, as a person does: on the served page the app starts at the first
 * key (docs/decisions/0031-the-app-starts-when-the-person-does.md), and the sign-in screen fetches the
 * landing area's code while they type (shell/src/auth/prefetch-after-sign-in.ts). A form filled in at
 * once would measure a person who types in no time at all.
 */
import type { Page } from 'playwright-core';

/** How long a key press takes when a person types their password. */
const KEY_DELAY_MS = 80;

/** What the probe reads in the page; the API's TypeScript has no DOM library, so only these names are typed. */
interface ProbeElement {
  textContent: string | null;
}
interface ProbeGlobal {
  document: {
    querySelector(selector: string): ProbeElement | null;
    body: unknown;
    addEventListener(type: 'click', listener: () => void, options: { capture: boolean; once: boolean }): void;
  };
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void; disconnect(): void };
  __signInPainted?: Promise<number>;
}

/**
 * In the page, before the click: resolves with the ms from the next click to the frame after which
 * both a figure in the statistics (not the placeholder dash) and the records' answer are on screen: a
 * data row, or the line an empty table shows once it has its answer (empty while loading). Rejects,
 * saying what never came, when that takes over a minute.
 */
function installProbe(): void {
  const w = globalThis as unknown as ProbeGlobal;
  w.__signInPainted = new Promise<number>((resolve, reject) => {
    let clickedAt: number | undefined;
    w.document.addEventListener('click', () => (clickedAt = w.performance.now()), { capture: true, once: true });
    const statistics = () => {
      const figure = w.document.querySelector('[data-testid="stats-count"]');
      return figure !== null && figure.textContent !== '—';
    };
    const records = () =>
      w.document.querySelector('.records__table tbody tr:not(.cb-table__empty-row)') !== null ||
      (w.document.querySelector('.records__table .cb-table__empty')?.textContent ?? '') !== '';
    const shown = () => statistics() && records();
    w.setTimeout(() => {
      const missing = [statistics() ? '' : 'the statistics', records() ? '' : 'the records'].filter((what) => what !== '').join(' and ');
      reject(new Error(`${missing || 'the painted frame'} not on screen a minute after ${clickedAt === undefined ? 'the probe was installed (no click)' : 'the click'}`));
    }, 60_000);
    const observer = new w.MutationObserver(() => {
      if (clickedAt === undefined || !shown()) return;
      observer.disconnect();
      // Painted: the frame that draws the change has run once the next animation frame's task is over.
      w.requestAnimationFrame(() => w.setTimeout(() => resolve(w.performance.now() - (clickedAt as number)), 0));
    });
    observer.observe(w.document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function readProbe(): Promise<number> {
  const w = globalThis as unknown as ProbeGlobal;
  if (!w.__signInPainted) throw new Error('the sign-in probe is not installed');
  return w.__signInPainted;
}

/**
 * Signs in on `page` (already on /login) and returns the ms from the click to the statistics and first
 * records row painted. On the served page the app starts at the email's first key and loads while the
 * person types; a click before it has taken the form over is held and sent by the app, and counts.
 */
export async function timeSignIn(page: Page, credentials: { email: string; password: string }): Promise<number> {
  await page.getByLabel(/^Email/).pressSequentially(credentials.email, { delay: KEY_DELAY_MS });
  await page.getByLabel(/^Password/).pressSequentially(credentials.password, { delay: KEY_DELAY_MS });
  await page.evaluate(installProbe);
  await page.getByRole('button', { name: 'Login Now' }).click();
  return page.evaluate(readProbe);
}

/** Waits until the app has taken over the prerendered sign-in form (shell/src/first-screen/). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForSelector('#root:not([data-first-screen])', { state: 'attached' });
}
