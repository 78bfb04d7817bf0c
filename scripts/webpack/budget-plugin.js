/**
 * Size budgets, checked by every production build
 * (docs/decisions/0011-bundle-budgets.md): the build
 * fails past them, so a heavy import is caught where it is made.
 *
 * - `initialJsGzipKb`: the JS a browser downloads before the app first paints
 *   (for the shell: what /login needs). Computed from webpack's chunk graph:
 *   the entry's chunks, the `import('./bootstrap')` chunk group, and the chunks
 *   holding the fallback of every shared module those chunks consume (the
 *   federation runtime loads them before bootstrap runs), followed transitively.
 *   Chunks behind any other `import()` (lazy routes, remotes) are left out.
 * - `remoteEntryGzipKb`: the remote entry a host downloads before anything else.
 * - `forbidden`: packages that must never reach a browser bundle (spreadsheet
 *   work belongs to the server: docs/decisions/0003-exceljs-streaming-xlsx.md).
 * - `onlyThrough`: packages that may be imported only by one of ours (the
 *   router, by @callboard/shared-router): a direct import would get a second,
 *   unshared router whose contexts the rest of the app cannot see.
 */
const zlib = require('node:zlib');

const KB = 1024;

class BudgetPlugin {
  /** @param {{ initialJsGzipKb?: number, remoteEntryGzipKb?: number, forbidden?: string[] }} budget */
  constructor(budget) {
    this.budget = budget;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BudgetPlugin', (compilation) => {
      // At the report stage the assets are final (minified, hashed) and still in memory.
      compilation.hooks.processAssets.tap(
        { name: 'BudgetPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => this.check(compilation),
      );
    });
  }

  check(compilation) {
      const problems = [];
      const gzipKb = (file) => {
        const asset = compilation.getAsset(file);
        return asset ? zlib.gzipSync(asset.source.buffer(), { level: 9 }).length / KB : 0;
      };
      const lines = [];

      const forbidden = this.budget.forbidden ?? [];
      for (const module of compilation.modules) {
        const resource = module.resource ?? '';
        const hit = forbidden.find((name) => resource.includes(`/node_modules/${name}/`));
        if (hit) problems.push(`${hit} is in the browser bundle (${resource}); spreadsheet work belongs to the server`);
      }

      for (const [library, gateway] of Object.entries(this.budget.onlyThrough ?? {})) {
        for (const module of compilation.modules) {
          if (!(module.resource ?? '').includes(`/node_modules/${library}/`)) continue;
          for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
            const from = connection.originModule?.resource ?? '';
            if (!from || from.includes('/node_modules/react-router') || from.includes(`/${gateway}/`)) continue;
            problems.push(`${from} imports ${library} directly; import it from @callboard/${gateway}`);
          }
        }
      }

      if (this.budget.remoteEntryGzipKb !== undefined) {
        const size = gzipKb('remoteEntry.js');
        lines.push(`remoteEntry.js ${size.toFixed(1)} KB gzip (budget ${this.budget.remoteEntryGzipKb})`);
        if (size > this.budget.remoteEntryGzipKb) problems.push(`remoteEntry.js is ${size.toFixed(1)} KB gzip, over ${this.budget.remoteEntryGzipKb} KB`);
      }

      if (this.budget.initialJsGzipKb !== undefined) {
        const files = initialJsFiles(compilation);
        const size = files.reduce((sum, file) => sum + gzipKb(file), 0);
        lines.push(`initial JS ${size.toFixed(1)} KB gzip in ${files.length} files (budget ${this.budget.initialJsGzipKb})`);
        if (size > this.budget.initialJsGzipKb) {
          const detail = files.map((f) => `${f} ${gzipKb(f).toFixed(1)} KB`).join(', ');
          problems.push(`initial JS is ${size.toFixed(1)} KB gzip, over ${this.budget.initialJsGzipKb} KB: ${detail}`);
        }
      }

      const logger = compilation.getLogger('BudgetPlugin');
      for (const line of lines) logger.info(line);
      for (const problem of problems) compilation.errors.push(new Error(`Budget: ${problem}`));
  }
}

/**
 * The chunks loaded before first paint, following shared-module fallbacks (see the header), in the
 * order they are reached. The first-screen plugin inlines their stylesheets.
 */
function initialChunks(compilation) {
  const { chunkGraph } = compilation;
  const chunks = new Set();
  const addGroup = (group) => {
    for (const chunk of group.chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        // A consumed shared module loads its fallback through an async block before the importer runs.
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        for (const block of module.blocks) {
          const fallbackGroup = chunkGraph.getBlockChunkGroup(block);
          if (fallbackGroup) addGroup(fallbackGroup);
        }
      }
    }
  };
  // `main` is the page's entry; the container entry (remoteEntry.js) is only loaded by other hosts.
  const entrypoint = compilation.entrypoints.get('main');
  if (entrypoint) {
    addGroup(entrypoint);
    // The entry's only job is `import('./bootstrap')`: that chunk group is part of the first paint.
    for (const chunk of entrypoint.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (!/[\\/]src[\\/]index\.ts$/.test(module.resource ?? '')) continue;
        for (const block of module.blocks) {
          const group = chunkGraph.getBlockChunkGroup(block);
          if (group) addGroup(group);
        }
      }
    }
  }
  return [...chunks];
}

/** The JS files loaded before first paint. */
function initialJsFiles(compilation) {
  const files = new Set();
  for (const chunk of initialChunks(compilation)) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return [...files].sort();
}

module.exports = { BudgetPlugin, initialChunks };
