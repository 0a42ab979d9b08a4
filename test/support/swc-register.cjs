/**
 * A require hook that lets plain `node` run the gateway's TypeScript sources, as Jest does (jest.config.js): `.ts`
 * files are compiled by @swc/core with the same options (decorators with metadata, CommonJS), and the path aliases
 * of tsconfig.json / Jest's moduleNameMapper (@contracts, @gateway/core, @web/core) resolve to the sources.
 *
 *   node -r ./test/support/swc-register.cjs gateway/src/main.ts
 *
 * Used by test/support/gateway-process.ts to start a real second gateway process in the API tier (before any build).
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '..', '..');
const ALIASES = [
  [/^@contracts$/, 'contracts/src/index.ts'],
  [/^@contracts\/(.*)$/, 'contracts/src/$1'],
  [/^@gateway\/core\/(.*)$/, 'gateway/src/core/$1'],
  [/^@web\/core\/(.*)$/, 'web/src/core/$1'],
];

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, isMain, options) {
  for (const [pattern, target] of ALIASES) {
    if (pattern.test(request)) {
      request = path.join(root, request.replace(pattern, target));
      break;
    }
  }
  return resolveFilename.call(this, request, parent, isMain, options);
};

const OPTIONS = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, tsx: false },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...OPTIONS, filename });
  module._compile(code, filename);
};
