import { DataApiError } from './errors';
import { parseQuery } from './query-parser';
import { argsFromQuery, buildRpc, callSql } from './rpc-builder';
import type { ResourceMeta, RpcMeta } from './schema-cache';
import { SqlParams } from './sql-params';
import { ALICE, fakeContext } from './testing/fake-schema';
import { buildDelete, buildInsert, buildUpdate, toParam } from './write-builder';

const ctx = fakeContext();
const resource = (name: string) => ctx.schema.resources.get(name) as ResourceMeta;
const minimal = { representation: false };

function failure(run: () => unknown): DataApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DataApiError);
    return error as DataApiError;
  }
  throw new Error('expected a DataApiError');
}

describe('INSERT', () => {
  it('binds every cell, fills missing keys with DEFAULT and forces created_by to the principal', () => {
    const [statement] = buildInsert(
      parseQuery(''),
      resource('incidents'),
      [
        { title: 'A', created_by: 'someone-else' },
        { title: 'B', status: 'open' },
      ],
      ctx,
      { ...minimal, resolution: null },
    );
    expect(statement.text).toBe(
      'WITH pgrst_mutation AS (INSERT INTO "public"."incidents" ("title", "status", "created_by") VALUES ($1, DEFAULT, $2), ($3, $4, $5) RETURNING *) ' +
        'SELECT count(*) AS page_total, NULL::text AS body, 0 AS scope_violations FROM pgrst_mutation',
    );
    expect(statement.values).toEqual(['A', ALICE.personId, 'B', 'open', ALICE.personId]);
  });

  it('serialises JSON columns, passes arrays to array columns and keeps now() as a value', () => {
    const [statement] = buildInsert(parseQuery(''), resource('incidents'), [{ labels: { app: 'api' }, tags: ['a', 'b'], deleted_at: 'now()' }], ctx, {
      ...minimal,
      resolution: null,
    });
    expect(statement.values).toEqual(['{"app":"api"}', ['a', 'b'], 'now()', ALICE.personId]);
  });

  it('writes only the columns= list when given', () => {
    const [statement] = buildInsert(parseQuery('columns=title'), resource('incidents'), [{ title: 'A', status: 'ignored' }], ctx, {
      ...minimal,
      resolution: null,
    });
    expect(statement.text).toContain('("title", "created_by")');
    expect(statement.values).not.toContain('ignored');
  });

  it('splits large bulk inserts into several statements', () => {
    const rows = Array.from({ length: 20001 }, (_, i) => ({ title: `t${i}` }));
    const statements = buildInsert(parseQuery(''), resource('incidents'), rows, ctx, { ...minimal, resolution: null });
    expect(statements.length).toBe(2);
    for (const s of statements) expect(s.values.length).toBeLessThanOrEqual(30000);
  });

  it('upserts on the primary key or on_conflict, never overwriting created_by', () => {
    const [merge] = buildInsert(parseQuery(''), resource('incidents'), [{ id: 'x', title: 'A' }], ctx, { ...minimal, resolution: 'merge-duplicates' });
    expect(merge.text).toContain('ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title" RETURNING *');
    const [ignore] = buildInsert(parseQuery('on_conflict=title'), resource('incidents'), [{ title: 'A' }], ctx, {
      ...minimal,
      resolution: 'ignore-duplicates',
    });
    expect(ignore.text).toContain('ON CONFLICT ("title") DO NOTHING');
  });

  it('returns the representation shaped by select, embeds included', () => {
    const [statement] = buildInsert(parseQuery('select=id,commander:commander_id(name)'), resource('incidents'), [{ title: 'A' }], ctx, {
      representation: true,
      resolution: null,
    });
    expect(statement.text).toContain(
      `SELECT count(*) AS page_total, coalesce(json_agg(_pgrst_t), '[]')::text AS body, 0 AS scope_violations FROM (SELECT t0."id" AS "id", ` +
        '(SELECT row_to_json(_t1) FROM (SELECT t1."name" AS "name" FROM "public"."people" t1 WHERE t1."id" = t0."commander_id") _t1) AS "commander" FROM pgrst_mutation t0) _pgrst_t',
    );
    expect(statement.embedded.map((r) => r.name)).toEqual(['people']);
  });

  it('counts rows outside the row scope so the caller can roll back', () => {
    const [statement] = buildInsert(parseQuery(''), resource('my_incidents'), [{ title: 'A' }], ctx, { ...minimal, resolution: null });
    expect(statement.text).toContain('(SELECT count(*) FROM pgrst_mutation WHERE NOT (created_by = $3 OR commander_id = $3)) AS scope_violations');
  });

  it.each([
    ['an unknown column', { nope: 1 }, 'PGRST204', 400],
    ['a generated column', { title_length: 3 }, '42501', 403],
    ['a key that is not a column name', { 'title;drop': 1 }, 'PGRST204', 400],
  ])('refuses %s', (_, row, code, status) => {
    const error = failure(() => buildInsert(parseQuery(''), resource('incidents'), [row], ctx, { ...minimal, resolution: null }));
    expect(error).toMatchObject({ code, status });
  });

  it('refuses limit on writes', () => {
    expect(failure(() => buildInsert(parseQuery('limit=1'), resource('incidents'), [{ title: 'A' }], ctx, { ...minimal, resolution: null })).code).toBe(
      'PGRST100',
    );
  });
});

