import type { Condition, FilterCondition, LogicCondition } from './ast';
import { DataApiError } from './errors';
import { parseOrder, parseQuery } from './query-parser';
import { parseSelect } from './select-parser';

/** Builds a raw query string the way a browser encodes it. */
const qs = (params: Record<string, string> | Array<[string, string]>) => new URLSearchParams(params as Record<string, string>).toString();

function onlyCondition(query: string): Condition {
  const parsed = parseQuery(query);
  expect(parsed.conditions).toHaveLength(1);
  return parsed.conditions[0].condition;
}

function filter(query: string): FilterCondition {
  const condition = onlyCondition(query);
  if (condition.kind !== 'filter') throw new Error('expected a filter');
  return condition;
}

function parseFailure(run: () => unknown): DataApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DataApiError);
    return error as DataApiError;
  }
  throw new Error('expected a parse error');
}

describe('horizontal filters', () => {
  it.each([
    ['eq', 'status=eq.open', 'open'],
    ['neq', 'status=neq.closed', 'closed'],
    ['gt', 'priority=gt.1', '1'],
    ['gte', 'priority=gte.1', '1'],
    ['lt', 'priority=lt.3', '3'],
    ['lte', 'priority=lte.3', '3'],
    ['cs', 'tags=cs.{prod,api}', '{prod,api}'],
    ['cd', 'tags=cd.{prod,api,db}', '{prod,api,db}'],
    ['ov', 'tags=ov.{db}', '{db}'],
  ])('reads %s with its value verbatim', (operator, query, value) => {
    const f = filter(query);
    expect(f).toMatchObject({ operator, negated: false, value: { kind: 'scalar', value } });
  });

  it('keeps dots and quotes inside a top-level value', () => {
    expect(filter('title=eq.a.b."c"').value).toEqual({ kind: 'scalar', value: 'a.b."c"' });
  });

  it('turns the * wildcard of like and ilike into %', () => {
    expect(filter(qs({ title: 'ilike.*out*' })).value).toEqual({ kind: 'scalar', value: '%out%' });
    expect(filter(qs({ title: 'like.API*' })).value).toEqual({ kind: 'scalar', value: 'API%' });
  });

  it('reads in-lists with quoted items that contain commas and parentheses', () => {
    expect(filter(qs({ id: 'in.(a,b,"c,d","e)f",\\"g)' })).value).toEqual({ kind: 'list', values: ['a', 'b', 'c,d', 'e)f', '\\"g'] });
    expect(filter(qs({ id: 'in.()' })).value).toEqual({ kind: 'list', values: [] });
  });

  it.each(['null', 'not_null', 'true', 'false', 'unknown', 'NULL'])('reads is.%s', (word) => {
    expect(filter(`deleted_at=is.${word}`).value).toEqual({ kind: 'is', value: word.toLowerCase() });
  });

  it('negates any operator with not.', () => {
    expect(filter('deleted_at=not.is.null')).toMatchObject({ operator: 'is', negated: true });
    expect(filter('status=not.in.(open,closed)')).toMatchObject({ operator: 'in', negated: true });
  });

  it('keeps repeated keys as separate filters, in order', () => {
    const parsed = parseQuery('priority=gt.1&priority=lt.5');
    expect(parsed.conditions.map((c) => (c.condition as FilterCondition).value)).toEqual([
      { kind: 'scalar', value: '1' },
      { kind: 'scalar', value: '5' },
    ]);
  });

  it('reads JSON paths on the column', () => {
    expect(filter(qs({ 'labels->>app': 'eq.api' })).field).toEqual({ column: 'labels', jsonPath: [{ arrow: '->>', key: 'app' }] });
    expect(filter(qs({ 'config->a->>b': 'eq.1' })).field.jsonPath).toEqual([
      { arrow: '->', key: 'a' },
      { arrow: '->>', key: 'b' },
    ]);
    expect(filter(qs({ 'items->0->>name': 'eq.x' })).field.jsonPath[0]).toEqual({ arrow: '->', key: 0 });
    expect(filter(qs({ 'labels->>"app.kubernetes.io/name"': 'eq.x' })).field.jsonPath[0].key).toBe('app.kubernetes.io/name');
    expect(filter(qs({ 'labels->>team-name': 'eq.x' })).field.jsonPath[0].key).toBe('team-name');
  });

  it('attaches filters on embedded resources to their path', () => {
    const parsed = parseQuery(qs({ 'hypotheses.evidences.component_id': 'eq.x' }));
    expect(parsed.conditions[0].path).toEqual(['hypotheses', 'evidences']);
    expect((parsed.conditions[0].condition as FilterCondition).field.column).toBe('component_id');
  });

  it.each([
    ['no operator', 'status=open'],
    ['an unknown operator', 'status=equals.open'],
    ['full-text search', 'title=fts.outage'],
    ['a bad is value', 'deleted_at=is.nothing'],
    ['an unclosed list', 'id=in.(a,b'],
    ['text after a list', 'id=in.(a)x'],
    ['a semicolon in the column', 'name;drop table x=eq.1'],
    ['a quote in a JSON key', "labels->>'a'';drop=eq.1"],
    ['a cast in a filter key', 'id::text=eq.1'],
    ['an empty JSON key', 'labels->>=eq.1'],
  ])('refuses %s with PGRST100', (_, query) => {
    const error = parseFailure(() => parseQuery(query));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
  });
});

