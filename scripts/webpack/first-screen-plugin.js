/**
 * Writes the shell's prerendered first screens (contract/src/first-screens.json): for each, a copy of
 * index.html whose `#root` already holds the screen's markup, with the stylesheets it needs inline and
 * the scripts it will run preloaded, so the page paints from the HTML alone — no federation runtime,
 * no remote, no script (docs/decisions/0029-first-screen-in-the-html.md). The API serves that file for
 * the screen's route; the app takes the markup over when it starts (shell/src/first-screen/).
 *
 * The markup comes from the app's own components: before each build, `renderModule` (a .tsx file
 * exporting `renderFirstScreens()`) is bundled for Node by a compiler of its own, into the package's
 * node_modules/.cache, and run.
 */
const path = require('node:path');
const { initialChunks } = require('./budget-plugin');

/** The app's empty mount point, as html-webpack-plugin writes it (minified: the quotes may go). */
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;

class FirstScreenPlugin {
  /**
   * @param {object} options
   * @param {string} options.renderModule  the module exporting `renderFirstScreens()`
   * @param {(entry: string) => object} options.nodeConfig  the webpack configuration that bundles it for Node
   */
  constructor({ renderModule, nodeConfig }) {
    this.renderModule = renderModule;
    this.nodeConfig = nodeConfig;
    this.screens = [];
  }

  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.beforeCompile.tapPromise('FirstScreenPlugin', async () => {
      this.screens = await this.render(webpack, compiler.context);
    });
    compiler.hooks.thisCompilation.tap('FirstScreenPlugin', (compilation) => {
      // After html-webpack-plugin has written index.html (OPTIMIZE_INLINE), before anything reports sizes.
      compilation.hooks.processAssets.tap(
        { name: 'FirstScreenPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => this.emitPages(compilation, webpack),
      );
    });
  }

  /** Bundles the render module for Node and runs it: one RenderedFirstScreen per page. */
  async render(webpack, context) {
    const outputDir = path.join(context, 'node_modules', '.cache', 'first-screen');
    const config = this.nodeConfig(this.renderModule);
    const stats = await new Promise((resolve, reject) => {
      webpack({ ...config, output: { path: outputDir, filename: 'render.js', library: { type: 'commonjs2' }, clean: true } }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
    if (stats.hasErrors()) throw new Error(`first screens: ${stats.toString({ all: false, errors: true })}`);
    const bundle = path.join(outputDir, 'render.js');
    delete require.cache[bundle];
    return require(bundle).renderFirstScreens();
  }

  emitPages(compilation, webpack) {
    const index = compilation.getAsset('index.html');
    if (!index) throw new Error('first screens: html-webpack-plugin wrote no index.html');
    const html = index.source.source().toString();
    if (!ROOT_ELEMENT.test(html)) throw new Error(`first screens: index.html has no empty <div id="root">: ${html}`);

    const files = initialChunks(compilation).flatMap((chunk) => [...chunk.files]);
    const publicPath = '/';
    // The stylesheets of everything the first render uses, in the order the chunks are reached.
    const css = files.filter((file) => file.endsWith('.css')).map((file) => compilation.getAsset(file).source.source().toString());
    // Every script the takeover needs, fetched at once instead of one after another as the federation runtime finds them.
    const preloads = files
      .filter((file) => file.endsWith('.js') && !html.includes(`${publicPath}${file}`))
      .map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`);

    for (const screen of this.screens) {
      const head = [`<script>${screen.script}</script>`, `<style>${css.join('\n')}</style>`, ...preloads].join('');
      const page = html
        .replace('</head>', () => `${head}</head>`)
        .replace(ROOT_ELEMENT, () => `<div id="root" data-first-screen="${screen.path}">${screen.markup}</div>`);
      compilation.emitAsset(screen.file, new webpack.sources.RawSource(page));
    }
  }
}

module.exports = { FirstScreenPlugin };
