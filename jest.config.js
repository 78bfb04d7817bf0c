/**
 * One `jest` run covers every package. The API suite runs twice: once on the
 * embedded PGlite and once on PostgreSQL (TEST_DATABASE_URL), with the same
 * test files, so both engines are held to the same behaviour.
 */
const frontEnd = require('./contract/src/remotes.json');

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

const workspaceSources = {
  '^@callboard/contract$': '<rootDir>/contract/src/index.ts',
  '^@callboard/contract/(date-range|new-york-time|view-query|remote-builds|records-cursor|disputes|partner-keys|scorecard|ingest-keys|notifications|delivery|report-schedules|changes|platforms|connectors|alerts|event-subscriptions|imports|card-figures)$': '<rootDir>/contract/src/$1.ts',
};

/** Front-end packages: jsdom, TSX with React's automatic runtime, workspace packages read from source. */
const swcReact = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
  module: { type: 'commonjs' },
}];
const web = (displayName, packages) => ({
  displayName,
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: packages.map((p) => `<rootDir>/${p}/src/**/*.test.{ts,tsx}`),
  transform: { '^.+\\.(t|j)sx?$': swcReact },
  // The CSS stub comes first, so `@callboard/shared-ui/theme.css` is stubbed too.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/scripts/jest/style-stub.js',
    ...workspaceSources,
    '^@callboard/(shared-auth|shared-ui)/(.*)$': '<rootDir>/$1/src/$2',
    '^@callboard/shared-router$': '<rootDir>/shared-router/src/index.ts',
  },
  // jotai 3 ships only ES modules, so it is compiled like our code.
  transformIgnorePatterns: ['/node_modules/(?!jotai/)'],
  setupFiles: ['<rootDir>/scripts/jest/web-globals.js'],
  setupFilesAfterEnv: ['<rootDir>/scripts/jest/web-matchers.js'],
});

const node = (displayName, extra) => ({
  displayName,
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: workspaceSources,
  // `content-disposition` 3 (under @fastify/static 10) ships only ES modules (Node 20.19+ can require them,
  // jest cannot), so it is compiled like our code.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  ...extra,
});

module.exports = {
  // Booting PGlite (WebAssembly) and creating a PostgreSQL database take seconds on a busy 2-core machine.
  testTimeout: 30_000,
  // One test file per core. Jest's default leaves a core free, which on a 2-core machine runs the files one
  // at a time, although most of their time is spent waiting on PostgreSQL, PGlite's start or Chromium: two
  // at a time took the whole run from 26 to under 10 minutes here. Every file keeps its own database (a
  // PostgreSQL database of its own, an in-memory PGlite) and its own server port, so they run side by side.
  maxWorkers: '100%',
  projects: [
    web('web', ['shared-auth', 'shared-ui', frontEnd.host.folder, ...frontEnd.remotes.map((remote) => remote.folder)]),
    node('contract', { testMatch: ['<rootDir>/contract/src/**/*.test.ts'] }),
    // The build and deploy scripts' own logic (scripts/*.js), beside the code they test.
    node('scripts', { testMatch: ['<rootDir>/scripts/*.test.js'] }),
    node('api-unit', { testMatch: ['<rootDir>/api/src/**/*.test.ts'] }),
    node('api-pglite', {
      testMatch: ['<rootDir>/api/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/api/test/instances/'],
      setupFiles: ['<rootDir>/api/test/support/use-pglite.js'],
    }),
    // Real Chromium against the production build served by the API; globalSetup builds what is stale.
    node('e2e', {
      testMatch: ['<rootDir>/e2e/tests/**/*.test.ts'],
      globalSetup: '<rootDir>/e2e/support/build-front-end.js',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/timeouts.js'],
    }),
    node('api-postgres', {
      testMatch: ['<rootDir>/api/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/api/test/instances/'],
      setupFiles: ['<rootDir>/api/test/support/use-postgres.js'],
    }),
    // Several real server processes (the compiled server) on one PostgreSQL database; needs TEST_DATABASE_URL.
    node('api-instances', {
      testMatch: ['<rootDir>/api/test/instances/**/*.test.ts'],
      setupFiles: ['<rootDir>/api/test/support/use-postgres.js'],
    }),
  ],
};
