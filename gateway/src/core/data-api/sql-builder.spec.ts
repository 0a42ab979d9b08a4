import { DataApiError } from './errors';
import { parseQuery } from './query-parser';
import type { RangeWindow } from './request-headers';
import type { ResourceMeta } from './schema-cache';
import { buildRead, resourceFrom, type BuildContext, type BuiltRead } from './sql-builder';
import { SqlParams } from './sql-params';
import { fakeContext } from './testing/fake-schema';

const ALL: RangeWindow = { offset: 0, limit: null };

function read(resource: string, query: string, options: { count?: boolean; window?: RangeWindow; ctx?: BuildContext } = {}): BuiltRead {
  const ctx = options.ctx ?? fakeContext();
  const meta = ctx.schema.resources.get(resource) as ResourceMeta;
  const params = new SqlParams();
  const source = { meta, from: resourceFrom(meta, ctx.principal, params) };
  return buildRead(parseQuery(query), source, ctx, { count: options.count ?? false, window: options.window ?? ALL }, params);
}

function failure(run: () => unknown): DataApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DataApiError);
    return error as DataApiError;
  }
  throw new Error('expected a DataApiError');
}

/** Every `$n` in the text has a value and every value is referenced. */
function expectPlaceholdersMatch(built: { text: string; values: unknown[] }): void {
  const used = new Set([...built.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  expect([...used].sort((a, b) => a - b)).toEqual(built.values.map((_, i) => i + 1));
}

describe('read SQL', () => {
  it('builds the catalog list query as one statement with an exact count over the same WHERE', () => {
    const built = read('config_items', 'select=id,name,type,health&type=eq.Kubernetes::Pod&order=name.asc', {
      count: true,
      window: { offset: 0, limit: 50 },
    });
    expect(built.text).toBe(
      'SELECT (SELECT count(*) FROM "public"."config_items" t0 WHERE t0."type" = $1) AS total, count(*) AS page_total, ' +
        `coalesce(json_agg(_pgrst_t), '[]')::text AS body FROM (SELECT t0."id" AS "id", t0."name" AS "name", t0."type" AS "type", ` +
        't0."health" AS "health" FROM "public"."config_items" t0 WHERE t0."type" = $1 ORDER BY t0."name" ASC LIMIT $2) _pgrst_t',
    );
    expect(built.values).toEqual(['Kubernetes::Pod', 50]);
  });

  it('leaves the count out unless asked', () => {
    expect(read('config_items', 'select=id').text).toMatch(/^SELECT NULL::bigint AS total/);
  });

  it('expands * to the readable columns only', () => {
    const built = read('people', '');
    expect(built.text).toContain('t0."avatar" AS "avatar"');
    expect(built.text).not.toContain('password_hash');
  });

  it.each([
    ['eq', 'status=eq.open', 't0."status" = $1', ['open']],
    ['neq', 'status=neq.open', 't0."status" <> $1', ['open']],
    ['gt', 'title=gt.a', 't0."title" > $1', ['a']],
    ['gte', 'title=gte.a', 't0."title" >= $1', ['a']],
    ['lt', 'title=lt.a', 't0."title" < $1', ['a']],
    ['lte', 'title=lte.a', 't0."title" <= $1', ['a']],
    ['like', 'title=like.*API*', 't0."title" LIKE $1', ['%API%']],
    ['ilike', 'title=ilike.*api*', 't0."title" ILIKE $1', ['%api%']],
    ['in', 'status=in.(open,"a,b")', 't0."status" = ANY($1)', [['open', 'a,b']]],
    ['is', 'deleted_at=is.null', 't0."deleted_at" IS NULL', []],
    ['is not_null', 'deleted_at=is.not_null', 't0."deleted_at" IS NOT NULL', []],
    ['cs', 'tags=cs.{prod,api}', 't0."tags" @> $1', ['{prod,api}']],
    ['cd', 'tags=cd.{prod}', 't0."tags" <@ $1', ['{prod}']],
    ['not', 'status=not.in.(closed)', 'NOT (t0."status" = ANY($1))', [['closed']]],
  ])('renders %s with bound values', (_, query, sql, values) => {
    const built = read('incidents', `select=id&${query}`);
    expect(built.text).toContain(`WHERE ${sql}`);
    expect(built.values).toEqual(values);
    expectPlaceholdersMatch(built);
  });

  it('renders logic trees with nesting and negation', () => {
    const built = read(
      'incidents',
      `select=id&or=(${encodeURIComponent('status.eq.open,and(severity.eq.high,not.or(title.ilike.*x*,deleted_at.not.is.null))')})`,
    );
    expect(built.text).toContain('WHERE (t0."status" = $1 OR (t0."severity" = $2 AND NOT (t0."title" ILIKE $3 OR NOT (t0."deleted_at" IS NULL))))');
    expect(built.values).toEqual(['open', 'high', '%x%']);
  });

  it('binds JSON path keys as typed parameters and names the output after the last key', () => {
    const built = read('incidents', `select=id,${encodeURIComponent('labels->>app,owner:labels->owner->>team')}&${encodeURIComponent('labels->>env')}=eq.prod`);
    expect(built.text).toContain('(t0."labels"->>$1::text) AS "app"');
    expect(built.text).toContain('(t0."labels"->$2::text->>$3::text) AS "owner"');
    expect(built.text).toContain('WHERE (t0."labels"->>$4::text) = $5');
    expect(built.values).toEqual(['app', 'owner', 'team', 'env', 'prod']);
  });

  it('casts with a whitelisted type', () => {
    expect(read('incidents', 'select=id::text').text).toContain('(t0."id")::text AS "id"');
  });

  it('keeps hostile values inside parameters', () => {
    const hostile = "x'; drop table incidents; --";
    const built = read('incidents', `select=id&title=eq.${encodeURIComponent(hostile)}`);
    expect(built.text).not.toContain('drop table');
    expect(built.values).toEqual([hostile]);
  });

  it('orders with directions and null placement, and pages with parameters', () => {
    const built = read('incidents', 'select=id&order=severity.desc.nullslast,title', { window: { offset: 20, limit: 10 } });
    expect(built.text).toContain('ORDER BY t0."severity" DESC NULLS LAST, t0."title" LIMIT $1 OFFSET $2');
    expect(built.values).toEqual([10, 20]);
  });

  it.each([
    ['an unknown column in select', 'select=nope'],
    ['a hidden column in select', 'select=password_hash'],
    ['an unknown column in a filter', 'nope=eq.1'],
    ['an unknown column in order', 'order=nope.desc'],
    ['an unknown column inside a logic tree', 'or=(nope.eq.1)'],
  ])('refuses %s with 42703', (_, query) => {
    const error = failure(() => read(query.includes('password') ? 'people' : 'incidents', query));
    expect(error).toMatchObject({ status: 400, code: '42703' });
  });
});

describe('embeds', () => {
  it('embeds many-to-one through the foreign-key column as a correlated row_to_json', () => {
    const built = read('responders', 'select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null');
    expect(built.text).toContain(
      '(SELECT row_to_json(_t1) FROM (SELECT t1."id" AS "id", t1."name" AS "name", t1."icon" AS "icon", t1."spec" AS "spec" ' +
        'FROM "public"."teams" t1 WHERE t1."id" = t0."team_id") _t1) AS "team"',
    );
    expect(built.text).toContain('FROM "public"."people" t2 WHERE t2."id" = t0."person_id") _t2) AS "person"');
    expect(built.embedded.map((r) => r.name)).toEqual(['teams', 'people']);
  });

  it('embeds one-to-many as a json_agg array, nested, with filters, order and limit on the embed', () => {
    const built = read(
      'incidents',
      'select=id,hypotheses(id,evidences(*))&hypotheses.order=title.desc&hypotheses.limit=2&hypotheses.evidences.component_id=eq.c1',
    );
    expect(built.text).toContain(`(SELECT coalesce(json_agg(_t1), '[]') FROM (SELECT t1."id" AS "id", (SELECT coalesce(json_agg(_t2), '[]')`);
    expect(built.text).toContain('WHERE t2."hypothesis_id" = t1."id" AND t2."component_id" = $1');
    expect(built.text).toContain('WHERE t1."incident_id" = t0."id" ORDER BY t1."title" DESC LIMIT $2');
    expect(built.values).toEqual(['c1', 2]);
  });

  it('filters the parents through !inner embeds with EXISTS, also in the count', () => {
    const built = read('incidents', 'select=id,hypotheses!inner(evidences!inner(id))&hypotheses.evidences.component_id=eq.c1', { count: true });
    const exists =
      'EXISTS (SELECT 1 FROM "public"."hypotheses" t1 WHERE t1."incident_id" = t0."id" AND EXISTS (SELECT 1 FROM "public"."evidences" t2 WHERE t2."hypothesis_id" = t1."id" AND t2."component_id" = $';
    expect(built.text.split(exists)).toHaveLength(3); // in the count and in the page
    // The hypotheses embedded for each incident are themselves limited to those with matching evidence.
    expect(built.text).toContain('WHERE t1."incident_id" = t0."id" AND EXISTS (SELECT 1 FROM "public"."evidences" t2');
  });

  it('treats embed=not.is.null like an inner join and embed=is.null as its absence', () => {
    expect(read('responders', 'select=id,team:team_id(name)&team=not.is.null').text).toContain('WHERE EXISTS (SELECT 1 FROM "public"."teams" t1');
    expect(read('responders', 'select=id,team:team_id(name)&team=is.null').text).toContain('WHERE NOT EXISTS (SELECT 1 FROM "public"."teams" t1');
  });

  it('embeds by created_by, by hint, and through relations declared on a view', () => {
    expect(read('incidents', 'select=id,created_by(name)').text).toContain('WHERE t1."id" = t0."created_by"');
    expect(read('incidents', 'select=id,people!commander_id(name)').text).toContain('WHERE t1."id" = t0."commander_id"');
    expect(read('incidents', 'select=id,people!incidents_communicator_id_fkey(name)').text).toContain('WHERE t1."id" = t0."communicator_id"');
    expect(read('incident_summary', 'select=id,commander(name)').text).toContain('WHERE t1."id" = t0."commander_id"');
  });

  it('omits empty embeds from the output but still filters with them', () => {
    const built = read('responders', 'select=id,team:team_id()&team.name=eq.Platform&team=not.is.null');
    expect(built.text).not.toContain('AS "team"');
    expect(built.text).toContain('t1."name" = $1');
  });

  it('answers PGRST201 with the hints to choose from when several foreign keys match', () => {
    const error = failure(() => read('incidents', 'select=id,people(name)'));
    expect(error).toMatchObject({ status: 300, code: 'PGRST201' });
    expect(error.hint).toContain("'people!created_by'");
    expect(error.hint).toContain("'people!commander_id'");
  });

  it('answers PGRST200 for unknown relationships and PGRST108 for filters on embeds not selected', () => {
    expect(failure(() => read('incidents', 'select=id,nothing(*)'))).toMatchObject({ status: 400, code: 'PGRST200' });
    expect(failure(() => read('incidents', 'select=id,people!nothing(*)'))).toMatchObject({ code: 'PGRST200' });
    expect(failure(() => read('incidents', 'select=id&hypotheses.title=eq.x'))).toMatchObject({ status: 400, code: 'PGRST108' });
  });

  it('refuses to embed a hidden or unknown column of the target', () => {
    expect(failure(() => read('incidents', 'select=id,created_by(password_hash)'))).toMatchObject({ code: '42703' });
  });
});

describe('row scope', () => {
  it('reads a scoped resource through a subselect with the scope bound as parameters', () => {
    const built = read('my_incidents', 'select=id&status=eq.open', { count: true });
    expect(built.text).toContain('FROM (SELECT * FROM "public"."incidents" WHERE (created_by = $1 OR commander_id = $1)) t0 WHERE t0."status" = $2');
    expect(built.values).toEqual(['00000000-0000-4000-8000-0000000000a1', 'open']);
    expectPlaceholdersMatch(built);
  });
});
