import {
  FILTER_OPERATORS,
  IS_VALUES,
  type Condition,
  type FieldRef,
  type FilterCondition,
  type FilterOperator,
  type FilterValue,
  type IsValue,
  type LogicCondition,
} from './ast';
import { DataApiErrors } from './errors';
import { Scanner } from './grammar';

const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);
const IS_WORDS: ReadonlySet<string> = new Set(IS_VALUES);

/**
 * The right-hand side of a horizontal filter, `[not.]op.value`, as PostgREST reads it: the value is taken
 * verbatim (no unquoting) except for `in.(...)` lists, `is.` keywords and the `*` wildcard of like/ilike.
 */
export function parseFilter(field: FieldRef, text: string): FilterCondition {
  const scanner = new Scanner(text, 'filter');
  const negated = scanner.eat('not.');
  const operator = parseOperator(scanner);
  let value: FilterValue;
  if (operator === 'in') {
    value = { kind: 'list', values: parseList(scanner) };
    if (!scanner.done) scanner.fail('end of input after the list');
  } else {
    value = scalarOrIs(scanner, operator, scanner.rest());
  }
  return { kind: 'filter', field, operator, negated, value };
}

/**
 * A logic tree, `or=(a.eq.1,and(b.gt.2,c.lt.3),not.or(d.is.null,e.in.(1,2)))`. Inside a tree values end
 * at `,` or `)` unless double-quoted; `{a,b}` array literals are kept whole.
 */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string): LogicCondition {
  const scanner = new Scanner(text, 'logic tree');
  const tree: LogicCondition = { kind: 'logic', operator, negated, children: parseTreeChildren(scanner, 1) };
  if (!scanner.done) scanner.fail('end of input after ")"');
  return tree;
}

/** How deep and/or groups may nest in one tree: deeper is refused with a 400, never a stack overflow. */
export const MAX_LOGIC_DEPTH = 16;

function parseTreeChildren(scanner: Scanner, depth: number): Condition[] {
  if (depth > MAX_LOGIC_DEPTH) throw DataApiErrors.parse('logic tree', scanner.input, `and/or groups nest more than ${MAX_LOGIC_DEPTH} levels deep`);
  scanner.expect('(');
  const children: Condition[] = [];
  do {
    scanner.skipSpaces();
    children.push(parseTreeItem(scanner, depth));
    scanner.skipSpaces();
  } while (scanner.eat(','));
  scanner.expect(')');
  return children;
}

function parseTreeItem(scanner: Scanner, depth: number): Condition {
  for (const [prefix, operator, negated] of NESTED_TREES) {
    if (scanner.startsWith(prefix)) {
      scanner.pos += prefix.length - 1; // leave the "(" for parseTreeChildren
      return { kind: 'logic', operator, negated, children: parseTreeChildren(scanner, depth + 1) };
    }
  }
  const field = scanner.field();
  scanner.expect('.');
  const negated = scanner.eat('not.');
  const operator = parseOperator(scanner);
  const value: FilterValue = operator === 'in' ? { kind: 'list', values: parseList(scanner) } : scalarOrIs(scanner, operator, treeValue(scanner));
  return { kind: 'filter', field, operator, negated, value };
}

const NESTED_TREES: ReadonlyArray<[string, 'and' | 'or', boolean]> = [
  ['not.and(', 'and', true],
  ['not.or(', 'or', true],
  ['and(', 'and', false],
  ['or(', 'or', false],
];

function parseOperator(scanner: Scanner): FilterOperator {
  const start = scanner.pos;
  while (/[a-z]/.test(scanner.peek())) scanner.pos++;
  const word = scanner.input.slice(start, scanner.pos);
  if (!OPERATORS.has(word) || scanner.peek() !== '.') {
    scanner.pos = start;
    scanner.fail(`an operator followed by "." (one of ${FILTER_OPERATORS.join(', ')})`);
  }
  scanner.pos++;
  return word as FilterOperator;
}

function scalarOrIs(scanner: Scanner, operator: FilterOperator, raw: string): FilterValue {
  if (operator === 'is') {
    const word = raw.toLowerCase();
    if (!IS_WORDS.has(word)) scanner.fail(`one of ${IS_VALUES.join(', ')} after "is."`);
    return { kind: 'is', value: word as IsValue };
  }
  if (operator === 'like' || operator === 'ilike') return { kind: 'scalar', value: raw.replace(/\*/g, '%') };
  return { kind: 'scalar', value: raw };
}

/** `(a,b,"c,d")`; the cursor is on "(". Double-quoted items may contain commas and parentheses. */
function parseList(scanner: Scanner): string[] {
  scanner.expect('(');
  const values: string[] = [];
  if (scanner.eat(')')) return values;
  do {
    if (scanner.peek() === '"') {
      values.push(scanner.quoted());
    } else {
      const start = scanner.pos;
      while (!scanner.done && scanner.peek() !== ',' && scanner.peek() !== ')') scanner.pos++;
      values.push(scanner.input.slice(start, scanner.pos));
    }
  } while (scanner.eat(','));
  scanner.expect(')');
  return values;
}

/** A value inside a logic tree: quoted, an array literal `{...}`, or up to the next `,` or `)`. */
function treeValue(scanner: Scanner): string {
  if (scanner.peek() === '"') return scanner.quoted();
  const start = scanner.pos;
  if (scanner.peek() === '{') {
    while (!scanner.done && scanner.peek() !== '}') scanner.pos++;
    scanner.expect('}');
    return scanner.input.slice(start, scanner.pos);
  }
  while (!scanner.done && scanner.peek() !== ',' && scanner.peek() !== ')') scanner.pos++;
  return scanner.input.slice(start, scanner.pos);
}
