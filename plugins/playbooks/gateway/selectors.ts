import { playbookResourceKinds, RESOURCE_SELECTORS, type PlaybookSpec, type ResourceSelector, type SearchableResource } from '@contracts';

/** A resource as the selectors and templates see it. */
export interface ResourceRow {
  id: string;
  name: string | null;
  type: string | null;
  namespace: string | null;
  labels: Record<string, string> | null;
  [field: string]: unknown;
}

/** The selector list of the spec naming each kind (contracts: one rule with the run dialog). */
export const SELECTOR_KEY = RESOURCE_SELECTORS;

/** The most `*` one pattern may hold (validated at save; longer runs of `*` count as one). */
export const MAX_WILDCARDS = 8;

/**
 * `*` anywhere matches any run of characters; everything else literally (case-sensitive, as Kubernetes names are).
 * Linear in the value's length for any pattern: the pieces between stars are found left to right with indexOf (a
 * regex here froze the gateway on `**********X`).
 */
export function wildcard(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (!pattern.includes('*')) return pattern === value;
  const pieces = pattern.split('*');
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (!value.startsWith(first) || value.length < first.length + last.length) return false;
  let at = first.length;
  for (const piece of pieces.slice(1, -1)) {
    if (!piece) continue;
    const found = value.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return value.length - last.length >= at && value.endsWith(last);
}

/** `app=web,tier!=db,team` (Kubernetes equality-based label selectors; a bare key requires the label). */
export function parseLabelSelector(text: string): { key: string; op: '=' | '!=' | 'exists'; value?: string }[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const neq = part.indexOf('!=');
      if (neq > 0) return { key: part.slice(0, neq).trim(), op: '!=' as const, value: part.slice(neq + 2).trim() };
      const eq = part.indexOf('=');
      if (eq > 0)
        return {
          key: part.slice(0, eq).trim(),
          op: '=' as const,
          value: part
            .slice(eq + 1)
            .replace(/^=/, '')
            .trim(),
        };
      return { key: part, op: 'exists' as const };
    });
}

export function matchesSelector(resource: ResourceRow, selector: ResourceSelector): boolean {
  const types = [...(selector.type ? [selector.type] : []), ...(selector.types ?? [])];
  if (types.length && !types.some((t) => wildcard(t, resource.type))) return false;
  const names = [...(selector.name ? [selector.name] : []), ...(selector.names ?? [])];
  if (names.length && !names.some((n) => wildcard(n, resource.name))) return false;
  if (selector.namespace && !wildcard(selector.namespace, resource.namespace)) return false;
  const labels = resource.labels ?? {};
  for (const [key, value] of Object.entries(selector.labels ?? {})) {
    if (!(key in labels) || (value !== '*' && !wildcard(value, labels[key]))) return false;
  }
  for (const term of selector.labelSelector ? parseLabelSelector(selector.labelSelector) : []) {
    if (term.op === 'exists' && !(term.key in labels)) return false;
    if (term.op === '=' && labels[term.key] !== term.value) return false;
    if (term.op === '!=' && labels[term.key] === term.value) return false;
  }
  return true;
}

/** Whether a playbook applies to a resource of this kind: one of its selectors of that kind matches. */
export function playbookApplies(spec: PlaybookSpec, kind: SearchableResource, resource: ResourceRow): boolean {
  const selectors = spec[SELECTOR_KEY[kind]];
  return Array.isArray(selectors) && selectors.some((s) => matchesSelector(resource, s));
}

/** A playbook with no selectors at all runs without a resource (manual, scheduled or webhook runs). */
export function takesNoResource(spec: PlaybookSpec): boolean {
  return !playbookResourceKinds(spec).length;
}

/**
 * The selectors as a SQL condition over a table aliased `r` with columns name, type, labels (jsonb) and the
 * namespace expression given: `(sel1) OR (sel2)`, with parameters appended to `params`. Used by the resource picker
 * to list only what a playbook applies to (the matcher above is the rule; this is its translation).
 */
export function selectorsSql(selectors: readonly ResourceSelector[], namespaceExpr: string, params: unknown[]): string {
  const like = (pattern: string) => {
    params.push(pattern.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%'));
    return `$${params.length}`;
  };
  const clauses = selectors.map((selector) => {
    const parts: string[] = [];
    const types = [...(selector.type ? [selector.type] : []), ...(selector.types ?? [])];
    if (types.length) parts.push(`(${types.map((t) => `r.type LIKE ${like(t)}`).join(' OR ')})`);
    const names = [...(selector.name ? [selector.name] : []), ...(selector.names ?? [])];
    if (names.length) parts.push(`(${names.map((n) => `r.name LIKE ${like(n)}`).join(' OR ')})`);
    if (selector.namespace) parts.push(`${namespaceExpr} LIKE ${like(selector.namespace)}`);
    for (const [key, value] of Object.entries(selector.labels ?? {})) {
      params.push(key);
      const k = `$${params.length}`;
      parts.push(value === '*' ? `r.labels ? ${k}` : `r.labels ->> ${k} LIKE ${like(value)}`);
    }
    for (const term of selector.labelSelector ? parseLabelSelector(selector.labelSelector) : []) {
      params.push(term.key);
      const k = `$${params.length}`;
      if (term.op === 'exists') parts.push(`r.labels ? ${k}`);
      else {
        params.push(term.value ?? '');
        parts.push(term.op === '=' ? `r.labels ->> ${k} = $${params.length}` : `r.labels ->> ${k} IS DISTINCT FROM $${params.length}`);
      }
    }
    return parts.length ? `(${parts.join(' AND ')})` : 'true';
  });
  return clauses.length ? `(${clauses.join(' OR ')})` : 'false';
}
