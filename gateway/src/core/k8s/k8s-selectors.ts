import { K8sError } from './k8s-status';

/** One requirement of a label selector (`app=web`, `tier!=db`, `env in (a,b)`, `team`, `!legacy`). */
interface Requirement {
  key: string;
  op: 'in' | 'notin' | 'exists' | '!exists';
  values: string[];
}

const badSelector = (text: string, why: string) => new K8sError(400, 'BadRequest', `unable to parse requirement: ${why} in selector "${text}"`);

/** Splits on commas outside parentheses. */
function terms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((t) => t.trim()).filter(Boolean);
}

export function parseLabelSelector(text: string | undefined): (labels: Record<string, string>) => boolean {
  if (!text || !text.trim()) return () => true;
  const requirements: Requirement[] = terms(text).map((term) => {
    let m = /^([^\s!=(),]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term);
    if (m)
      return {
        key: m[1],
        op: m[2] as 'in' | 'notin',
        values: m[3]
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      };
    m = /^([^\s!=(),]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/.exec(term);
    if (m) return { key: m[1], op: m[2] === '!=' ? 'notin' : 'in', values: [m[3]] };
    m = /^!\s*([^\s!=(),]+)$/.exec(term);
    if (m) return { key: m[1], op: '!exists', values: [] };
    m = /^([^\s!=(),]+)$/.exec(term);
    if (m) return { key: m[1], op: 'exists', values: [] };
    throw badSelector(text, `'${term}' is not a requirement`);
  });
  return (labels) =>
    requirements.every((r) => {
      const has = Object.prototype.hasOwnProperty.call(labels, r.key);
      if (r.op === 'exists') return has;
      if (r.op === '!exists') return !has;
      if (r.op === 'in') return has && r.values.includes(labels[r.key]);
      return !has || !r.values.includes(labels[r.key]);
    });
}

/** `metadata.name=x,metadata.namespace!=y`: the fields every kind supports (as Kubernetes does for custom resources). */
export function parseFieldSelector(text: string | undefined): { name?: string; test: (o: { name: string; namespace: string }) => boolean } {
  if (!text || !text.trim()) return { test: () => true };
  const checks: ((o: { name: string; namespace: string }) => boolean)[] = [];
  let name: string | undefined;
  for (const term of terms(text)) {
    const m = /^(metadata\.name|metadata\.namespace)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!m) throw new K8sError(400, 'BadRequest', `"${term.split(/[!=]/)[0]}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
    const field = m[1] === 'metadata.name' ? 'name' : 'namespace';
    const value = m[3].trim();
    const equal = m[2] !== '!=';
    if (field === 'name' && equal) name = value;
    checks.push((o) => (o[field] === value) === equal);
  }
  return { name, test: (o) => checks.every((c) => c(o)) };
}

/** RFC 7386 JSON merge patch: objects merge, null removes, anything else (arrays too) replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const base: Record<string, unknown> = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete base[key];
    else base[key] = mergePatch(base[key], value);
  }
  return base;
}
