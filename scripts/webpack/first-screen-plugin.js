/**
 * Writes the shell's prerendered first screens (contract/src/first-screens.json): for each, a copy of
 * index.html whose `#root` already holds the screen's markup, with the stylesheets it needs inline, so
 * the page paints from the HTML alone — no federation runtime,
 * no remote, no script (docs/decisions/0029-first-screen-in-the-html.md). The API serves that file for
 * the screen's route; the app takes the markup over when it starts (shell/src/first-screen/).
 *
 * The markup comes from the app's own components: before each build, `renderModule` (a .tsx file
 * exporting `renderFirstScreens()`) is bundled for Node by a compiler of its own, into the package's
 * node_modules/.cache, and run. The page's entry scripts are not left as deferred tags: its inline script
 * (`firstScreenScript`) adds them once the page has painted and the person starts using it
 * (docs/decisions/0031-the-app-starts-when-the-person-does.md).
 */
const path = require('node:path');
const { initialChunks } = require('./budget-plugin');

/** The entry scripts html-webpack-plugin writes into the head (`<script defer src=/main.[hash].js>`). */
const ENTRY_SCRIPT = /<script defer(?:="")? src="?([^"\s>]+)"?><\/script>/g;

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
    this.rendered = { screens: [], firstScreenScript: () => '' };
  }

  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.beforeCompile.tapPromise('FirstScreenPlugin', async () => {
      this.rendered = await this.render(webpack, compiler.context);
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
    const { renderFirstScreens, firstScreenScript } = require(bundle);
    return { screens: renderFirstScreens(), firstScreenScript };
  }

  emitPages(compilation, webpack) {
    const index = compilation.getAsset('index.html');
    if (!index) throw new Error('first screens: html-webpack-plugin wrote no index.html');
    const html = index.source.source().toString();
    if (!ROOT_ELEMENT.test(html)) throw new Error(`first screens: index.html has no empty <div id="root">: ${html}`);

    // The stylesheets of everything the first render uses, in the order the chunks are reached. No script is
    // preloaded: a preload is fetched at high priority, beside the page, and would delay its first paint.
    const css = initialChunks(compilation)
      .flatMap((chunk) => [...chunk.files])
      .filter((file) => file.endsWith('.css'))
      .map((file) => compilation.getAsset(file).source.source().toString());

    const entryScripts = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
    if (entryScripts.length === 0) throw new Error(`first screens: index.html has no <script defer src=…>: ${html}`);
    const { screens, firstScreenScript } = this.rendered;
    for (const screen of screens) {
      const head = `<script>${firstScreenScript(entryScripts)}</script><style>${css.join('\n')}</style>`;
      const page = html
        .replace(ENTRY_SCRIPT, '')
        .replace('</head>', () => `${head}</head>`)
        .replace(ROOT_ELEMENT, () => `<div id="root" data-first-screen="${screen.path}">${screen.markup}</div>`);
      compilation.emitAsset(screen.file, new webpack.sources.RawSource(page));
    }
  }
}

module.exports = { FirstScreenPlugin };
