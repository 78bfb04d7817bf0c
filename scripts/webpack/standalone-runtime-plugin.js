/**
 * The federation runtime for a remote's own page (docs/decisions/0028-one-federation-runtime.md).
 *
 * A remote is built with `experiments.externalRuntime`: its bundles read the federation runtime
 * (`@module-federation/runtime-core`) from the global `_FEDERATION_RUNTIME_CORE`, which the shell
 * provides once for every remote on the page. A remote's standalone page (`npm run dev -w
 * remote-users`, development only) has no shell, so it must provide that global itself, before its
 * `main.js` starts. This plugin bundles `standalone-runtime.js` in a child compilation (child
 * compilers leave out the parent's `compile`-time externals and its federation entries, so the
 * runtime is bundled for real there), emits it beside the remote's files, and puts it first on the
 * page. `remoteEntry.js`, what the shell loads, never contains it.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const PLUGIN_NAME = 'StandaloneRuntimePlugin';
const RUNTIME_SOURCE = path.join(__dirname, 'standalone-runtime.js');

class StandaloneRuntimePlugin {
  apply(compiler) {
    /** The emitted file's name, known once the child compilation has run (its name carries a hash). */
    let runtimeFile;
    compiler.hooks.make.tapAsync(PLUGIN_NAME, (compilation, callback) => {
      const child = compilation.createChildCompiler(
        PLUGIN_NAME,
        // Its own chunk-loading global, so it can never answer for the remote's chunks.
        { filename: 'federation-runtime.js', uniqueName: 'callboard_standalone_runtime', library: undefined },
        [new compiler.webpack.EntryPlugin(compiler.context, RUNTIME_SOURCE, { name: 'federation-runtime' })],
      );
      child.runAsChild((error, chunks) => {
        if (error) return callback(error);
        runtimeFile = chunks.flatMap((chunk) => [...chunk.files]).find((file) => file.endsWith('.js'));
        if (!runtimeFile) return callback(new Error(`${PLUGIN_NAME}: the child compilation emitted no script`));
        return callback();
      });
    });
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).beforeAssetTagGeneration.tap(PLUGIN_NAME, (data) => {
        // First on the page: main.js reads the global as it starts.
        data.assets.js.unshift(`${data.assets.publicPath}${runtimeFile}`);
        return data;
      });
    });
  }
}

module.exports = { StandaloneRuntimePlugin };