describe('logic trees', () => {
  it('reads or=(...) with operators and wildcards', () => {
    const tree = onlyCondition(qs({ or: '(title.ilike.*out*,status.eq.open)' })) as LogicCondition;
    expect(tree).toMatchObject({ kind: 'logic', operator: 'or', negated: false });
    expect(tree.children).toEqual([
      { kind: 'filter', field: { column: 'title', jsonPath: [] }, operator: 'ilike', negated: false, value: { kind: 'scalar', value: '%out%' } },
      { kind: 'filter', field: { column: 'status', jsonPath: [] }, operator: 'eq', negated: false, value: { kind: 'scalar', value: 'open' } },
    ]);
  });

  it('nests and(...), or(...) and their negations', () => {
    const tree = onlyCondition(qs({ or: '(priority.eq.1,and(severity.eq.high,not.or(status.eq.closed,deleted_at.not.is.null)))' })) as LogicCondition;
    const and = tree.children[1] as LogicCondition;
    expect(and).toMatchObject({ kind: 'logic', operator: 'and', negated: false });
    const notOr = and.children[1] as LogicCondition;
    expect(notOr).toMatchObject({ kind: 'logic', operator: 'or', negated: true });
    expect(notOr.children[1]).toMatchObject({ operator: 'is', negated: true, value: { kind: 'is', value: 'null' } });
  });

  it('reads not.or= and not.and= at the top', () => {
    expect(onlyCondition(qs({ 'not.or': '(a.eq.1,b.eq.2)' }))).toMatchObject({ kind: 'logic', operator: 'or', negated: true });
    expect(onlyCondition(qs({ 'not.and': '(a.eq.1,b.eq.2)' }))).toMatchObject({ kind: 'logic', operator: 'and', negated: true });
  });

  it('unquotes double-quoted values and keeps array literals whole', () => {
    const tree = onlyCondition(qs({ or: '(title.eq."a,b)c",tags.cs.{a,b},id.in.(1,"2,3"),labels->>app.eq.api)' })) as LogicCondition;
    expect(tree.children.map((c) => (c as FilterCondition).value)).toEqual([
      { kind: 'scalar', value: 'a,b)c' },
      { kind: 'scalar', value: '{a,b}' },
      { kind: 'list', values: ['1', '2,3'] },
      { kind: 'scalar', value: 'api' },
    ]);
  });

  it('attaches a tree to an embed path', () => {
    const parsed = parseQuery(qs({ 'hypotheses.or': '(status.eq.likely,type.eq.root)' }));
    expect(parsed.conditions[0].path).toEqual(['hypotheses']);
  });

  it.each([
    ['an empty tree', '()'],
    ['no parentheses', 'a.eq.1'],
    ['an unclosed tree', '(a.eq.1'],
    ['a missing operator', '(a.1)'],
    ['a subquery', '(id.eq.1,(select 1))'],
  ])('refuses %s', (_, tree) => {
    expect(parseFailure(() => parseQuery(qs({ or: tree }))).code).toBe('PGRST100');
  });
});

