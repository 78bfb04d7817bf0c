const path = require('node:path');
const { createFederatedConfig } = require('../scripts/webpack/create-federated-config');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  runtimePlugins: [path.join(__dirname, 'src/federation/entry-timeout-plugin.ts')],
  budget: { initialJsGzipKb: 160, forbidden: ['xlsx', 'exceljs', 'papaparse'], onlyThrough: { 'react-router-dom': 'shared-router', 'react-router': 'shared-router' } },
});
