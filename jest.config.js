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
/**
 * Packages published as ES modules only (`"type": "module"` with no `require` export): Node require()s them, Jest's
 * module loader cannot, so @swc/jest turns them into CommonJS for the gateway projects. Found in node_modules when
 * Jest starts, so a plugin that brings such a library (scraper-kubernetes: @kubernetes/client-node and openid-client)
 * needs no edit here.
 */
function esmOnlyPackages() {
  const fs = require('node:fs');
  const path = require('node:path');
  const root = path.join(__dirname, 'node_modules');
  const hasRequire = (exports) =>
    !!exports && typeof exports === 'object' && Object.entries(exports).some(([key, value]) => key === 'require' || hasRequire(value));
  const names = fs
    .readdirSync(root)
    .flatMap((name) => (name.startsWith('@') ? fs.readdirSync(path.join(root, name)).map((inner) => `${name}/${inner}`) : [name]));
  return names.filter((name) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, name, 'package.json'), 'utf8'));
      return pkg.type === 'module' && !hasRequire(pkg.exports) && !String(pkg.main ?? '').endsWith('.cjs');
    } catch {
      return false;
    }
  });
}
const esmOnly = esmOnlyPackages().map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
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
        // The Helm chart rendered as Helm would (Go text/template + sprig) and validated against the Kubernetes schemas.
        '<rootDir>/test/helm/**/*.spec.ts',
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
        // Two replicas on one database (in-process, plus one child process killed mid-work).
        '<rootDir>/test/scale/**/*.api.spec.ts',
        '<rootDir>/plugins/*/gateway/**/*.api.spec.ts',
      ],
      globalSetup: '<rootDir>/test/api/global-setup.ts',
    },
  ],
};
