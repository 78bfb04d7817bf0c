/**
 * Puts a remote's finished production build in place: webpack writes into a
 * staging folder under `dist/`, and only when the whole build is written
 * without errors (budgets included) does this move it to
 * `dist/<version>-<hash>/` and flip `dist/current.json` to it
 * (scripts/remote-builds.js). A failed build leaves the current one serving.
 */
const fs = require('node:fs');
const { installBuild } = require('../remote-builds');

class RemoteBuildPlugin {
  /** @param {{ distDir: string, stagingDir: string, version: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.done.tap('RemoteBuildPlugin', (stats) => {
      const { distDir, stagingDir, version } = this.options;
      if (stats.hasErrors()) {
        fs.rmSync(stagingDir, { recursive: true, force: true });
        return;
      }
      const id = installBuild(distDir, stagingDir, version);
      compiler.getInfrastructureLogger('RemoteBuildPlugin').info(`dist/${id}/ is the current build`);
    });
  }
}

module.exports = { RemoteBuildPlugin };
