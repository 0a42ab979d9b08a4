import { YAMLParseError, parse, stringify } from 'yaml';
import { type LabelEntry, entriesToLabels, labelsToEntries } from './LabelsEditor';
import type { YamlProblem } from './yamlEditorTypes';

/**
 * The one model of a resource spec editor (canary, scrape config...) and its Kubernetes-style YAML document
 * (`apiVersion`, `kind`, `metadata`, `spec`). The Form tab edits the model; the Code tab edits the text, parsed back
 * into the model whenever it parses. The spec holds `schedule` and one list of entries per registered type
 * (`http: [...]`, `file: [...]`); other keys are left to the Code tab.
 */
export interface ResourceModel {
  name: string;
  namespace: string;
  /** Rows as the user sees them (a row being typed may have an empty key; it is left out of the document). */
  labels: LabelEntry[];
  spec: Record<string, unknown>;
}

/** A stored resource as the editor opens it. */
export interface StoredResource {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown> | null;
}

/** The settings editors' schedule list (spec 03 §5). */
export const SCHEDULE_OPTIONS = ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly'] as const;

/** Plain data both ways through the one YAML library: the core schema, no folding, no anchors, warnings kept quiet. */
const PARSE_OPTIONS = { schema: 'core', logLevel: 'error' } as const;
const STRINGIFY_OPTIONS = { lineWidth: 0, singleQuote: true, aliasDuplicateObjects: false } as const;

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored resource → the model; null: `newModel`. */
export function modelOfResource(resource: StoredResource | null, newModel: () => ResourceModel): ResourceModel {
  if (!resource) return newModel();
  return { name: resource.name, namespace: resource.namespace, labels: labelsToEntries(resource.labels), spec: resource.spec ?? {} };
}

/** The whole document as YAML; labels only when there are some. */
export function resourceYaml(
  type: { apiVersion: string; kind: string },
  metadata: { name: string; namespace: string; labels: LabelEntry[] | Record<string, string> },
  spec: Record<string, unknown>,
): string {
  const labels = Array.isArray(metadata.labels) ? entriesToLabels(metadata.labels) : metadata.labels;
  const written: Record<string, unknown> = { name: metadata.name, namespace: metadata.namespace };
  if (Object.keys(labels).length) written.labels = labels;
  return stringify({ apiVersion: type.apiVersion, kind: type.kind, metadata: written, spec }, STRINGIFY_OPTIONS);
}

export type ResourceParseResult = { ok: true; model: ResourceModel } | { ok: false; error: YamlProblem };

/**
 * YAML text → the model. Only what the editor cannot represent is an error here (bad syntax, a document that is not
 * a `kind`-shaped object); everything else is the gateway's validation.
 */
export function parseResourceYaml(text: string, { kind, defaultNamespace }: { kind: string; defaultNamespace: string }): ResourceParseResult {
  let doc: unknown;
  try {
    doc = parse(text, PARSE_OPTIONS);
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    if (position) {
      const { line, col: column } = position;
      return { ok: false, error: { message: `YAML syntax error at line ${line}, column ${column}: ${reason}`, line, column } };
    }
    return { ok: false, error: { message: `YAML syntax error: ${reason}` } };
  }
  if (!isPlainObject(doc)) return { ok: false, error: { message: `The document must be a ${kind} object (apiVersion, kind, metadata, spec)` } };
  const metadata = doc.metadata ?? {};
  if (!isPlainObject(metadata)) return { ok: false, error: { message: 'metadata: must be an object with name and namespace' } };
  const spec = doc.spec ?? {};
  if (!isPlainObject(spec)) return { ok: false, error: { message: 'spec: must be an object' } };
  const labels = metadata.labels ?? {};
  if (!isPlainObject(labels)) return { ok: false, error: { message: 'metadata.labels: must be a map of strings' } };
  return {
    ok: true,
    model: {
      name: metadata.name === undefined || metadata.name === null ? '' : String(metadata.name),
      namespace: metadata.namespace === undefined || metadata.namespace === null ? defaultNamespace : String(metadata.namespace),
      labels: Object.entries(labels).map(([key, value]) => ({ key, value: value === null || value === undefined ? '' : String(value) })),
      spec,
    },
  };
}

// --- Entries: one list per type -----------------------------------------------------------------------------------

export interface SpecEntryGroup {
  type: string;
  entries: Record<string, unknown>[];
}

/** The spec's lists of the known types (the registered ones, in their order); lists that are not lists of objects are left to the Code tab. */
export function specEntryGroups(spec: Record<string, unknown>, knownTypes: readonly string[]): SpecEntryGroup[] {
  return knownTypes.flatMap((type) => {
    const list = spec[type];
    return Array.isArray(list) && list.length ? [{ type, entries: list.map((item) => (isPlainObject(item) ? item : {})) }] : [];
  });
}

export function specEntryCount(spec: Record<string, unknown>, knownTypes: readonly string[]): number {
  return specEntryGroups(spec, knownTypes).reduce((sum, group) => sum + group.entries.length, 0);
}

export function addSpecEntry(spec: Record<string, unknown>, type: string, entry: Record<string, unknown>): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]) : [];
  return { ...spec, [type]: [...list, entry] };
}

/** Removes an entry; an emptied list leaves the spec. */
export function removeSpecEntry(spec: Record<string, unknown>, type: string, index: number): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]).filter((_, i) => i !== index) : [];
  const next = { ...spec };
  if (list.length) next[type] = list;
  else delete next[type];
  return next;
}

export function specEntryToYaml(entry: Record<string, unknown>): string {
  return stringify(entry, STRINGIFY_OPTIONS);
}
