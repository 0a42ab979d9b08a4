import * as yaml from 'js-yaml';

/** The most values (objects, lists, scalars) one user document may expand to, aliases counted where they are used. */
export const MAX_DOCUMENT_NODES = 100_000;

/** A user's YAML that is not a document the console will take: the message says why (line and column for syntax). */
export class UserYamlError extends Error {}

/**
 * Loads a YAML document a user wrote (canaries now; scrapers, playbooks and topologies later). YAML aliases let a
 * 1 KB text stand for millions of values ("billion laughs"); the loader shares them, but everything after it (JSON,
 * validation, storage) would expand them. So the document is walked as it would be expanded, and refused past
 * `MAX_DOCUMENT_NODES` before anything else touches it.
 */
export function loadUserYaml(text: string, maxNodes = MAX_DOCUMENT_NODES): unknown {
  let doc: unknown;
  try {
    doc = yaml.load(text);
  } catch (error) {
    const e = error as yaml.YAMLException;
    if (e.mark) throw new UserYamlError(`YAML syntax error at line ${e.mark.line + 1}, column ${e.mark.column + 1}: ${e.reason}`);
    throw new UserYamlError(`YAML syntax error: ${(error as Error).message}`);
  }
  assertExpandedSize(doc, maxNodes);
  return doc;
}

/** Throws UserYamlError when `value`, expanded as a tree, has more than `maxNodes` values. Walks without recursion. */
export function assertExpandedSize(value: unknown, maxNodes = MAX_DOCUMENT_NODES): void {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length) {
    const item = stack.pop();
    if (++count > maxNodes) {
      throw new UserYamlError(`the document expands to more than ${maxNodes.toLocaleString('en-US')} values (YAML aliases count each time they are used)`);
    }
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') stack.push(...Object.values(item));
  }
}
