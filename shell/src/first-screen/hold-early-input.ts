/**
 * The one script a prerendered page runs before the app's bundles (render-first-screens.tsx inlines
 * its source, so it must stay self-contained: no imports, no outside names):
 * - the stored theme is applied before the first paint, as the app's applyStoredTheme does once it
 *   runs, so a light-theme person never sees a dark frame;
 * - a submit of the prerendered form is held: the browser would otherwise send it itself, as a GET
 *   with the password in the address. The app submits it once it has taken the form over
 *   (first-screen-takeover.ts), and the attribute it watches is gone by then;
 * - the app's entry scripts are added only once the page has painted: a deferred script of the page
 *   itself may run before the first paint on a busy processor, and the form would wait for the app.
 */
export function holdEarlyInput(storageKey: string, themes: readonly string[], entryScripts: readonly string[]): void {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { theme?: unknown } | null;
    if (typeof stored?.theme === 'string' && themes.includes(stored.theme)) document.documentElement.dataset.theme = stored.theme;
  } catch {
    // No storage, or nothing readable in it: the page's default theme.
  }
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest('[data-first-screen]')) return;
    event.preventDefault();
    form.dataset.submitPending = 'true';
  });
  // After the frame that paints the page: requestAnimationFrame runs just before it, the timer just after.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const src of entryScripts) {
        const script = document.createElement('script');
        script.src = src;
        // In document order, as the deferred scripts they replace would have run.
        script.async = false;
        document.head.append(script);
      }
    }, 0),
  );
}
