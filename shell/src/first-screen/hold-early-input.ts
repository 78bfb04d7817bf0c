/**
 * The one script a prerendered page runs before the app's bundles (render-first-screens.tsx inlines
 * its source, so it must stay self-contained: no imports, no outside names):
 * - the stored theme is applied before the first paint, as the app's applyStoredTheme does once it
 *   runs, so a light-theme person never sees a dark frame;
 * - a submit of the prerendered form is held: the browser would otherwise send it itself, a POST the
 *   API answers with the page again, and the sign-in would be lost. The app submits it once it has
 *   taken the form over (first-screen-takeover.ts), and the attribute it watches is gone by then;
 * - a press of one of the form's own buttons (Show password) is counted, and the app replays it;
 * - the app's entry scripts are added when the person starts using the page: a pointer moving over it,
 *   a press or click, a touch, a key, typing or the browser filling the form in, a submit. Until then
 *   the form is all the page runs, and the app's start (the federation runtime and some thirty modules)
 *   does not compete with it for the processor (docs/decisions/0031-the-app-starts-when-the-person-does.md).
 *   A session starts it without waiting: stored when the page runs, stored later by another tab, or
 *   found when the page comes back from the back-forward cache. The app sends a signed-in person on;
 * - either way, only once the page has painted: a script added earlier may run before the first paint
 *   on a busy processor, and the form would wait for the app;
 * - an entry script that cannot be fetched (a deploy replaced the build while the page sat open) reloads
 *   the page once, for the current build's, rather than leaving a form that never answers.
 */
export function holdEarlyInput(uiStorageKey: string, themes: readonly string[], sessionKey: string, entryScripts: readonly string[]): void {
  try {
    const stored = JSON.parse(localStorage.getItem(uiStorageKey) ?? 'null') as { theme?: unknown } | null;
    if (typeof stored?.theme === 'string' && themes.includes(stored.theme)) document.documentElement.dataset.theme = stored.theme;
  } catch {
    // No storage, or nothing readable in it: the page's default theme.
  }
  const signedIn = () => {
    try {
      return localStorage.getItem(sessionKey) !== null;
    } catch {
      return false;
    }
  };
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest('[data-first-screen]')) return;
    event.preventDefault();
    form.dataset.submitPending = 'true';
  });
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (!(button instanceof HTMLButtonElement) || !button.closest('[data-first-screen] form')) return;
    button.dataset.clicksPending = String(Number(button.dataset.clicksPending ?? '0') + 1);
  });

  const reloadedKey = 'callboard.first-screen.reloaded-at';
  const reloadForTheCurrentBuild = () => {
    try {
      // Once a minute at most: a server that cannot serve the build right now must not reload the page in a loop.
      if (Date.now() - Number(sessionStorage.getItem(reloadedKey) ?? '0') < 60_000) return;
      sessionStorage.setItem(reloadedKey, String(Date.now()));
    } catch {
      return;
    }
    location.reload();
  };

  const signsOfUse = ['pointermove', 'pointerdown', 'click', 'touchstart', 'keydown', 'input', 'submit'];
  let starting = false;
  const startApp = () => {
    if (starting) return;
    starting = true;
    for (const type of signsOfUse) window.removeEventListener(type, startApp, true);
    // After the frame that paints the page: requestAnimationFrame runs just before it, the timer just after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const src of entryScripts) {
          const script = document.createElement('script');
          script.src = src;
          // In document order, as the deferred scripts they replace would have run.
          script.async = false;
          script.addEventListener('error', reloadForTheCurrentBuild);
          document.head.append(script);
        }
      }, 0),
    );
  };
  if (signedIn()) startApp();
  else {
    for (const type of signsOfUse) window.addEventListener(type, startApp, { capture: true, passive: true });
    window.addEventListener('storage', (event) => {
      if (event.key === sessionKey && event.newValue !== null) startApp();
    });
    window.addEventListener('pageshow', (event) => {
      if (event.persisted && signedIn()) startApp();
    });
  }
}
