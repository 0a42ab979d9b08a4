import type { SelectEmbed, SelectItem } from './ast';
import { DataApiErrors } from './errors';
import { Scanner } from './grammar';

/**
 * Types a `::cast` may name. A closed list, because a type name is spliced into SQL and the grammar of type
 * names is too rich to check otherwise.
 */
const CASTABLE_TYPES = new Set([
  'text',
  'varchar',
  'char',
  'uuid',
  'json',
  'jsonb',
  'boolean',
  'bool',
  'smallint',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'numeric',
  'real',
  'float4',
  'float8',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
]);

/**
 * `select=` grammar (PostgREST's): items separated by commas, each one of
 *   `*` | `[alias:]column[->json path][::cast]` | `[alias:]relation[!hint][!inner|!left](items)`.
 * `team:team_id(id,name)` embeds through the foreign-key column; `people!created_by(*)` picks one of several
 * foreign keys; an empty embed `team()` filters without adding a key to the output.
 */
export function parseSelect(text: string, limits: EmbedLimits = DEFAULT_EMBED_LIMITS): SelectItem[] {
  const scanner = new Scanner(text, 'select');
  if (text.trim() === '') return [{ kind: 'star' }];
  const items = parseItems(new Embeds(scanner, limits), false);
  if (!scanner.done) scanner.fail('"," or end of input');
  return items;
}

/**
 * How much one `select=` may embed. Every embed is a correlated subquery: thirty levels of them ran a minute and
 * exhausted the database's memory, so depth and count are capped before any SQL is built.
 */
export interface EmbedLimits {
  maxDepth: number;
  maxEmbeds: number;
}

export const DEFAULT_EMBED_LIMITS: EmbedLimits = { maxDepth: 4, maxEmbeds: 32 };

/** The scanner plus the embeds seen so far: refuses past the limits, naming them. */
class Embeds {
  private depth = 0;
  private count = 0;
  constructor(
    readonly scanner: Scanner,
    private readonly limits: EmbedLimits,
  ) {}

  enter(): void {
    this.count += 1;
    this.depth += 1;
    if (this.depth > this.limits.maxDepth) {
      throw DataApiErrors.unsupported(
        `select embeds resources more than ${this.limits.maxDepth} levels deep`,
        'Embed fewer levels, or read the deeper rows in a second request.',
      );
    }
    if (this.count > this.limits.maxEmbeds) {
      throw DataApiErrors.unsupported(
        `select embeds more than ${this.limits.maxEmbeds} resources`,
        'Embed fewer resources, or read them in separate requests.',
      );
    }
  }

  leave(): void {
    this.depth -= 1;
  }
}

function parseItems(embeds: Embeds, nested: boolean): SelectItem[] {
  const scanner = embeds.scanner;
  const items: SelectItem[] = [];
  scanner.skipSpaces();
  if (nested && scanner.peek() === ')') return items;
  for (;;) {
    scanner.skipSpaces();
    items.push(parseItem(embeds));
    scanner.skipSpaces();
    if (!scanner.eat(',')) break;
  }
  return items;
}

function parseItem(embeds: Embeds): SelectItem {
  const scanner = embeds.scanner;
  if (scanner.eat('*')) return { kind: 'star' };
  if (scanner.startsWith('...')) scanner.fail('a column or an embedded resource (spread embeds are not supported)');
  let alias: string | null = null;
  let name = scanner.identifier();
  if (scanner.peek() === ':' && scanner.peek(1) !== ':') {
    scanner.pos++;
    alias = name;
    name = scanner.identifier();
  }
  if (scanner.peek() === '!' || scanner.peek() === '(') return parseEmbed(embeds, name, alias);
  const jsonPath = scanner.jsonPath();
  let cast: string | null = null;
  if (scanner.eat('::')) cast = parseCast(scanner);
  return { kind: 'field', field: { column: name, jsonPath }, alias, cast };
}

function parseEmbed(embeds: Embeds, relation: string, alias: string | null): SelectEmbed {
  const scanner = embeds.scanner;
  embeds.enter();
  let hint: string | null = null;
  let join: SelectEmbed['join'] = 'left';
  while (scanner.eat('!')) {
    const word = scanner.identifier();
    if (word === 'inner' || word === 'left') join = word;
    else if (hint === null) hint = word;
    else scanner.fail('"inner", "left" or "(" (only one hint per embed)');
  }
  scanner.expect('(');
  const select = parseItems(embeds, true);
  scanner.expect(')');
  embeds.leave();
  return { kind: 'embed', relation, alias, hint, join, select };
}

function parseCast(scanner: Scanner): string {
  const start = scanner.pos;
  const type = scanner.identifier().toLowerCase();
  const isArray = scanner.eat('[]');
  if (!CASTABLE_TYPES.has(type)) {
    scanner.pos = start;
    scanner.fail(`a type name among ${[...CASTABLE_TYPES].join(', ')}`);
  }
  return isArray ? `${type}[]` : type;
}
