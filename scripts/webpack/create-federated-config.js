/**
 * One webpack configuration for every front-end package: the shell (the host)
 * and the three remotes differ only in what they expose and how they start.
 *
 * What Module Federation needs is said out loud here (the reasons:
 * docs/decisions/0010-module-federation-sharing.md and 0005-pinned-versions.md):
 * - `publicPath: 'auto'`, so a remote's chunks load from wherever its entry was
 *   served (`/remotes/<name>/` in production, its own dev server in development);
 * - `runtimeChunk: false`, so the remote entry carries its own webpack runtime;
 * - one federation runtime on the page (docs/decisions/0028-one-federation-runtime.md): the shell
 *   provides `@module-federation/runtime-core` (`provideExternalRuntime`) and every remote reads it
 *   (`externalRuntime`) instead of carrying a copy; a remote's own standalone page gets it from
 *   StandaloneRuntimePlugin;
 * - a 120 s chunk timeout, so a remote on a slow link still loads; the remote entry's own timeout is
 *   raised by the shell's runtime plugin;
 * - shared singletons with an exact `requiredVersion`, and the `react/`,
 *   `react-dom/` prefix keys so `react/jsx-runtime` and `react-dom/client` are
 *   shared too; our own shared packages are shared by package name so atoms,
 *   SWR's cache and the toaster keep one identity in every bundle; the router
 *   is shared through a facade package (@callboard/shared-router);
 * - `shareStrategy: 'loaded-first'`, so one offline remote cannot stall the host;
 * - each remote writes `mf-manifest.json` (its entry, exposes and the shared versions
 *   it needs), which the shell loads it through, and its production build goes to
 *   its own folder `dist/<version>-<hash>/` (scripts/remote-builds.js,
 *   docs/decisions/0027-versioned-remote-builds.md).
 */
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { BudgetPlugin } = require('./budget-plugin');
const { RemoteBuildPlugin } = require('./remote-build-plugin');
const { newStagingDir } = require('../remote-builds');
const { FirstScreenPlugin } = require('./first-screen-plugin');
const { StandaloneRuntimePlugin } = require('./standalone-runtime-plugin');
const { SingleShareRuntimePlugin } = require('./single-share-runtime-plugin');
const { refreshPlugins, refreshTransformers } = require('./fast-refresh');
const registry = require('../../contract/src/remotes.json');

const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A remote's chunks, kept few and short-named: `remoteEntry.js` lists, for each shared module, the
 * chunks its fallback needs, so each extra chunk costs bytes of the 10 KB entry. A remote's
 * fallbacks are rarely fetched (the shell provides the shared modules first), so common code is not
 * split out of them into chunks of its own; ids are short numbers.
 */
const REMOTE_CHUNKS = { chunkIds: 'natural', splitChunks: { cacheGroups: { default: false, defaultVendors: false } } };

/**
 * The same chunks in development, named as webpack names them there: with natural ids, a hot update
 * after an edit asked for the stylesheets of chunks by ids the new compile no longer gave them
 * (`Loading CSS chunk 7 failed`, the dev server answering its HTML page), and the update was dropped.
 */
const REMOTE_DEV_CHUNKS = { ...REMOTE_CHUNKS, chunkIds: 'named' };

/** The package's entry in the front-end registry (contract/src/remotes.json): its federation name and dev port. */
function registryEntry(packageDir) {
  const folder = path.basename(path.resolve(packageDir));
  const entry = [registry.host, ...registry.remotes].find((candidate) => candidate.folder === folder);
  if (!entry) throw new Error(`${folder} is not in contract/src/remotes.json`);
  return entry;
}

/** The federation name, an identifier (`remote_users`), as the registry gives it. */
function federationName(packageDir) {
  return registryEntry(packageDir).federationName;
}

/** The installed version, read from node_modules directly: a package's `exports` may not list package.json. */
function versionOf(request, fromDir) {
  return JSON.parse(fs.readFileSync(path.join(installedDir(request, fromDir), 'package.json'), 'utf8')).version;
}

