// jest globalSetup of the e2e project: the browser tests run against the production build, so make it current first.
const { buildStale } = require('../../scripts/build-web');

module.exports = async function buildFrontEnd() {
  buildStale({ log: (line) => console.log(`\n${line}`) });
};
