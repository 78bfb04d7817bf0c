/* eslint-disable @typescript-eslint/no-require-imports -- the webpack configurations are CommonJS files run by webpack-cli. */
import { REMOTES } from '@callboard/contract';

const packages = ['shell', ...REMOTES.map((remote) => remote.folder)];

test.each(packages)('%s: a production build writes hidden source maps (no sourceMappingURL comment); development keeps eval maps', (folder) => {
  const config = require(`../../../${folder}/webpack.config.js`);
  expect(config({}, { mode: 'production' }).devtool).toBe('hidden-source-map');
  expect(config({}, { mode: 'development' }).devtool).toBe('eval-cheap-module-source-map');
});
