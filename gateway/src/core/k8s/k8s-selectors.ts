import { apply as applyMergePatch } from 'json-merge-patch';
import { LabelSelectorError, labelsMatch, parseLabelSelector as readSelector, type LabelRequirement } from '../selectors/label-selector';
import { K8sError } from './k8s-status';

/** A field selector's values are names, not labels: anything but a comma or parentheses. */
const FIELD_VALUE = /^[^,()]*$/;

/** The core reader of label selectors (one meaning everywhere), its refusals as Kubernetes' 400. */
function requirements(text: string, options: { value?: RegExp } = {}): LabelRequirement[] {
  try {
    return readSelector(text, options);
  } catch (error) {
    if (error instanceof LabelSelectorError) throw new K8sError(400, 'BadRequest', `unable to parse requirement: ${error.message} in selector "${text}"`);
    throw error;
  }
}

/** `app=web,tier!=db,env in (a,b),team,!legacy` → a test on an object's labels. */
export function parseLabelSelector(text: string | undefined): (labels: Record<string, string>) => boolean {
  if (!text || !text.trim()) return () => true;
  const read = requirements(text);
  return (labels) => labelsMatch(read, labels);
}

/** `metadata.name=x,metadata.namespace!=y`: the fields every kind supports (as Kubernetes does for custom resources). */
export function parseFieldSelector(text: string | undefined): { name?: string; test: (o: { name: string; namespace: string }) => boolean } {
  if (!text || !text.trim()) return { test: () => true };
  const read = requirements(text, { value: FIELD_VALUE });
  const fields: Record<string, string> = {};
  for (const r of read) {
    if (r.key !== 'metadata.name' && r.key !== 'metadata.namespace') {
      throw new K8sError(400, 'BadRequest', `"${r.key}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
    }
    if (r.op !== 'eq' && r.op !== 'neq') throw new K8sError(400, 'BadRequest', `field selectors take = or != only, not "${r.op}"`);
  }
  const named = read.find((r) => r.key === 'metadata.name' && r.op === 'eq');
  return {
    name: named && 'value' in named ? named.value : undefined,
    test: (o) => labelsMatch(read, Object.assign(fields, { 'metadata.name': o.name, 'metadata.namespace': o.namespace })),
  };
}

/** RFC 7386 JSON merge patch (json-merge-patch): objects merge, null removes, anything else (arrays too) replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  return applyMergePatch(structuredClone(target ?? {}), patch);
}