/** The installed package's folder (a package's `exports` may hide files we need to point at). */
function installedDir(request, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', request);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${request} is not installed (looked upwards from ${fromDir})`);
  }
}

/**
 * react-router 7 exports only its development build (no `production`
 * condition), which is twice the size and slower; production builds point at
 * the production files it ships beside it.
 */
function productionAliases(packageDir) {
  const reactRouter = installedDir('react-router', packageDir);
  return {
    'react-router$': path.join(reactRouter, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(reactRouter, 'dist/production/dom-export.mjs'),
  };
}

/**
 * Subpaths of our packages a build keeps to itself rather than sharing: each shared module costs its
 * remote's remoteEntry.js a provide and a consume entry (about 45 to 90 B gzip of the 10 KB budget), which
 * pays off only for code that must exist once (atoms, caches) or that the shell already loads. These hold
 * no state and are read by one or two areas: the dispute screens (shared-ui/src/disputes.ts, loaded lazily),
 * the areas' tabs, the clipboard helper, the confirmation dialog, the form dialog (whose Modal and Button are the
 * shared ones, imported by package name) and the debounce hook (a few hundred bytes each, in each area's own chunk;
 * the confirmation dialog's Modal is its own copy already, imported by relative path), and the
 * contract's own entries for disputes, the scorecard, delivery, connectors and platforms (contract/src/index.ts
 * says why they are apart; the last three are read by the Users area's admin tabs, loaded lazily), and
 * notifications' (read by the shell's signed-in frame alone: a provide entry would count in the sign-in page's budget),
 * alerts' and report-schedules' (read by Reporting's Alerts and Reports tabs alone, loaded lazily), card-figures'
 * (read by Reporting's stats cards alone; the API's report emails too), imports'
 * (read by the Users area's Import tab alone, loaded lazily) and event-subscriptions' (its Event subscriptions tab's).
 */
const UNSHARED_SUBPATHS = {
  '@callboard/shared-ui': ['disputes', 'area-tabs', 'copy-text', 'confirm-dialog', 'form-dialog', 'use-debounced-value'],
  '@callboard/contract': ['disputes', 'scorecard', 'delivery', 'connectors', 'platforms', 'notifications', 'alerts', 'report-schedules', 'card-figures', 'imports', 'event-subscriptions'],
};

/**
 * Everything that must exist once at run time. Libraries are shared with the exact version each
 * build was made against; our own packages with the range of the major built against (`^1.0.0`):
 * within a major every version is compatible by promise (docs/deploying.md, "Versions"), another major is not,
 * and the shell refuses a remote that needs one (shell/src/federation/shared-versions.ts).
 */
function sharedSingletons(packageDir) {
  const required = (request) => {
    const version = versionOf(request, packageDir);
    return { singleton: true, requiredVersion: request.startsWith('@callboard/') ? `^${version.split('.')[0]}.0.0` : version };
  };
  const shared = {};
  // react-router is shared through @callboard/shared-router (see its index.ts): one router at run
  // time, tree-shaken in every build. Sharing react-router itself would ship all of it.
  for (const request of ['react', 'react-dom', 'jotai', 'swr', 'react-hot-toast', 'luxon',
    '@callboard/contract', '@callboard/shared-auth', '@callboard/shared-ui', '@callboard/shared-router']) {
    shared[request] = required(request);
  }
  // Subpath imports (`react/jsx-runtime`, `react-dom/client`, `jotai/utils`, `swr/infinite`,
  // `@callboard/shared-ui/button`, `@callboard/contract/date-range`…) are shared through their prefix keys.
  for (const prefix of ['react', 'react-dom', 'jotai', 'swr', '@callboard/contract', '@callboard/shared-auth', '@callboard/shared-ui']) {
    shared[`${prefix}/`] = required(prefix);
  }
  for (const [prefix, names] of Object.entries(UNSHARED_SUBPATHS)) {
    shared[`${prefix}/`].exclude = { request: new RegExp(`^(${names.join('|')})$`) };
  }
  return shared;
}

/** The package's own version (package.json), which names its build folders. */
function packageVersion(packageDir) {
  return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
}

/**
 * TypeScript and TSX, transpiled only: types are checked once by `tsc` (npm run typecheck).
 * `getCustomTransformers` adds React Fast Refresh's transform in development (fast-refresh.js).
 */
function typescriptRule(packageDir, getCustomTransformers) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'ts-loader',
    options: { transpileOnly: true, configFile: path.join(packageDir, 'tsconfig.json'), ...(getCustomTransformers ? { getCustomTransformers } : {}) },
  };
}

