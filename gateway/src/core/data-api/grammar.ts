import type { FieldRef, JsonPathStep } from './ast';
import { DataApiErrors } from './errors';

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;

/**
 * A cursor over one query-parameter value with the lexical rules every part of the grammar shares:
 * identifiers (bare or double-quoted), JSON paths and quoted strings. Errors name the parameter and position.
 */
export class Scanner {
  pos = 0;

  constructor(
    readonly input: string,
    /** What is being parsed, for error messages: "select", "filter", "order". */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) this.fail(`"${text}"`);
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }

  rest(): string {
    const rest = this.input.slice(this.pos);
    this.pos = this.input.length;
    return rest;
  }

  fail(expected: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw DataApiErrors.parse(this.what, this.input, `unexpected ${found} at position ${this.pos + 1}, expecting ${expected}`);
  }

  /** A double-quoted string; `\"` and `\\` escape. The opening quote must be at the cursor. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && (this.peek(1) === '"' || this.peek(1) === '\\')) this.pos++;
      out += this.peek();
      this.pos++;
    }
    this.expect('"');
    return out;
  }

  /** A column, alias or relation name: letters, digits, `_`, `$`; or a double-quoted name. */
  identifier(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && IDENTIFIER_CHAR.test(this.peek())) this.pos++;
    if (this.pos === start) this.fail('a name');
    return this.input.slice(start, this.pos);
  }

  /** True when an identifier starts at the cursor. */
  atIdentifier(): boolean {
    return this.peek() === '"' || IDENTIFIER_CHAR.test(this.peek());
  }

  /** A column with an optional JSON path: `labels->>app`, `config->"a.b"->0`. */
  field(): FieldRef {
    const column = this.identifier();
    return { column, jsonPath: this.jsonPath() };
  }

  /** The JSON path after a column name, possibly empty. */
  jsonPath(): JsonPathStep[] {
    const steps: JsonPathStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.eat('->>') ? '->>' : (this.eat('->'), '->');
      steps.push({ arrow, key: this.jsonKey() });
    }
    return steps;
  }

  /** A JSON path operand: a name (dashes allowed), an integer index, or a double-quoted key. */
  private jsonKey(): string | number {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && (IDENTIFIER_CHAR.test(this.peek()) || (this.peek() === '-' && this.peek(1) !== '>'))) this.pos++;
    const key = this.input.slice(start, this.pos);
    if (!key) this.fail('a JSON key or index');
    return /^-?\d+$/.test(key) ? Number(key) : key;
  }
}

/** Parses a whole value as one field (filter keys, on_conflict and columns entries). */
export function parseFieldText(text: string, what: string): FieldRef {
  const scanner = new Scanner(text, what);
  const field = scanner.field();
  if (!scanner.done) scanner.fail('end of input');
  return field;
}

/** `a,b,c` → names; used by `columns=` and `on_conflict=`. */
export function parseNameList(text: string, what: string): string[] {
  const scanner = new Scanner(text, what);
  const names: string[] = [];
  do {
    scanner.skipSpaces();
    names.push(scanner.identifier());
    scanner.skipSpaces();
  } while (scanner.eat(','));
  if (!scanner.done) scanner.fail('"," or end of input');
  return names;
}
