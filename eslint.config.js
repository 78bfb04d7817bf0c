/**
 * One lint configuration for the whole repository. `npm run lint` lints it all in
 * one process (the packages share one project service, so shared types are read
 * once); `npx lerna run lint` lints package by package, with nx's cache. Both need
 * the contract compiled first (its types are read from contract/dist).
 *
 * - Plain JavaScript (build scripts, webpack and jest configuration, jest setup
 *   files) is CommonJS for Node.
 * - TypeScript gets typescript-eslint's type-aware rules. The project service
 *   gives each file the program of its nearest tsconfig.json; the tests that a
 *   package's build project leaves out are found through the root tsconfig.json.
 * - The front-end packages get the rules of hooks and the React Compiler's checks.
 * - Import boundaries, by package folder (so files may move inside a package):
 *   a remote never imports the shell or another remote; the shared packages never
 *   import a remote or the shell; contract imports nothing of ours; only
 *   shared-router imports react-router.
 */
const js = require('@eslint/js');
const { defineConfig, globalIgnores } = require('eslint/config');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const tseslint = require('typescript-eslint');

const TS = '**/*.{ts,tsx}';
/** Test code: the tests, the API's test support, and each package's test-only `testing` modules. */
const TEST_CODE = ['**/*.test.{ts,tsx}', 'api/test/**', 'e2e/**', '**/testing/**', '**/testing.tsx'];

/** What a package must not import; each entry is a `no-restricted-imports` pattern. */
const ROUTER = {
  regex: '^react-router(-dom)?(/|$)',
  message:
    'Import the router from @callboard/shared-router: Module Federation shares that one package, so every bundle sees the same router contexts.',
};
const SHELL = {
  regex: '^(@callboard/shell|(\\.\\./)+shell)(/|$)',
  message: 'Only the host knows the shell: share the code through a shared package instead.',
};
const REMOTES = {
  regex: '^(@callboard/|(\\.\\./)+)remote-[a-z]+(/|$)',
  message: 'A remote is loaded at run time by the shell, never imported: share the code through a shared package instead.',
};
const OUR_PACKAGES = {
  regex: '^(@callboard/|(\\.\\./)+(api|e2e|scripts|shell|(shared|remote)-[a-z]+)(/|$))',
  message: 'contract is the bottom of the graph: the API and every front end import it, so it imports none of them.',
};

/** The boundary rule for the files of some packages, every restriction in one rule (a later config would replace it). */
const boundary = (folders, ...patterns) => ({
  files: folders.map((folder) => `${folder}/**/*.{ts,tsx,js}`),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

module.exports = defineConfig(
  globalIgnores(['**/dist/', '**/coverage/', 'data/', 'bench/tmp/', '.nx/', 'e2e/.deploys-*/', 'e2e/.dev-server-*/', '.ci/logs/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  // Jest setup files: the web ones patch the jsdom window, the e2e ones call jest.
  { files: ['scripts/jest/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['e2e/support/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.jest } } },
  // Tests of the build and deploy scripts, beside them.
  { files: ['scripts/*.test.js'], languageOptions: { globals: { ...globals.node, ...globals.jest } } },

  {
    files: [TS],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      // A leading underscore marks a deliberately unused name, e.g. a field left out of a rest copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Fastify plugins and handlers, and the fetch doubles of tests, are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      // A wrapper passes an abort signal's reason or a caught error on unchanged, whatever its type.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    files: TEST_CODE,
    rules: {
      // Tests read JSON bodies (typed `any` by inject() and fetch) and assert on them: the assertion is the check.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // ...and name such a body's rows `any` where spelling out each row type would only repeat the assertions.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  {
    files: ['shell', 'shared-auth', 'shared-ui', 'shared-router', 'remote-*'].map((folder) => `${folder}/${TS}`),
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // These two serve the React Compiler, which the app does not use: the latest-value ref written in render
      // (read by listeners added once) and effects that reset local state when their inputs change are deliberate here.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: TEST_CODE,
    // A test's location probe writes what the router saw into an object the test reads after rendering.
    rules: { 'react-hooks/immutability': 'off' },
  },

  boundary(['contract'], OUR_PACKAGES, ROUTER),
  boundary(['shared-router'], SHELL, REMOTES),
  boundary(['shared-auth', 'shared-ui'], SHELL, REMOTES, ROUTER),
  boundary(['remote-*'], SHELL, REMOTES, ROUTER),
  boundary(['shell', 'api', 'e2e', 'scripts'], ROUTER),
);
