const path = require('node:path');
const { createFederatedConfig } = require('../scripts/webpack/create-federated-config');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  runtimePlugins: [path.join(__dirname, 'src/federation/entry-timeout-plugin.ts')],
  // /login's page, written by the build with the sign-in form already in it (src/first-screen/).
  firstScreens: path.join(__dirname, 'src/first-screen/render-first-screens.tsx'),
  budget: { initialJsGzipKb: 160, forbidden: ['xlsx', 'exceljs', 'papaparse'], onlyThrough: { 'react-router-dom': 'shared-router', 'react-router': 'shared-router' } },
});
