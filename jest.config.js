/**
 * One `jest` run covers every package. The API suite runs twice: once on the
 * embedded PGlite and once on PostgreSQL (TEST_DATABASE_URL), with the same
 * test files, so both engines are held to the same behaviour.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

const workspaceSources = {
  '^@callboard/contract$': '<rootDir>/contract/src/index.ts',
};

const node = (displayName, extra) => ({
  displayName,
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: workspaceSources,
  // `cookie` 2 and `content-disposition` 3 (under @fastify/static) ship only ES modules (Node 20.19+ can
  // require them, jest cannot), so they are compiled like our code.
  transformIgnorePatterns: ['/node_modules/(?!(?:cookie|content-disposition)/)'],
  ...extra,
});

module.exports = {
  // Booting PGlite (WebAssembly) and creating a PostgreSQL database take seconds on a busy 2-core machine.
  testTimeout: 30_000,
  projects: [
    node('contract', { testMatch: ['<rootDir>/contract/src/**/*.test.ts'] }),
    node('api-unit', { testMatch: ['<rootDir>/api/src/**/*.test.ts'] }),
    node('api-pglite', {
      testMatch: ['<rootDir>/api/test/**/*.test.ts'],
      setupFiles: ['<rootDir>/api/test/support/use-pglite.js'],
    }),
    node('api-postgres', {
      testMatch: ['<rootDir>/api/test/**/*.test.ts'],
      setupFiles: ['<rootDir>/api/test/support/use-postgres.js'],
    }),
  ],
};