describe('UPDATE and DELETE', () => {
  it('updates with bound values and the request filters', () => {
    const statement = buildUpdate(parseQuery('id=eq.i1'), resource('incidents'), { deleted_at: 'now()', status: 'closed' }, ctx, minimal);
    expect(statement?.text).toBe(
      'WITH pgrst_mutation AS (UPDATE "public"."incidents" AS t0 SET "deleted_at" = $2, "status" = $3 WHERE t0."id" = $1 RETURNING t0.*) ' +
        'SELECT count(*) AS page_total, NULL::text AS body, 0 AS scope_violations FROM pgrst_mutation',
    );
    expect(statement?.values).toEqual(['i1', 'now()', 'closed']);
  });

  it('ignores created_by in a PATCH body and does nothing when nothing is left', () => {
    expect(buildUpdate(parseQuery('id=eq.i1'), resource('incidents'), { created_by: 'x' }, ctx, minimal)).toBeNull();
  });

  it('adds the row scope to the WHERE and checks the updated rows against it', () => {
    const statement = buildUpdate(parseQuery('id=eq.i1'), resource('my_incidents'), { title: 'x' }, ctx, minimal);
    expect(statement?.text).toContain('WHERE t0."id" = $1 AND (created_by = $2 OR commander_id = $2)');
    expect(statement?.text).toContain('WHERE NOT (created_by = $4 OR commander_id = $4)');
  });

  it('deletes with filters and returns the deleted rows on request', () => {
    const statement = buildDelete(parseQuery('status=in.(closed)&select=id'), resource('incidents'), ctx, { representation: true });
    expect(statement.text).toContain('DELETE FROM "public"."incidents" AS t0 WHERE t0."status" = ANY($1) RETURNING t0.*');
    expect(statement.text).toContain('FROM (SELECT t0."id" AS "id" FROM pgrst_mutation t0) _pgrst_t');
  });

  it('refuses PATCH and DELETE without a filter, even with embed filters only', () => {
    expect(failure(() => buildUpdate(parseQuery(''), resource('incidents'), { title: 'x' }, ctx, minimal))).toMatchObject({
      status: 400,
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    });
    expect(failure(() => buildDelete(parseQuery('select=id,hypotheses(id)&hypotheses.id=eq.1'), resource('incidents'), ctx, minimal))).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
  });
});

describe('toParam', () => {
  it('binds JSON values by column type', () => {
    expect(toParam({ isJson: true, isArray: false }, 'text')).toBe('"text"');
    expect(toParam({ isJson: true, isArray: false }, null)).toBeNull();
    expect(toParam({ isJson: false, isArray: true }, ['a'])).toEqual(['a']);
    expect(toParam({ isJson: false, isArray: false }, { a: 1 })).toBe('{"a":1}');
    expect(toParam({ isJson: false, isArray: false }, true)).toBe(true);
  });
});

describe('rpc SQL', () => {
  const rpc = ctx.schema.rpcs.get('related_configs') as RpcMeta;

  it('calls the function by argument name with catalog types', () => {
    const params = new SqlParams();
    expect(callSql(rpc, { config_id: 'c1', max_depth: '3' }, params)).toBe('"public"."related_configs"("config_id" => $1::uuid, "max_depth" => $2::integer)');
    expect(params.values).toEqual(['c1', '3']);
  });

  it('reads GET arguments apart from filters and applies filters to the returned rows', () => {
    const query = parseQuery('config_id=c1&type=eq.Pod&select=id,name', { rpcArgNames: new Set(rpc.args.map((a) => a.name)) });
    expect(argsFromQuery(query)).toEqual({ config_id: 'c1' });
    const built = buildRpc(query, rpc, argsFromQuery(query), ctx, { count: false, window: { offset: 0, limit: null } });
    expect(built.text).toContain('FROM "public"."related_configs"("config_id" => $1::uuid) t0 WHERE t0."type" = $2');
  });

  it('answers PGRST202 for unknown or missing arguments', () => {
    expect(failure(() => callSql(rpc, { config_id: 'c1', nope: 1 }, new SqlParams()))).toMatchObject({ status: 404, code: 'PGRST202' });
    expect(failure(() => callSql(rpc, {}, new SqlParams()))).toMatchObject({ code: 'PGRST202' });
  });
});
