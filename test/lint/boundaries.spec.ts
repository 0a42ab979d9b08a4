import path from 'node:path';

/**
 * The import boundaries of eslint.config.mjs (rule `boundaries/imports`, tools/eslint/boundaries.mjs), run through
 * ESLint's Node API with the repository's own config on synthetic sources placed at chosen paths.
 * ESLint loads its flat config with a native `import()`, which Jest's module registry cannot run; so ESLint is
 * loaded by Node's own loader (`Module._load`), outside the registry, as gateway/src/core/cel/cel.ts does.
 */
type LintMessage = { ruleId: string | null; messageId?: string; message: string };
type ESLintApi = {
  ESLint: new (options: { cwd: string; overrideConfigFile: string; cache: boolean }) => {
    lintText(code: string, options: { filePath: string; warnIgnored?: boolean }): Promise<{ messages: LintMessage[] }[]>;
  };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own loader, not Jest's registry (see above)
const nodeModule = require('module') as { _load(request: string, parent: unknown, isMain: boolean): unknown };
const root = path.resolve(__dirname, '..', '..');
const { ESLint } = nodeModule._load(require.resolve('eslint'), null, false) as ESLintApi;
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs'), cache: false });

/** The boundary messageIds reported for `code` as if it were the file at `file` (repo-relative). */
async function boundaries(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file), warnIgnored: true });
  const fatal = result.messages.filter((m) => m.ruleId === null);
  if (fatal.length) throw new Error(`${file}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.messageId ?? m.message);
}

describe('import boundaries (eslint boundaries/imports)', () => {
  jest.setTimeout(60000);

  describe('a plugin imports no other plugin', () => {
    it('reports a relative import of another plugin, from either side and from the manifest', async () => {
      expect(
        await boundaries('plugins/check-prometheus/gateway/x.ts', "import { a } from '../../health/gateway/check-runner.service';\nexport { a };"),
      ).toEqual(['pluginToPlugin']);
      expect(await boundaries('plugins/health/web/x.tsx', "import { b } from '../../incidents/web/incidentsApi';\nexport { b };")).toEqual(['pluginToPlugin']);
      expect(await boundaries('plugins/health/manifest.ts', "import m from '../incidents/manifest';\nexport default m;")).toEqual(['pluginToPlugin']);
    });

    it('reports every import form: re-export, export *, dynamic import(), require(), import type', async () => {
      const code = [
        "export { c } from '../../incidents/gateway/c';",
        "export * from '../../incidents/manifest';",
        "export const load = () => import('../../incidents/gateway/incidents.module');",
        "export const r = require('../../incidents/gateway/r');",
        "export type T = import('../../incidents/manifest').T;",
        "import type { U } from '../../incidents/manifest';",
        'export type V = U;',
      ].join('\n');
      expect(await boundaries('plugins/health/gateway/x.ts', code)).toEqual(Array(6).fill('pluginToPlugin'));
    });

    it('allows its own files, contracts, core through the aliases, test support and packages', async () => {
      const code = [
        "import { a } from './check-runner.service';",
        "import m from '../manifest';",
        "import { b } from '../web/healthApi';", // reported below as web code, not as another plugin
        "import { c } from '@contracts';",
        "import { d } from '@contracts/checks';",
        "import { e } from '@gateway/core/http/domain-error';",
        "import { f } from '../../../test/support/check-context';",
        "import { Injectable } from '@nestjs/common';",
        'export { a, m, b, c, d, e, f, Injectable };',
      ].join('\n');
      expect(await boundaries('plugins/health/gateway/x.ts', code)).toEqual(['gatewayToWeb']);
    });
  });

  describe('core imports no plugin', () => {
    it('reports gateway core and web core importing a plugin', async () => {
      expect(await boundaries('gateway/src/core/checks/x.ts', "import m from '../../../../plugins/health/manifest';\nexport default m;")).toEqual([
        'coreToPlugin',
      ]);
      expect(await boundaries('web/src/core/x.tsx', "import { W } from '../../../plugins/health/web/index';\nexport { W };")).toEqual(['coreToPlugin']);
    });

    it('allows core to import core and contracts', async () => {
      expect(
        await boundaries('gateway/src/core/checks/x.ts', "import { a } from '../http/domain-error';\nimport { b } from '@contracts';\nexport { a, b };"),
      ).toEqual([]);
    });
  });

  describe('exemptions', () => {
    it('exempts the composition roots: gateway/src/plugins*.ts, gateway/src/app.module.ts, web/src/plugins*.ts', async () => {
      // Both sides of a plugin, from a file at depth 2 (gateway/src, web/src): composition roots may list either.
      const listing = [
        "import { HealthModule } from '../../plugins/health/gateway/health.module';",
        "import healthWeb from '../../plugins/health/web/index';",
        'export { HealthModule, healthWeb };',
      ].join('\n');
      expect(await boundaries('gateway/src/main.ts', listing)).toEqual(['gatewayToWeb']);
      expect(await boundaries('gateway/src/plugins.ts', listing)).toEqual([]);
      expect(await boundaries('gateway/src/plugins.registry.ts', listing)).toEqual([]);
      expect(await boundaries('gateway/src/app.module.ts', listing)).toEqual([]);
      expect(await boundaries('web/src/App.tsx', listing)).toEqual(['webToGateway']);
      expect(await boundaries('web/src/plugins.ts', listing)).toEqual([]);
    });

    it('exempts test support under test/', async () => {
      const code = [
        "import { HealthModule } from '../../../plugins/health/gateway/health.module';",
        "import { api } from '../../../web/src/core/api';",
        'export { HealthModule, api };',
      ].join('\n');
      expect(await boundaries('plugins/incidents/gateway/x.ts', code)).toEqual(['pluginToPlugin', 'gatewayToWeb']);
      expect(await boundaries('test/support/peers/x.ts', code)).toEqual([]);
    });
  });

  describe('web never imports gateway, gateway never imports web', () => {
    it('reports web and plugin web code importing gateway code', async () => {
      expect(await boundaries('web/src/pages/x.tsx', "import { a } from '@gateway/core/http/domain-error';\nexport { a };")).toEqual(['webToGateway']);
      expect(await boundaries('web/src/pages/x.tsx', "import { a } from '../../../gateway/src/core/http/domain-error';\nexport { a };")).toEqual([
        'webToGateway',
      ]);
      expect(await boundaries('plugins/health/web/x.tsx', "import { a } from '../gateway/check-runner.service';\nexport { a };")).toEqual(['webToGateway']);
    });

    it('reports gateway and plugin gateway code importing web code', async () => {
      expect(await boundaries('gateway/src/core/x.ts', "import { a } from '@web/core/api';\nexport { a };")).toEqual(['gatewayToWeb']);
      expect(await boundaries('plugins/incidents/gateway/x.ts', "import { a } from '@web/core/api';\nexport { a };")).toEqual(['gatewayToWeb']);
    });

    it('allows web code its core and contracts', async () => {
      expect(await boundaries('plugins/health/web/x.tsx', "import { a } from '@web/core/api';\nimport { b } from '@contracts';\nexport { a, b };")).toEqual([]);
    });
  });

  describe('contracts import nothing of gateway, web or plugins', () => {
    it('reports each', async () => {
      const code = [
        "import { a } from '../../gateway/src/core/x';",
        "import { b } from '@web/core/api';",
        "import m from '../../plugins/health/manifest';",
        "import { c } from './checks';",
        'export { a, b, m, c };',
      ].join('\n');
      expect(await boundaries('contracts/src/x.ts', code)).toEqual(['contractsImport', 'contractsImport', 'contractsImport']);
    });
  });
});
