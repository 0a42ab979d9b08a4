import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { PreparedStatements } from './prepared-statements';

type Sent = { client: number; sql: string; name?: string };

/** A pool with one or more fake connections that records what each is sent. */
function fakePool(connections = 1, fail?: (sent: Sent) => Error | undefined) {
  const sent: Sent[] = [];
  const released: Array<{ client: number; error?: Error }> = [];
  let next = 0;
  const clients = Array.from({ length: connections }, (_, id) =>
    Object.assign(new EventEmitter(), {
      query: async (config: string | { name: string; text: string }, _values?: unknown[]) => {
        const entry = typeof config === 'string' ? { client: id, sql: config } : { client: id, sql: config.text, name: config.name };
        sent.push(entry);
        const error = fail?.(entry);
        if (error) throw error;
        return { rows: [{ body: entry.sql }], rowCount: 1 };
      },
      release: (error?: Error) => void released.push({ client: id, error }),
    }),
  );
  const pool = {
    query: async (sql: string) => {
      sent.push({ client: -1, sql });
      return { rows: [{ body: sql }], rowCount: 1 };
    },
    connect: async () => clients[next++ % connections],
  };
  return { pool: pool as unknown as Pool, sent, released, clients };
}

describe('PreparedStatements', () => {
  it('runs a new text unprepared, names it on its second use, and prepares it once per connection', async () => {
    const { pool, sent } = fakePool();
    const statements = new PreparedStatements();
    for (let i = 0; i < 3; i++) expect(await statements.query(pool, 'SELECT 1', [])).toEqual([{ body: 'SELECT 1' }]);
    expect(sent).toEqual([
      { client: -1, sql: 'SELECT 1' },
      { client: 0, sql: 'SET plan_cache_mode = force_custom_plan' },
      { client: 0, sql: 'SELECT 1', name: 'data_api_1' },
      { client: 0, sql: 'SELECT 1', name: 'data_api_1' },
    ]);
  });

  it('prepares at most maxPerConnection statements on a connection, and runs the rest unprepared', async () => {
    const { pool, sent } = fakePool();
    const statements = new PreparedStatements({ maxPerConnection: 1 });
    for (const text of ['A', 'A', 'B', 'B']) await statements.query(pool, text, []);
    expect(sent.filter((s) => s.client === 0 && !s.sql.startsWith('SET'))).toEqual([
      { client: 0, sql: 'A', name: 'data_api_1' },
      { client: 0, sql: 'B' },
    ]);
  });

  it('keeps at most maxNamed names and candidates', () => {
    const statements = new PreparedStatements({ maxNamed: 2, maxCandidates: 2 });
    for (const text of ['A', 'A', 'B', 'B', 'C', 'C']) statements.nameFor(text);
    expect(statements.nameFor('A')).toBeUndefined(); // lost its name to C, seen once again
    expect(statements.nameFor('B')).toBe('data_api_2');
    expect(statements.nameFor('C')).toBe('data_api_3');
    for (const text of ['D', 'E', 'F']) statements.nameFor(text);
    expect(statements.nameFor('D')).toBeUndefined(); // D was pushed out of the candidates by F
  });

  it('never names a text longer than maxTextLength', () => {
    const statements = new PreparedStatements({ maxTextLength: 3 });
    for (let i = 0; i < 3; i++) expect(statements.nameFor('SELECT')).toBeUndefined();
  });

  it('releases the connection with the error, as pool.query does, and names a stale statement afresh', async () => {
    const stale = Object.assign(new Error('prepared statement "data_api_1" does not exist'), { code: '26000' });
    let failOnce = true;
    const { pool, released } = fakePool(1, (s) => (s.name === 'data_api_1' && failOnce ? ((failOnce = false), stale) : undefined));
    const statements = new PreparedStatements();
    await statements.query(pool, 'X', []);
    await expect(statements.query(pool, 'X', [])).rejects.toBe(stale);
    expect(released).toEqual([{ client: 0, error: stale }]);
    expect(statements.nameFor('X')).toBeUndefined();
    expect(statements.nameFor('X')).toBe('data_api_2');
  });

  it('keeps a connection lost while checked out from raising an unhandled error event', async () => {
    const { pool, clients, released } = fakePool();
    const statements = new PreparedStatements();
    await statements.query(pool, 'Y', []);
    const lost = new Error('connection terminated');
    clients[0].query = async () => {
      clients[0].emit('error', lost);
      throw lost;
    };
    await expect(statements.query(pool, 'Y', [])).rejects.toBe(lost);
    expect(released.at(-1)).toEqual({ client: 0, error: lost });
  });
});
