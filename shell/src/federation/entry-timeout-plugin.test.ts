import entryTimeoutPlugin, { REMOTE_ENTRY_TIMEOUT_MS } from './entry-timeout-plugin';

test('remote entries get the design card 120 s, like the chunks', () => {
  expect(REMOTE_ENTRY_TIMEOUT_MS).toBe(120_000);
  const plugin = entryTimeoutPlugin();
  expect(plugin.createScript?.({ url: 'http://cdn.example.com/remoteEntry.js' })).toEqual({ timeout: 120_000 });
});

test('the webpack configuration of every package waits 120 s for a chunk', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createFederatedConfig, CHUNK_LOAD_TIMEOUT_MS } = require('../../../scripts/webpack/create-federated-config');
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  const config = createFederatedConfig({ packageDir: `${__dirname}/../..`, devPort: 3000 })({}, { mode: 'production' });
  expect(config.output.chunkLoadTimeout).toBe(120_000);
  expect(config.output.publicPath).toBe('auto');
  expect(config.optimization.runtimeChunk).toBe(false);
});
