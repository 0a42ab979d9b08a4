import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The generator is plain Node (it runs before anything is compiled): tools/plugin-registry.cjs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const registry = require('../../../../tools/plugin-registry.cjs') as {
  generate(root: string): string[];
};

/** A scratch repository root holding `files` (path → content). */
function scratchRoot(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-registry-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  fs.mkdirSync(path.join(root, 'gateway/src/database/migrations'), { recursive: true });
  fs.mkdirSync(path.join(root, 'web/src'), { recursive: true });
  return root;
}

const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const manifest = (id: string, extra = '') => `const manifest = { id: '${id}', title: 'T'${extra} };\nexport default manifest;\n`;
const migration = (cls: string) => `export class ${cls} {}\n`;

describe('plugin registry generator (tools/plugin-registry.cjs)', () => {
  it('finds each plugin by its folder: gateway module, web entry, migrations; no list is edited', () => {
    const root = scratchRoot({
      'plugins/check-echo/manifest.ts': manifest('check-echo'),
      'plugins/check-echo/gateway/echo.module.ts': 'export class CheckEchoModule {}\n',
      'plugins/check-echo/web/index.ts': 'export default {};\n',
      'plugins/profile/manifest.ts': manifest('profile'),
      'plugins/profile/web/index.tsx': 'export default {};\n',
      'plugins/catalog/manifest.ts': manifest('catalog'),
      'plugins/catalog/gateway/catalog.module.ts': 'export class CatalogModule {}\n',
      'plugins/catalog/migrations/1700000000002-CatalogThing.ts': migration('CatalogThing1700000000002'),
      'gateway/src/database/migrations/1700000000001-Core.ts': migration('Core1700000000001'),
      'gateway/src/database/migrations/1700000000003-Later.ts': migration('Later1700000000003'),
    });
    registry.generate(root);
    const gateway = read(root, 'gateway/src/plugins.generated.ts');
    expect(gateway).toContain("import { CheckEchoModule as checkEchoModule } from '../../plugins/check-echo/gateway/echo.module';");
    expect(gateway).toContain('{ manifest: catalogManifest, module: catalogModule },');
    expect(gateway).not.toContain('profile'); // no gateway side
    const web = read(root, 'web/src/plugins.generated.ts');
    expect(web).toContain("import checkEcho from '../../plugins/check-echo/web/index';");
    expect(web).toContain("import profile from '../../plugins/profile/web/index';");
    const migrations = read(root, 'gateway/src/migrations.generated.ts');
    expect(migrations.indexOf('Core1700000000001,')).toBeLessThan(migrations.indexOf('CatalogThing1700000000002,'));
    expect(migrations.indexOf('CatalogThing1700000000002,')).toBeLessThan(migrations.indexOf('Later1700000000003,'));
    expect(migrations).toContain("from '../../plugins/catalog/migrations/1700000000002-CatalogThing'");
    expect(migrations).not.toContain('Module');
  });

  it('puts a plugin after the plugins it depends on', () => {
    const root = scratchRoot({
      'plugins/a-consumer/manifest.ts': manifest('a-consumer', ", dependsOn: ['z-provider']"),
      'plugins/a-consumer/gateway/a.module.ts': 'export class AModule {}\n',
      'plugins/z-provider/manifest.ts': manifest('z-provider'),
      'plugins/z-provider/gateway/z.module.ts': 'export class ZModule {}\n',
    });
    registry.generate(root);
    const gateway = read(root, 'gateway/src/plugins.generated.ts');
    expect(gateway.indexOf('zProviderModule },')).toBeLessThan(gateway.indexOf('aConsumerModule },'));
  });

  it('rewrites nothing when nothing changed (no rebuild is triggered)', () => {
    const root = scratchRoot({ 'plugins/p/manifest.ts': manifest('p'), 'plugins/p/web/index.ts': 'export default {};\n' });
    expect(registry.generate(root)).toHaveLength(3);
    expect(registry.generate(root)).toEqual([]);
  });

  it.each([
    ['a manifest id that is not the folder name', { 'plugins/p/manifest.ts': manifest('q') }, "the manifest's id must be the folder name 'p' (found 'q')"],
    [
      'two gateway modules',
      {
        'plugins/p/manifest.ts': manifest('p'),
        'plugins/p/gateway/a.module.ts': 'export class AModule {}',
        'plugins/p/gateway/b.module.ts': 'export class BModule {}',
      },
      'one *.module.ts per plugin, found a.module.ts, b.module.ts',
    ],
    [
      'a badly named migration',
      { 'plugins/p/manifest.ts': manifest('p'), 'plugins/p/migrations/add-things.ts': '' },
      'a migration file is named <13-digit timestamp>-<Name>.ts',
    ],
    [
      'two migrations with one timestamp',
      {
        'plugins/p/manifest.ts': manifest('p'),
        'plugins/p/migrations/1700000000001-One.ts': migration('One1700000000001'),
        'gateway/src/database/migrations/1700000000001-Other.ts': migration('Other1700000000001'),
      },
      'two migrations share the timestamp 1700000000001',
    ],
    [
      'a manifest without a default export',
      { 'plugins/p/manifest.ts': "export const manifest = { id: 'p', title: 'P' };\n" },
      'plugins/p/manifest.ts: export the PluginManifest as the default export',
    ],
    [
      'a web entry without a default export',
      { 'plugins/p/manifest.ts': manifest('p'), 'plugins/p/web/index.tsx': 'export const plugin = {};\n' },
      'plugins/p/web/index.tsx: export the plugin as the default export',
    ],
    ['a missing dependency', { 'plugins/p/manifest.ts': manifest('p', ", dependsOn: ['gone']") }, "depends on 'gone', which is not a folder under plugins/"],
  ])('fails on %s, naming the file', (_what, files, message) => {
    expect(() => registry.generate(scratchRoot(files))).toThrow(message);
  });
});
