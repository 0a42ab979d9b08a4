import type { SelectEmbed } from './ast';
import { DataApiErrors } from './errors';
import type { Relationship, SourceMeta } from './schema-cache';

/** How a hint names a relationship: its constraint, then the FK column on our side, then on theirs. */
const HINT_MATCHERS: ReadonlyArray<(r: Relationship, hint: string) => boolean> = [
  (r, hint) => r.constraint === hint || r.name === hint,
  (r, hint) => r.cardinality === 'one' && r.columns.length === 1 && r.columns[0] === hint,
  (r, hint) => r.cardinality === 'many' && r.foreignColumns.length === 1 && r.foreignColumns[0] === hint,
];

/**
 * Finds the relationship an embed names, the way PostgREST does:
 * - `hypotheses(...)`: the registered resource (or its table) at the other end of a foreign key;
 * - `team_id(...)`, `created_by(...)`: the many-to-one foreign key on that column;
 * - a declared relation's name (which wins over a foreign key reaching the same name);
 * - `people!created_by(...)`: a hint picks one of several candidates.
 */
export function resolveRelationship(from: SourceMeta, embed: SelectEmbed): Relationship {
  const name = embed.relation;
  // A declared relation wins over a foreign key that reaches the same name.
  let candidates = from.relationships.filter((r) => r.name === name);
  if (candidates.length === 0) candidates = from.relationships.filter((r) => r.name === null && (r.target === name || r.targetTable === name));
  if (candidates.length === 0) {
    candidates = from.relationships.filter((r) => r.name === null && r.cardinality === 'one' && r.columns.length === 1 && r.columns[0] === name);
  }
  if (embed.hint) {
    const hint = embed.hint;
    candidates = HINT_MATCHERS.map((matches) => candidates.filter((r) => matches(r, hint))).find((found) => found.length > 0) ?? [];
  }
  if (candidates.length === 0) throw DataApiErrors.relationshipNotFound(from.name, embed.hint ? `${name}!${embed.hint}` : name);
  if (candidates.length > 1) {
    let options = candidates.map(describe);
    // A self-reference offers the same column both ways; fall back to constraint names then.
    if (new Set(options).size < options.length) options = candidates.map((r) => r.constraint ?? r.name ?? '?');
    throw DataApiErrors.ambiguousRelationship(from.name, name, options);
  }
  return candidates[0];
}

/** The hint that selects this relationship, as offered in the ambiguity error. */
function describe(r: Relationship): string {
  if (r.name) return r.name;
  if (r.cardinality === 'one' && r.columns.length === 1) return r.columns[0];
  if (r.cardinality === 'many' && r.foreignColumns.length === 1) return r.foreignColumns[0];
  return r.constraint ?? '?';
}
