/**
 * What scripts/webpack/create-federated-config.js decides per package and mode (decision 0028): one
 * federation runtime (the shell provides it, the remotes read it), and React Fast Refresh in the dev
 * servers only. The builds themselves are checked by their budgets and the e2e suites.
 */
import path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports */

type WebpackPlugin = { constructor: { name: string }; _options?: { experiments?: Record<string, unknown> }; options?: { library?: string } };
interface Config {
  entry: unknown;
  plugins: WebpackPlugin[];
  module: { rules: { loader?: string; options?: { getCustomTransformers?: unknown } }[] };
  devServer: { hot: boolean };
}

const repo = path.resolve(__dirname, '../../..');
function configOf(folder: string, mode: 'development' | 'production'): Config {
  const factory = require(path.join(repo, folder, 'webpack.config.js')) as (env: object, argv: { mode: string }) => Config;
  return factory({}, { mode });
}
const pluginNamed = (config: Config, name: string) => config.plugins.find((plugin) => plugin.constructor.name === name);
const federation = (config: Config) => pluginNamed(config, 'ModuleFederationPlugin')?._options?.experiments;
const tsLoader = (config: Config) => config.module.rules.find((rule) => rule.loader === 'ts-loader');

test('the shell provides the federation runtime; every remote reads it, and brings one for its dev page only', () => {
  expect(federation(configOf('shell', 'production'))).toMatchObject({ provideExternalRuntime: true, externalRuntime: false });
  expect(pluginNamed(configOf('shell', 'development'), 'StandaloneRuntimePlugin')).toBeUndefined();
  for (const remote of ['remote-reporting', 'remote-calllogs', 'remote-users']) {
    const production = configOf(remote, 'production');
    expect([remote, federation(production)]).toEqual([remote, expect.objectContaining({ provideExternalRuntime: false, externalRuntime: true })]);
    // The production build is the container alone: no standalone page, so no runtime for one.
    expect(production.entry).toEqual({});
    expect(pluginNamed(production, 'StandaloneRuntimePlugin')).toBeUndefined();
    expect(pluginNamed(production, 'HtmlWebpackPlugin')).toBeUndefined();
    const development = configOf(remote, 'development');
    expect(development.entry).toBe('./src/index.ts');
    expect(pluginNamed(development, 'StandaloneRuntimePlugin')).toBeDefined();
  }
});

test('development: hot updates with React Fast Refresh, one refresh runtime per package', () => {
  for (const [folder, library] of [['shell', 'shell'], ['remote-users', 'remote_users']] as const) {
    const config = configOf(folder, 'development');
    expect(config.devServer.hot).toBe(true);
    expect(pluginNamed(config, 'ReactRefreshPlugin')?.options?.library).toBe(library);
    expect(typeof tsLoader(config)?.options?.getCustomTransformers).toBe('function');
  }
});

test('production: no refresh runtime, no refresh transform, no hot updates', () => {
  for (const folder of ['shell', 'remote-users']) {
    const config = configOf(folder, 'production');
    expect(config.devServer.hot).toBe(false);
    expect(pluginNamed(config, 'ReactRefreshPlugin')).toBeUndefined();
    expect(tsLoader(config)?.options?.getCustomTransformers).toBeUndefined();
  }
});
