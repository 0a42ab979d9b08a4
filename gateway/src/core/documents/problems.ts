import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

/** One validation problem, placed in the YAML text when it names a field the text has (1-based line and column). */
export interface DocumentProblem {
  message: string;
  /** The field the problem is about, e.g. `spec.http[0].url`; absent for document-level problems. */
  path?: string;
  line?: number;
  column?: number;
}

const SYNTAX = /^YAML syntax error at line (\d+), column (\d+)/;
const FIELD = /^((?:metadata\.|spec)[\w.[\]-]*?):/;

/** The field a problem message names (`spec.http[0].url: required` → `spec.http[0].url`), when it names one. */
export type ProblemPath = (message: string) => string | undefined;

/** A message that starts with a field path under `metadata.` or `spec` and a colon names that field. */
export const fieldOfProblem: ProblemPath = (message) => FIELD.exec(message)?.[1];

/**
 * Places each problem of a user's YAML document (a canary, a scrape config) in its text, for the editor's markers:
 * the field's line when the message names a field (`spec.http[0].url: required`), its nearest existing parent
 * otherwise (a missing `url` points at its entry).
 */
export function locateProblems(text: string, problems: readonly string[], pathOf: ProblemPath = fieldOfProblem): DocumentProblem[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  return problems.map((message) => {
    const syntax = SYNTAX.exec(message);
    if (syntax) return { message, line: Number(syntax[1]), column: Number(syntax[2]) };
    const path = pathOf(message);
    if (!path) return { message };
    const offset = nearestOffset(doc, toSegments(path));
    if (offset === null) return { message, path };
    const { line, col } = lines.linePos(offset);
    return { message, path, line, column: col };
  });
}

/** `spec.http[0].url` → ['spec', 'http', 0, 'url']. */
export function toSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) {
      segments.push(part);
      continue;
    }
    if (match[1]) segments.push(match[1]);
    for (const index of match[2].matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

/** Start offset of the deepest node of `segments` the document has: the key for map entries, the item otherwise. */
function nearestOffset(doc: Document, segments: (string | number)[]): number | null {
  for (let depth = segments.length; depth > 0; depth--) {
    const parent = depth > 1 ? doc.getIn(segments.slice(0, depth - 1), true) : doc.contents;
    const last = segments[depth - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === last);
      const key = pair?.key;
      if (isScalar(key) && key.range) return key.range[0];
    } else {
      const node = doc.getIn(segments.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return node.range[0];
    }
  }
  return null;
}
