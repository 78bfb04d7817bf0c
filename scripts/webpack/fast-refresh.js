/**
 * React Fast Refresh for the dev servers (`npm run dev`, `npm run dev -w remote-<name>`): an edited
 * component is swapped in place, its state kept, instead of the page reloading. Development only:
 * a production build has neither the transform nor the runtime.
 *
 * - The transform is react-refresh-typescript, run by ts-loader (the loader every package already
 *   uses), which marks each component for the refresh runtime; no second compiler (Babel) needed.
 * - The runtime is @pmmmwh/react-refresh-webpack-plugin. Every package's bundle brings its own
 *   refresh runtime (the shell's and each remote's webpack runtime apply their own hot updates), so
 *   each is namespaced by the package's federation name (`library`): without it the first runtime on
 *   the page marks the global hook as taken and a remote's edits are never refreshed.
 */
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const reactRefreshTypeScript = require('react-refresh-typescript').default;

/** ts-loader's `getCustomTransformers` for a development build. */
function refreshTransformers() {
  return { before: [reactRefreshTypeScript()] };
}

/** The plugin that puts the refresh runtime in a development bundle named `library`. */
function refreshPlugin(library) {
  return new ReactRefreshWebpackPlugin({ library });
}

module.exports = { refreshTransformers, refreshPlugin };
