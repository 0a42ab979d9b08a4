import { Document, isMap, parseAllDocuments, parse as parseYaml } from 'yaml';

type JsonMap = Record<string, unknown>;

const isPlainMap = (value: unknown): value is JsonMap => !!value && typeof value === 'object' && !Array.isArray(value);

/** A patch as written: a map, or YAML/JSON text holding one. Throws with what is wrong. */
export function readPatch(patch: unknown): JsonMap {
  const value = typeof patch === 'string' ? parseYaml(patch) : patch;
  if (!isPlainMap(value)) throw new Error('must be a map (YAML or JSON)');
  return value;
}

/** The value a merge patch sets where the document has no map to merge into: the patch without its nulls. */
function withoutNulls(value: unknown): unknown {
  if (!isPlainMap(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** RFC 7386 JSON merge patch on plain values: maps merge key by key, `null` removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainMap(patch)) return patch;
  const out: JsonMap = isPlainMap(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** The same merge on a YAML document's nodes, so that the comments and layout of what it does not touch are kept. */
function mergeIntoDocument(doc: Document, at: unknown[], patch: JsonMap): void {
  for (const [key, value] of Object.entries(patch)) {
    const path = [...at, key];
    if (value === null) doc.deleteIn(path);
    else if (isPlainMap(value) && isMap(doc.getIn(path, true))) mergeIntoDocument(doc, path, value);
    else doc.setIn(path, withoutNulls(value));
  }
}

/** `.json` files, or text that parses as JSON, are JSON; the rest YAML. */
function isJson(path: string, text: string): boolean {
  if (/\.json$/i.test(path)) return true;
  if (/\.ya?ml$/i.test(path) || !/^\s*\{/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The indentation of a JSON text's first indented line (two spaces when it has none). */
function jsonIndent(text: string): string | number {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  return indent ?? 2;
}

/**
 * The file's text after merging `patch` into its YAML or JSON document, or null when the document would not change
 * (so an unchanged document is not rewritten in the serializer's layout). Throws with what is wrong with the file.
 */
export function patchDocument(path: string, text: string, patch: JsonMap): string | null {
  if (isJson(path, text)) {
    let current: unknown;
    try {
      current = JSON.parse(text);
    } catch (error) {
      throw new Error(`is not valid JSON: ${(error as Error).message}`);
    }
    if (!isPlainMap(current)) throw new Error('does not hold a JSON object to merge into');
    const next = mergePatch(current, patch);
    if (JSON.stringify(next) === JSON.stringify(current)) return null;
    return JSON.stringify(next, null, jsonIndent(text)) + (text.endsWith('\n') || !text ? '\n' : '');
  }
  const docs = parseAllDocuments(text);
  if (docs.length > 1) throw new Error(`holds ${docs.length} YAML documents; a patch merges into one`);
  const isYamlFile = /\.ya?ml$/i.test(path);
  if (!docs.length) {
    // Empty, or only comments: a YAML file's empty map (its comments kept on top); any other file is not YAML.
    if (!isYamlFile) throw new Error('does not hold a YAML map to merge into');
    const next = withoutNulls(patch) as JsonMap;
    if (!Object.keys(next).length) return null;
    return (text.trim() ? text.replace(/\n*$/, '\n\n') : '') + new Document(next).toString({ lineWidth: 0 });
  }
  const doc = docs[0];
  const problem = doc.errors[0];
  if (problem) throw new Error(`is not valid YAML: ${problem.message}`);
  const before = doc.toJS();
  const empty = before === null || before === undefined;
  if ((empty && !isYamlFile) || (!empty && !isPlainMap(before))) throw new Error('does not hold a YAML map to merge into');
  mergeIntoDocument(doc, [], patch);
  if (JSON.stringify(doc.toJS()) === JSON.stringify(before ?? {})) return null;
  return doc.toString({ lineWidth: 0 });
}
