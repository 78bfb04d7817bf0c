/**
 * One share-scope runtime per bundle. webpack 5.110 attaches its own share runtime module (the
 * `__webpack_require__.I` of webpack's built-in Module Federation) to every chunk that needs the
 * share-scope map, and @module-federation/enhanced adds its own, which replaces webpack's as the
 * bundle starts. webpack's copy, a second list of every shared module, is dead code in each
 * remote entry (about 0.6 KB gzip of the 10 KB budget); this plugin keeps webpack from adding it.
 * Enhanced's runtime is still added: it is attached for `initializeSharing`, required beside it.
 */
const PLUGIN_NAME = 'SingleShareRuntimePlugin';

class SingleShareRuntimePlugin {
  apply(compiler) {
    const { RuntimeGlobals } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      // A bail hook: answering first (a lower stage) stops webpack's RuntimePlugin from adding its module.
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.shareScopeMap)
        .tap({ name: PLUGIN_NAME, stage: -100 }, () => true);
    });
  }
}

module.exports = { SingleShareRuntimePlugin };
