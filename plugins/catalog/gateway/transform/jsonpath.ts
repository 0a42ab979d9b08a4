import { JSONPath } from 'jsonpath-plus';

/**
 * The one door to JSONPath (jsonpath-plus) in the catalogue: always `eval: false`, so a path never runs script;
 * filter (`[?(...)]`) and script (`[(...)]`) expressions are refused with an error.
 */

interface Match {
  value: unknown;
  parent: unknown;
  parentProperty: string | number;
}

const matches = (path: string, doc: unknown): Match[] =>
  doc === null || typeof doc !== 'object'
    ? []
    : ((JSONPath({ path, json: doc as object, eval: false, wrap: true, resultType: 'all' }) as Match[] | undefined) ?? []);

/** Every value the path selects in the document (none for a scalar or text document). */
export function queryPath(path: string, doc: unknown): unknown[] {
  return matches(path, doc).map((m) => m.value);
}

/** The first value the path selects, or undefined. */
export function firstValue(path: string, doc: unknown): unknown {
  return queryPath(path, doc)[0];
}

/** A value field of the common spec: a JSONPath when it starts with `$` (undefined when it finds nothing), else the value itself. */
export function fieldValue(spec: string, doc: unknown): unknown {
  return spec.startsWith('$') ? firstValue(spec, doc) : spec;
}

/** A deep copy of the document without what the paths select (array elements removed, later indexes first). */
export function removePaths<T>(doc: T, paths: string[]): T {
  const copy = structuredClone(doc);
  for (const path of paths) {
    const found = matches(path, copy).filter((m) => m.parent !== null && typeof m.parent === 'object');
    // Splicing index 1 before index 3 would shift 3: remove from the end of each array.
    found.sort((a, b) => Number(b.parentProperty) - Number(a.parentProperty));
    for (const { parent, parentProperty } of found) {
      if (Array.isArray(parent)) parent.splice(Number(parentProperty), 1);
      else delete (parent as Record<string, unknown>)[String(parentProperty)];
    }
  }
  return copy;
}

/** A deep copy of the document where every value the path selects is replaced by `fn(value)`. */
export function setPaths<T>(doc: T, path: string, fn: (value: unknown) => unknown): T {
  const copy = structuredClone(doc);
  for (const { value, parent, parentProperty } of matches(path, copy)) {
    if (parent !== null && typeof parent === 'object') (parent as Record<string | number, unknown>)[parentProperty] = fn(value);
  }
  return copy;
}

/**
 * Why a JSONPath is refused (does not start with `$`, unbalanced brackets or quotes, a filter or script expression,
 * which `eval: false` never runs), or null.
 */
export function jsonPathProblem(path: string): string | null {
  if (!path.startsWith('$')) return 'not a valid JSONPath: it must start with $';
  let depth = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '"' || c === "'") {
      const quote = c;
      for (i++; i < path.length && path[i] !== quote; i++) if (path[i] === '\\') i++;
      if (i >= path.length) return 'not a valid JSONPath: a quote is not closed';
    } else if (c === '[') {
      depth++;
      if (/^\[\s*\??\s*\(/.test(path.slice(i))) return 'not a valid JSONPath: filter and script expressions ([?(...)], [(...)]) are not supported';
    } else if (c === ']' && --depth < 0) return "not a valid JSONPath: ']' without '['";
  }
  if (depth !== 0) return "not a valid JSONPath: '[' is not closed";
  try {
    JSONPath({ path, json: {}, eval: false, wrap: true });
  } catch (error) {
    return `not a valid JSONPath: ${(error as Error).message}`;
  }
  return null;
}