/**
 * The build that renders the first screens at build time (first-screen-plugin.js): the module alone,
 * for Node, with no federation (nothing is shared in a process that only renders HTML once) and the
 * stylesheets left out (the plugin inlines the browser build's own).
 */
function firstScreenNodeConfig(packageDir) {
  return (entry) => ({
    mode: 'production',
    target: 'node',
    context: packageDir,
    entry,
    devtool: false,
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      conditionNames: ['webpack', 'production', 'node', 'import', 'module', 'require', 'default'],
      alias: productionAliases(packageDir),
    },
    module: { rules: [typescriptRule(packageDir), { test: /\.css$/, type: 'asset/source' }] },
    // Readable output: the inlined early-input script is a function's own source.
    optimization: { minimize: false },
    plugins: [new webpack.DefinePlugin({ 'process.env.CALLBOARD_API_BASE': JSON.stringify(process.env.CALLBOARD_API_BASE ?? '') })],
  });
}

/**
 * @param {object} options
 * @param {string} options.packageDir   the package's folder (its `src/index.ts` is the entry)
 * @param {Record<string,string>} [options.exposes]  what a remote offers (`./App`)
 * @param {string[]} [options.runtimePlugins]        federation runtime plugins (the host's)
 * @param {object} [options.budget]     size limits checked after a production build
 * @param {string} [options.firstScreens] the module rendering the pages prerendered by a production build (the shell's)
 */
