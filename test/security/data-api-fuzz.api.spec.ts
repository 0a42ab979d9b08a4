import fc from 'fast-check';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Property-based fuzzing of the data API's grammar (issue 8): random filters, selects, orders, embeds, paging,
 * Prefer headers and bodies, by a viewer and by an editor. Whatever the input: never a 5xx, never SQL text or a
 * stack in the answer, and nothing written when the request is refused. A fixed seed keeps CI reproducible;
 * FUZZ_RUNS and FUZZ_SEED explore further.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** SQL as the builder writes it, database internals, stack frames, row dumps (the request's own text may be echoed). */
const LEAKS = /SELECT .*FROM "|coalesce\(json_agg|syntax error at|relation "|at Object\.|node_modules|\$argon2|Failing row/;

const COLUMNS = [
  'id',
  'name',
  'title',
  'status',
  'severity',
  'type',
  'labels',
  'spec',
  'created_at',
  'deleted_at',
  'comment',
  'no_such',
  'email',
  'x y',
  '"id"',
  '',
];
const RESOURCES = ['incidents', 'comments', 'hypotheses', 'evidences', 'canaries', 'checks', 'config_items', 'people', 'teams', 'properties', 'no_such_table'];
const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd', 'not.eq', 'not.in', 'fts', 'match', 'bogus'];

const nasty = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "'",
    '"',
    '(',
    ')',
    ',',
    '.',
    '*',
    '\\',
    '\u0000',
    '%',
    ';--',
    "') OR 1=1 --",
    'null',
    'true',
    '{}',
    '{a,b}',
    '[1,2]',
    '2026-13-45',
    '💥',
    'é',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
);
const column = fc.oneof(fc.constantFrom(...COLUMNS), fc.string({ maxLength: 8 }));
const jsonPath = fc.oneof(fc.constant(''), fc.constantFrom('->a', '->>b', '->0', '->>"k"', '->', '->>->'));

const filter = fc
  .tuple(column, jsonPath, fc.constantFrom(...OPERATORS), nasty)
  .map(([c, p, op, v]) => `${encodeURIComponent(c + p)}=${encodeURIComponent(`${op}.${v}`)}`);
// and/or groups nested inside one another, now and then far past the parser's depth cap (a stack overflow once).
const condition: fc.Arbitrary<string> = fc.letrec((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(column, fc.constantFrom(...OPERATORS), nasty).map(([c, op, v]) => `${c}.${op}.${v}`),
    fc
      .tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and'), fc.array(tie('cond'), { minLength: 1, maxLength: 3 }))
      .map(([k, parts]) => `${k}(${(parts as string[]).join(',')})`),
    fc.tuple(fc.constantFrom('or', 'and'), fc.integer({ min: 10, max: 3000 })).map(([k, n]) => `${`${k}(`.repeat(n)}id.is.null${')'.repeat(n)}`),
  ),
})).cond;
const logic = fc
  .tuple(fc.constantFrom('or', 'and', 'not.or'), fc.array(condition, { maxLength: 3 }))
  .map(([kind, parts]) => `${kind}=${encodeURIComponent(`(${parts.join(',')})`)}`);
const selectItem: fc.Arbitrary<string> = fc.letrec((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('*', 'id', 'name', 'labels->>team', 'n:name', 'id::text', 'id::evil', '...x'),
    column,
    fc
      .tuple(
        fc.constantFrom(...RESOURCES, 'created_by', 'person:person_id', 'incident_id'),
        fc.constantFrom('', '!inner', '!left', '!bogus'),
        fc.array(tie('item'), { maxLength: 3 }),
      )
      .map(([r, hint, inner]) => `${r}${hint}(${(inner as string[]).join(',')})`),
  ),
})).item;
const select = fc.array(selectItem, { minLength: 1, maxLength: 4 }).map((items) => `select=${encodeURIComponent(items.join(','))}`);
const order = fc
  .tuple(column, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways'))
  .map(([c, d]) => `order=${encodeURIComponent(c + d)}`);
const paging = fc.oneof(
  fc.integer({ min: -5, max: 100000 }).map((n) => `limit=${n}`),
  nasty.map((v) => `offset=${encodeURIComponent(v)}`),
);
const queryString = fc.array(fc.oneof(filter, logic, select, order, paging), { maxLength: 5 }).map((parts) => parts.join('&'));
const prefer = fc.constantFrom(
  undefined,
  'count=exact',
  'return=representation',
  'return=minimal',
  'resolution=merge-duplicates',
  'count=bogus,return=x',
  'tx=rollback',
);
const body: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.constantFrom(...COLUMNS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.array(fc.dictionary(fc.constantFrom(...COLUMNS), nasty, { maxKeys: 3 }), { maxLength: 3 }),
);

describe('data API fuzzing', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  let editor: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', DATA_API_STATEMENT_TIMEOUT_MS: '2000' });
    [viewer, editor] = await Promise.all([t.signInAs(['viewer']), t.signInAs(['editor'])]);
  });
  afterAll(() => t?.stop());

  const rowCounts = async () =>
    (
      await t.pool.query(
        `select (select count(*) from incidents) + (select count(*) from comments) + (select count(*) from canaries) + (select count(*) from teams) + (select count(*) from config_items) n`,
      )
    ).rows[0].n;
  const assertSafe = (status: number, text: string) => {
    expect(status).toBeLessThan(500);
    expect(text).not.toMatch(LEAKS);
  };

  it('answers any read with a non-5xx and no SQL or internals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RESOURCES), queryString, prefer, async (resource, query, preferHeader) => {
        const req = viewer.agent.get(`/api/db/${resource}?${query}`);
        if (preferHeader) req.set('Prefer', preferHeader);
        const res = await req;
        assertSafe(res.status, res.text);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('answers any write with a non-5xx and no SQL, and a viewer changes nothing', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('post', 'patch', 'delete'),
        fc.constantFrom(...RESOURCES),
        queryString,
        prefer,
        body,
        async (method, resource, query, preferHeader, payload) => {
          const req = viewer.agent[method](`/api/db/${resource}?${query}`).set('x-csrf-token', viewer.csrf);
          if (preferHeader) req.set('Prefer', preferHeader);
          const res = await (method === 'delete' ? req : req.set('content-type', 'application/json').send(JSON.stringify(payload)));
          assertSafe(res.status, res.text);
          expect(res.status).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(await rowCounts()).toBe(before);
  });

  it('leaves nothing behind when an editor’s write is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('post', 'patch'),
        fc.constantFrom('teams', 'canaries', 'comments', 'config_items'),
        queryString,
        body,
        async (method, resource, query, payload) => {
          const before = await rowCounts();
          const res = await editor.agent[method](`/api/db/${resource}?${query}`)
            .set('x-csrf-token', editor.csrf)
            .set('content-type', 'application/json')
            .send(JSON.stringify(payload));
          assertSafe(res.status, res.text);
          if (res.status >= 400) expect(await rowCounts()).toBe(before);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
