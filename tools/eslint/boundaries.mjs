// Local ESLint plugin: the import boundaries of the monorepo (issue 10).
//
// Every import specifier (static import/export-from, dynamic import(), require(), `import x = require()`,
// TypeScript `import('…').T` types) is resolved against the importing file — relative paths, and the tsconfig
// aliases @contracts, @gateway/*, @web/* — and both files are placed in a zone:
//   plugin <id> (side gateway | web | shared), gateway core, gateway, web core, web, contracts, other.
// Forbidden:
//   - a plugin importing another plugin (plugins/<a>/** -> plugins/<b>/**, b != a);
//   - gateway/src/core/** and web/src/core/** importing plugins/**;
//   - web code (web/**, plugins/*/web/**) importing gateway code (gateway/**, plugins/*/gateway/**);
//   - gateway code (gateway/**, plugins/*/gateway/**) importing web code (web/**, plugins/*/web/**);
//   - contracts/** importing gateway, web or plugins.
// Bare package names are never restricted. Exemptions (composition roots, generated registries, test support)
// are expressed in eslint.config.mjs by leaving those files out of the rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** tsconfig.json "paths" (plus the rest of @gateway/* and @web/*, which would point into those trees). */
const aliases = [
  [/^@contracts$/, 'contracts/src/index.ts'],
  [/^@contracts\//, 'contracts/src/'],
  [/^@gateway\//, 'gateway/src/'],
  [/^@web\//, 'web/src/'],
];

/** Repo-relative POSIX path the specifier points at, or null for a package (or a path outside the repo). */
export function resolveSpecifier(spec, fromFile, root = defaultRoot) {
  if (spec.startsWith('.') || path.isAbsolute(spec)) return toRepoPath(path.resolve(path.dirname(fromFile), spec), root);
  for (const [re, target] of aliases) if (re.test(spec)) return spec.replace(re, target);
  return null;
}

function toRepoPath(abs, root) {
  const rel = path.relative(root, abs).split(path.sep).join('/');
  return rel.startsWith('../') || rel === '..' ? null : rel;
}

/** The zone of a repo-relative path. */
export function zoneOf(rel) {
  if (rel == null) return null;
  const p = rel.split('/');
  if (p[0] === 'plugins' && p.length >= 2) {
    const side = p[2] === 'gateway' || p[2] === 'web' ? p[2] : 'shared';
    return { kind: 'plugin', plugin: p[1], side };
  }
  if (p[0] === 'gateway') return { kind: 'gateway', core: p[1] === 'src' && p[2] === 'core' };
  if (p[0] === 'web') return { kind: 'web', core: p[1] === 'src' && p[2] === 'core' };
  if (p[0] === 'contracts') return { kind: 'contracts' };
  return { kind: 'other' };
}

const isGatewayCode = (z) => z.kind === 'gateway' || (z.kind === 'plugin' && z.side === 'gateway');
const isWebCode = (z) => z.kind === 'web' || (z.kind === 'plugin' && z.side === 'web');

/** The messageId and data of the boundary an import crosses, or null. */
export function violation(from, to) {
  if (!from || !to) return null;
  if (from.kind === 'plugin' && to.kind === 'plugin' && from.plugin !== to.plugin) {
    return { messageId: 'pluginToPlugin', data: { from: from.plugin, to: to.plugin } };
  }
  if ((from.kind === 'gateway' || from.kind === 'web') && from.core && to.kind === 'plugin') {
    return { messageId: 'coreToPlugin', data: { core: `${from.kind} core`, to: to.plugin } };
  }
  if (from.kind === 'contracts' && (to.kind === 'gateway' || to.kind === 'web' || to.kind === 'plugin')) {
    return { messageId: 'contractsImport', data: { to: to.kind === 'plugin' ? `plugin ${to.plugin}` : to.kind } };
  }
  if (isWebCode(from) && isGatewayCode(to)) return { messageId: 'webToGateway', data: {} };
  if (isGatewayCode(from) && isWebCode(to)) return { messageId: 'gatewayToWeb', data: {} };
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps plugins, core, web, gateway and contracts from importing across their boundaries' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      pluginToPlugin:
        "Plugin '{{from}}' imports plugin '{{to}}': plugins talk through extension points or the owner's public services, never each other's files.",
      coreToPlugin: "{{core}} imports plugin '{{to}}': core must not depend on a plugin (only the composition roots list plugins).",
      webToGateway: 'Web code imports gateway code: the SPA may share only contracts with the gateway.',
      gatewayToWeb: 'Gateway code imports web code: the gateway may share only contracts with the SPA.',
      contractsImport: 'contracts imports {{to}}: contracts holds shapes only and depends on nothing in the repo.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? defaultRoot;
    const filename = context.physicalFilename ?? context.filename;
    const from = zoneOf(toRepoPath(path.resolve(filename), root));
    if (!from || from.kind === 'other') return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const v = violation(from, zoneOf(resolveSpecifier(node.value, path.resolve(filename), root)));
      if (v) context.report({ node, ...v });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSExternalModuleReference: (n) => check(n.expression),
      TSImportType: (n) => check(n.source), // `import('x').T`; typescript-eslint 8 names the string `source`
      CallExpression(n) {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length === 1) check(n.arguments[0]);
      },
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { imports: rule } };
