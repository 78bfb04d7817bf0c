const { createFederatedConfig } = require('../scripts/webpack/create-federated-config');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  exposes: { './App': './src/app.tsx' },
  budget: { remoteEntryGzipKb: 10, forbidden: ['xlsx', 'exceljs', 'papaparse'], onlyThrough: { 'react-router-dom': 'shared-router', 'react-router': 'shared-router' } },
});
