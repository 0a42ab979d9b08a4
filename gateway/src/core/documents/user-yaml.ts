import { parseDocument, stringify } from 'yaml';

/** The most values (objects, lists, scalars) one user document may expand to, aliases counted where they are used. */
export const MAX_DOCUMENT_NODES = 100_000;

/** A user's YAML that is not a document the console will take: the message says why (line and column for syntax). */
export class UserYamlError extends Error {}

const tooLarge = (maxNodes: number) =>
  new UserYamlError(`the document expands to more than ${maxNodes.toLocaleString('en-US')} values (YAML aliases count each time they are used)`);

/**
 * Loads a YAML document a user wrote (canaries now; scrapers, playbooks and topologies later) with the `yaml` library:
 * the YAML 1.2 core schema (plain data: maps, lists, strings, numbers, booleans, null) plus `<<` merge keys. YAML
 * aliases let a 1 KB text stand for millions of values ("billion laughs"); the library shares them, but everything
 * after it (JSON, validation, storage) would expand them. So `maxAliasCount` stops a runaway expansion while the
 * document is converted, and the result is then walked as it would be expanded and refused past `maxNodes`.
 */
export function loadUserYaml(text: string, maxNodes = MAX_DOCUMENT_NODES): unknown {
  const doc = parseDocument(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  const error = doc.errors[0];
  if (error) {
    // The message ends with " at line L, column C:" and a snippet; keep the reason, say where it is.
    const reason = error.message.replace(/ at line \d+, column \d+:[\s\S]*$/, '').trim();
    const at = error.linePos?.[0];
    throw new UserYamlError(at ? `YAML syntax error at line ${at.line}, column ${at.col}: ${reason}` : `YAML syntax error: ${reason}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: maxNodes });
  } catch (error) {
    if (/Excessive alias count/.test((error as Error).message)) throw tooLarge(maxNodes);
    throw new UserYamlError(`YAML syntax error: ${(error as Error).message}`);
  }
  // An empty document is no value (as before), not YAML's null.
  if (value === null && !doc.contents) return undefined;
  assertExpandedSize(value, maxNodes);
  return value;
}

/** Writes a value as YAML (block style, keys in insertion order). */
export function dumpYaml(value: unknown): string {
  return stringify(value);
}

/** Throws UserYamlError when `value`, expanded as a tree, has more than `maxNodes` values. Walks without recursion. */
export function assertExpandedSize(value: unknown, maxNodes = MAX_DOCUMENT_NODES): void {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length) {
    const item = stack.pop();
    if (++count > maxNodes) throw tooLarge(maxNodes);
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') stack.push(...Object.values(item));
  }
}
