/** One Jest run, three projects: unit (node), web (jsdom), api (real Nest app on a real Postgres). */
// The plugin registries (gateway/src/plugins.generated.ts, web/src/plugins.generated.ts) follow the folders under plugins/.
require('./tools/plugin-registry.cjs').generate(__dirname);
const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: jsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@contracts$': '<rootDir>/contracts/src/index.ts',
  '^@contracts/(.*)$': '<rootDir>/contracts/src/$1',
  '^@gateway/core/(.*)$': '<rootDir>/gateway/src/core/$1',
  '^@web/core/(.*)$': '<rootDir>/web/src/core/$1',
  '\\.(css|svg|png)$': '<rootDir>/test/fixtures/style-stub.js',
};
const common = { rootDir: __dirname, moduleNameMapper, testPathIgnorePatterns: ['/node_modules/', '/dist/'] };
// @kubernetes/client-node (scraper-kubernetes) and the ESM-only packages it imports are `"type": "module"`: Node
// require()s them, Jest's module loader cannot, so @swc/jest turns them into CommonJS too (gateway projects only).
const esmOnly = ['@kubernetes/client-node', 'openid-client', 'oauth4webapi', 'jose'];
const transformEsm = {
  transform: { '^.+\\.ts$': swc(false), [`node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swc(false) },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

module.exports = {
  // Per-project testTimeout is ignored in multi-project runs; API suites boot a whole app per file.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      ...transformEsm,
      testMatch: [
        '<rootDir>/{contracts,gateway/src}/**/*.spec.ts',
        '<rootDir>/plugins/*/{gateway,manifest}*/**/*.spec.ts',
        '<rootDir>/plugins/*/gateway/**/*.spec.ts',
        '<rootDir>/test/lint/**/*.spec.ts',
      ],
      // A plugin's *.api.spec.ts boots a whole app on Postgres: it belongs to the api project (and its global setup).
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.api\\.spec\\.ts$'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': swc(true) },
      setupFilesAfterEnv: ['<rootDir>/web/jest.setup.ts'],
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}', '<rootDir>/plugins/*/web/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      ...transformEsm,
      testMatch: [
        '<rootDir>/test/api/**/*.api.spec.ts',
        '<rootDir>/test/security/**/*.api.spec.ts',
        '<rootDir>/test/fault/**/*.api.spec.ts',
        '<rootDir>/plugins/*/gateway/**/*.api.spec.ts',
      ],
      globalSetup: '<rootDir>/test/api/global-setup.ts',
    },
  ],
};
