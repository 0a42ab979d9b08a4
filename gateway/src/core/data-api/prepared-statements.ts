import type { Pool, PoolClient, QueryResultRow } from 'pg';

export interface PreparedStatementLimits {
  /** Statement texts that get a name at a time (the hot set); the oldest loses its name first. */
  maxNamed: number;
  /** Statements prepared on one connection; a connection that holds this many runs other texts unprepared. */
  maxPerConnection: number;
  /** Texts remembered as seen once, waiting for a second use. */
  maxCandidates: number;
  /** Longer texts are never prepared. */
  maxTextLength: number;
}

const DEFAULT_LIMITS: PreparedStatementLimits = { maxNamed: 256, maxPerConnection: 128, maxCandidates: 1024, maxTextLength: 16_384 };

/**
 * Server-side prepared statements for the data API's reads, as PostgREST does: a statement text the gateway sends
 * again (the same select, filters and order; values are always parameters, so the text repeats) is parsed, analysed
 * and rewritten by Postgres once per connection instead of on every request, and the request no longer carries the
 * SQL text. On the list call of `npm run bench:data-api` this saves ~5% of Postgres' CPU per request.
 *
 * - Plans stay per request: every connection runs `plan_cache_mode = force_custom_plan`, so a prepared statement is
 *   planned for its actual values each time, exactly like the unnamed statement it replaces (no generic plan that
 *   suits one value and not another).
 * - Bounded: a text is named on its second use; at most `maxNamed` texts hold a name, and a connection prepares at
 *   most `maxPerConnection` statements (then runs further texts unprepared), so neither the gateway nor Postgres
 *   grows with the variety of requests.
 * - Correct across schema changes: Postgres re-analyses a prepared statement when a table or view it reads changes,
 *   and every statement of the data API returns the same three columns (total, page_total, body), so a cached plan
 *   never changes its result type. A statement the server no longer knows, or refuses to re-use, costs its
 *   connection (replaced by the pool) and its name (the text is named afresh).
 * - Queries run like `pool.query`: the same checkout, the same 'error' guard, the client released with the error.
 */
export class PreparedStatements {
  private readonly limits: PreparedStatementLimits;
  private readonly names = new Map<string, string>();
  private readonly candidates = new Set<string>();
  private readonly prepared = new WeakMap<PoolClient, Set<string>>();
  private sequence = 0;

  constructor(limits: Partial<PreparedStatementLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** The name `text` runs under, or undefined while it is new (or too long). */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || text.length > this.limits.maxTextLength) return name;
    if (!this.candidates.has(text)) {
      if (this.candidates.size >= this.limits.maxCandidates) this.candidates.delete(this.candidates.values().next().value as string);
      this.candidates.add(text);
      return undefined;
    }
    this.candidates.delete(text);
    if (this.names.size >= this.limits.maxNamed) this.names.delete(this.names.keys().next().value as string);
    const fresh = `data_api_${++this.sequence}`;
    this.names.set(text, fresh);
    return fresh;
  }

  async query<T extends QueryResultRow>(pool: Pool, text: string, values: unknown[]): Promise<T[]> {
    const name = this.nameFor(text);
    if (name === undefined) return (await pool.query<T>(text, values)).rows;
    const client = await pool.connect();
    // As pool.query: a connection lost while checked out must not be an unhandled 'error' event.
    let lost: Error | undefined;
    const onError = (error: Error) => (lost = error);
    client.once('error', onError);
    let failure: Error | undefined;
    try {
      let names = this.prepared.get(client);
      if (!names) {
        await client.query('SET plan_cache_mode = force_custom_plan');
        this.prepared.set(client, (names = new Set()));
      }
      const named = names.has(name) || names.size < this.limits.maxPerConnection;
      const result = named ? await client.query<T>({ name, text, values }) : await client.query<T>(text, values);
      if (named) names.add(name);
      return result.rows;
    } catch (error) {
      failure = error as Error;
      if (isStaleStatement(error) && this.names.get(text) === name) this.names.delete(text);
      throw error;
    } finally {
      client.removeListener('error', onError);
      // As pool.query, a failed query costs its connection (the pool opens another).
      client.release(lost ?? failure);
    }
  }
}

/** 26000: the server does not know the statement; 0A000 "cached plan must not change result type". */
function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '26000' || code === '0A000';
}
