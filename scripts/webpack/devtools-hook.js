/**
 * Development only, the first module of every bundle (fast-refresh.js puts it ahead of the refresh
 * runtime): the page's React DevTools hook, when no DevTools extension has installed one, as one
 * that remembers the renderers injected into it.
 *
 * Each package's bundle brings its own refresh runtime, and a runtime learns of React DOM either
 * when React DOM is injected into the hook after it, or from `hook.renderers` when it comes later.
 * In `npm run dev` the shell's runtime comes first and React DOM (the shell's, shared) next; a
 * remote's runtime arrives with its entry, after both. The stand-in hook the first runtime would
 * install keeps no renderers, so a remote's runtime found none: its hot updates were applied and
 * nothing re-rendered. The DevTools extension's hook keeps them, which is why it worked for people
 * who had it installed. This stand-in keeps them too, and otherwise does nothing.
 */
if (globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ === undefined) {
  let lastRendererId = 0;
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer) {
      lastRendererId += 1;
      this.renderers.set(lastRendererId, renderer);
      return lastRendererId;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
