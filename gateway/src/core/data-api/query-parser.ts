import type { OrderTerm, ParsedQuery, ScopedPaging } from './ast';
import { DataApiErrors } from './errors';
import { parseFilter, parseLogicTree } from './filter-parser';
import { Scanner, parseNameList } from './grammar';
import { parseSelect, type EmbedLimits } from './select-parser';

export interface ParseOptions {
  /** For GET /rpc/<fn>: params with these names are function arguments, not filters. */
  rpcArgNames?: ReadonlySet<string>;
  /** How deep and how many embeds `select=` may have (defaults: 4 levels, 32 embeds). */
  embedLimits?: EmbedLimits;
}

/** Key suffixes with a meaning of their own, also after an embed path (`hypotheses.order`). */
const RESERVED_SUFFIXES = ['not.or', 'not.and', 'or', 'and', 'order', 'limit', 'offset'] as const;
type ReservedSuffix = (typeof RESERVED_SUFFIXES)[number];

/**
 * Parses the raw query string of a data-API request (everything after `?`).
 * The raw string is used instead of Express' `req.query` because order and repeated keys matter
 * (`id=gt.1&id=lt.5` is two filters) and because a parsed object may nest keys containing brackets.
 */
export function parseQuery(queryString: string, options: ParseOptions = {}): ParsedQuery {
  const query: ParsedQuery = {
    select: null,
    conditions: [],
    order: [],
    paging: [],
    onConflict: null,
    columns: null,
    rpcArgs: {},
  };
  for (const [key, value] of new URLSearchParams(queryString)) {
    if (key === '') continue;
    if (key === 'select') query.select = parseSelect(value, options.embedLimits);
    else if (key === 'on_conflict') query.onConflict = parseNameList(value, 'on_conflict');
    else if (key === 'columns') query.columns = parseNameList(value, 'columns');
    else if (options.rpcArgNames?.has(key)) (query.rpcArgs[key] ??= []).push(value);
    else parseKeyed(query, key, value);
  }
  return query;
}

/** `[embed.]*column[->path]=filter` or `[embed.]*(or|and|not.or|not.and|order|limit|offset)=...`. */
function parseKeyed(query: ParsedQuery, key: string, value: string): void {
  const scanner = new Scanner(key, 'filter');
  const path: string[] = [];
  for (;;) {
    const rest = key.slice(scanner.pos);
    const reserved = RESERVED_SUFFIXES.find((word) => word === rest);
    if (reserved) return applyReserved(query, path, reserved, value);
    const field = scanner.field();
    if (field.jsonPath.length === 0 && scanner.eat('.')) {
      path.push(field.column);
      continue;
    }
    if (!scanner.done) scanner.fail('"." or "->" or end of the key');
    query.conditions.push({ path, condition: parseFilter(field, value) });
    return;
  }
}

function applyReserved(query: ParsedQuery, path: string[], word: ReservedSuffix, value: string): void {
  switch (word) {
    case 'or':
    case 'and':
      query.conditions.push({ path, condition: parseLogicTree(word, false, value) });
      return;
    case 'not.or':
      query.conditions.push({ path, condition: parseLogicTree('or', true, value) });
      return;
    case 'not.and':
      query.conditions.push({ path, condition: parseLogicTree('and', true, value) });
      return;
    case 'order':
      query.order = query.order.filter((o) => !samePath(o.path, path));
      query.order.push({ path, terms: parseOrder(value) });
      return;
    case 'limit':
      pagingFor(query, path).limit = parseCount(word, value);
      return;
    case 'offset':
      pagingFor(query, path).offset = parseCount(word, value);
      return;
  }
}

function pagingFor(query: ParsedQuery, path: string[]): ScopedPaging {
  let paging = query.paging.find((p) => samePath(p.path, path));
  if (!paging) {
    paging = { path, limit: null, offset: null };
    query.paging.push(paging);
  }
  return paging;
}

function samePath(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

function parseCount(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw DataApiErrors.parse(`${what} parameter`, value, 'expecting a non-negative whole number');
  }
  return Number(value);
}

/** `order=a.desc,b.asc.nullslast,labels->>x` */
export function parseOrder(text: string): OrderTerm[] {
  const scanner = new Scanner(text, 'order');
  const terms: OrderTerm[] = [];
  do {
    scanner.skipSpaces();
    const term: OrderTerm = { field: scanner.field(), direction: null, nulls: null };
    while (scanner.eat('.')) {
      const start = scanner.pos;
      const word = scanner.atIdentifier() ? scanner.identifier() : '';
      if ((word === 'asc' || word === 'desc') && !term.direction) term.direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls) term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else {
        scanner.pos = start;
        scanner.fail('asc, desc, nullsfirst or nullslast');
      }
    }
    terms.push(term);
    scanner.skipSpaces();
  } while (scanner.eat(','));
  if (!scanner.done) scanner.fail('"," or end of input');
  return terms;
}
