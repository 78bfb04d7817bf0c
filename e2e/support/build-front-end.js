// jest globalSetup of the e2e project: the browser tests run against the production build, so make it current first.
// CALLBOARD_E2E_SKIP_BUILD=1 uses the dist folders as they are (when you have just built what you changed).
const { buildStale } = require('../../scripts/build-web');

module.exports = async function buildFrontEnd() {
  if (process.env.CALLBOARD_E2E_SKIP_BUILD === '1') return;
  buildStale({ log: (line) => console.log(`\n${line}`) });
};