describe('select', () => {
  it('reads columns, *, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,*,label:title,id::text,app:labels->>app,labels->owner->>team')).toEqual([
      { kind: 'field', field: { column: 'id', jsonPath: [] }, alias: null, cast: null },
      { kind: 'star' },
      { kind: 'field', field: { column: 'title', jsonPath: [] }, alias: 'label', cast: null },
      { kind: 'field', field: { column: 'id', jsonPath: [] }, alias: null, cast: 'text' },
      { kind: 'field', field: { column: 'labels', jsonPath: [{ arrow: '->>', key: 'app' }] }, alias: 'app', cast: null },
      {
        kind: 'field',
        field: {
          column: 'labels',
          jsonPath: [
            { arrow: '->', key: 'owner' },
            { arrow: '->>', key: 'team' },
          ],
        },
        alias: null,
        cast: null,
      },
    ]);
  });

  it('reads the responder select of the spec', () => {
    const items = parseSelect('*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)');
    expect(items[1]).toMatchObject({ kind: 'embed', relation: 'team_id', alias: 'team', hint: null, join: 'left' });
    expect(items[2]).toMatchObject({ kind: 'embed', relation: 'person_id', alias: 'person' });
    expect((items[2] as { select: unknown[] }).select).toHaveLength(3);
  });

  it('reads nested embeds, !inner, hints and empty embeds', () => {
    const [embed] = parseSelect('hypotheses!inner(*,evidences(*))');
    expect(embed).toMatchObject({ kind: 'embed', relation: 'hypotheses', join: 'inner' });
    expect(parseSelect('people!created_by(*)')[0]).toMatchObject({ relation: 'people', hint: 'created_by', join: 'left' });
    expect(parseSelect('owner:people!created_by!inner(name)')[0]).toMatchObject({ alias: 'owner', hint: 'created_by', join: 'inner' });
    expect(parseSelect('created_by(name)')[0]).toMatchObject({ relation: 'created_by', select: [{ kind: 'field' }] });
    expect(parseSelect('id,team()')[1]).toMatchObject({ kind: 'embed', select: [] });
  });

  it('allows spaces around items and reads an empty select as *', () => {
    expect(parseSelect(' id , name ')).toHaveLength(2);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it.each([
    ['a subquery', 'id,(select 1)'],
    ['a statement separator', 'id;drop table incidents'],
    ['a function call', 'count(*)x'],
    ['an unknown cast', 'id::regclass'],
    ['a cast with an expression', 'id::text or true'],
    ['a spread', '...team(name)'],
    ['an unclosed embed', 'team(name'],
    ['two hints', 'people!a!b(*)'],
    ['a trailing comma', 'id,'],
  ])('refuses %s with PGRST100', (_, select) => {
    const error = parseFailure(() => parseSelect(select));
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
  });
});

describe('order, paging and the other reserved parameters', () => {
  it('reads directions and null placement', () => {
    expect(parseOrder('name.desc,created_at.asc.nullslast,priority,labels->>app.nullsfirst')).toEqual([
      { field: { column: 'name', jsonPath: [] }, direction: 'desc', nulls: null },
      { field: { column: 'created_at', jsonPath: [] }, direction: 'asc', nulls: 'last' },
      { field: { column: 'priority', jsonPath: [] }, direction: null, nulls: null },
      { field: { column: 'labels', jsonPath: [{ arrow: '->>', key: 'app' }] }, direction: null, nulls: 'first' },
    ]);
  });

  it.each(['name;--', 'name.up', 'name.desc.desc', 'name desc', '(select 1)'])('refuses order=%s', (order) => {
    expect(parseFailure(() => parseOrder(order)).code).toBe('PGRST100');
  });

  it('reads limit and offset, also on embeds', () => {
    const parsed = parseQuery('limit=50&offset=100&hypotheses.limit=2&hypotheses.order=created_at.desc');
    expect(parsed.paging).toEqual([
      { path: [], limit: 50, offset: 100 },
      { path: ['hypotheses'], limit: 2, offset: null },
    ]);
    expect(parsed.order[0].path).toEqual(['hypotheses']);
  });

  it.each(['limit=-1', 'limit=ten', 'offset=1.5', 'limit=1;drop'])('refuses %s', (query) => {
    expect(parseFailure(() => parseQuery(query)).code).toBe('PGRST100');
  });

  it('reads on_conflict and columns as name lists', () => {
    const parsed = parseQuery('on_conflict=team_id,person_id&columns=team_id,person_id');
    expect(parsed.onConflict).toEqual(['team_id', 'person_id']);
    expect(parsed.columns).toEqual(['team_id', 'person_id']);
    expect(parseFailure(() => parseQuery('columns=a;b')).code).toBe('PGRST100');
  });

  it('sets rpc arguments apart by name, repeated ones as lists', () => {
    const parsed = parseQuery('config_id=abc&type=x&type=y&status=eq.ok', { rpcArgNames: new Set(['config_id', 'type']) });
    expect(parsed.rpcArgs).toEqual({ config_id: ['abc'], type: ['x', 'y'] });
    expect(parsed.conditions).toHaveLength(1);
  });
});