function createFederatedConfig({ packageDir, exposes, runtimePlugins = [], budget, firstScreens }) {
  const { devPort } = registryEntry(packageDir);
  return (env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const production = mode === 'production';
    const apiTarget = process.env.CALLBOARD_DEV_API ?? 'http://127.0.0.1:8080';
    const distDir = path.join(packageDir, 'dist');
    // A remote's production build is written aside and moved into dist/<version>-<hash>/ when complete.
    const remoteBuild = production && exposes ? { distDir, stagingDir: newStagingDir(distDir), version: packageVersion(packageDir) } : undefined;
    // A remote's chunks are named by the build's hash, not each one's own: remoteEntry.js then needs no
    // table of a hash per chunk (1.4 KB gzip of Reporting's 10 KB entry). A new build renames all of
    // a remote's chunks, which are small; the shell keeps one hash per file for the shared libraries.
    const chunkHash = exposes ? '[fullhash:10]' : '[contenthash:10]';
    return {
      mode,
      context: packageDir,
      // A remote's production build is what a host loads: its container alone. Its own page (src/index.ts,
      // the standalone host) is a development tool, and left out, its shared imports would otherwise be
      // offered to the share scope by the remote entry too (0.7 KB of Reporting's 10 KB entry).
      entry: exposes && production ? {} : './src/index.ts',
      // Production maps are written beside the files for whoever debugs a build, with no sourceMappingURL
      // comment pointing browsers at them; the API refuses to serve them (api/src/domain/web/front-end.ts).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      // The federation plugin warns, for every module under a prefix with an exclude (UNSHARED_SUBPATHS),
      // that a singleton with an exclude "might" be loaded twice: only the excluded names are kept apart, the
      // rest stay shared singletons (their remoteEntry.js entries say so), so those warnings are noise.
      ignoreWarnings: [/^"singleton: true" is used together with "exclude\.request: /],
      output: {
        path: remoteBuild ? remoteBuild.stagingDir : distDir,
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? `[name].${chunkHash}.js` : '[name].js',
        uniqueName: federationName(packageDir),
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        // Write every file, changed or not, so a build is newer than its sources: scripts/build-web.js compares the dates.
        compareBeforeEmit: false,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js'],
        conditionNames: ['webpack', mode, 'browser', 'import', 'module', 'require', 'default'],
        alias: production ? productionAliases(packageDir) : {},
      },
      module: {
        rules: [typescriptRule(packageDir, production ? undefined : refreshTransformers), { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(packageDir),
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(packageDir),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          // The types plugin costs seconds per build and would fetch types over the network.
          dts: false,
          // A remote's manifest names its entry, its exposes and every shared module with the version it needs.
          manifest: Boolean(exposes),
          experiments: {
            // The shell (the one package that exposes nothing) provides the federation runtime to the
            // page; the remotes use it, so a remote entry is only its own container (≤ 10 KB gzip).
            provideExternalRuntime: !exposes,
            externalRuntime: Boolean(exposes),
            // The shell reads a remote's manifest itself, when its area opens (shell/src/federation/remote-manifest.ts),
            // and gives the runtime the entry it names: the runtime's own manifest code ("snapshot") would
            // put 4–5 KB gzip in front of /login. Only the shell loads remotes, so the remotes' runtime (used
            // only on their standalone dev page) leaves that code out too.
            optimization: { disableSnapshot: true, target: 'web', disableRemote: Boolean(exposes) },
          },
        }),
        new SingleShareRuntimePlugin(),
        ...(exposes && !production ? [new StandaloneRuntimePlugin()] : []),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? `[name].${chunkHash}.css` : '[name].css',
        }),
        ...(exposes && production
          ? []
          : [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: 'Callboard',
                favicon: path.join(__dirname, 'favicon.svg'),
                // The shell's page answers every client route (/users, /a/b/c…), so its scripts load from the root;
                // a remote's standalone page only ever sits in its own folder.
                publicPath: exposes ? 'auto' : '/',
                // A remote's own page renders its app from main.js and has no use for its container: loaded
                // too, remoteEntry.js started a second webpack runtime of the same build, whose hot-update
                // callback (one global per build) took main.js's hot updates, so no edit was applied in place.
                ...(exposes ? { excludeChunks: [federationName(packageDir)] } : {}),
              }),
            ]),
        ...(production ? [] : refreshPlugins(federationName(packageDir))),
        new webpack.DefinePlugin({
          // The API base is a build-time setting, empty (same origin) by default.
          'process.env.CALLBOARD_API_BASE': JSON.stringify(process.env.CALLBOARD_API_BASE ?? ''),
        }),
        ...(production && budget ? [new BudgetPlugin(budget)] : []),
        ...(remoteBuild ? [new RemoteBuildPlugin(remoteBuild)] : []),
        ...(production && firstScreens ? [new FirstScreenPlugin({ renderModule: firstScreens, nodeConfig: firstScreenNodeConfig(packageDir) })] : []),
        // Compressed once at build time, so the API serves .br/.gz files instead of compressing per request.
        ...(production
          ? [
              new CompressionPlugin({ test: /\.(js|css)$/, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024 }),
              new CompressionPlugin({
                test: /\.(js|css)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
              }),
            ]
          : []),
      ],
      optimization: {
        runtimeChunk: false,
        ...(exposes ? (production ? REMOTE_CHUNKS : REMOTE_DEV_CHUNKS) : {}),
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        // Hot updates (with React Fast Refresh, ./fast-refresh.js) in development only.
        hot: !production,
        // The shell fetches remote entries from other dev servers' origins.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/recordings', '/remotes.json'], target: apiTarget, changeOrigin: false }],
      },
    };
  };
}

module.exports = { createFederatedConfig, federationName, CHUNK_LOAD_TIMEOUT_MS };
