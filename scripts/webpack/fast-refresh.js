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
 * - Ahead of every runtime, devtools-hook.js gives the page a React DevTools hook that remembers the
 *   renderers injected into it: a remote's runtime arrives after React DOM, and finds it only there.
 */
const path = require('node:path');
const webpack = require('webpack');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const reactRefreshTypeScript = require('react-refresh-typescript').default;

const DEVTOOLS_HOOK = path.join(__dirname, 'devtools-hook.js');

/** ts-loader's `getCustomTransformers` for a development build. */
function refreshTransformers() {
  return { before: [reactRefreshTypeScript()] };
}

/**
 * The plugins that put the refresh runtime in a development bundle named `library`, behind the hook.
 * Both add their module to every entry (the container's too); the hook's goes first because its plugin
 * is applied first.
 */
function refreshPlugins(library) {
  return [
    { apply: (compiler) => new webpack.EntryPlugin(compiler.context, DEVTOOLS_HOOK, { name: undefined }).apply(compiler) },
    new ReactRefreshWebpackPlugin({ library }),
  ];
}

module.exports = { refreshTransformers, refreshPlugins };
