import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, PoolClient, QueryResultRow } from 'pg';

export const PG_POOL = Symbol('PG_POOL');
/** A `Db` on a pool of its own whose statements are bounded by `statement_timeout` (the data API's). */
export const DATA_API_DB = Symbol('DATA_API_DB');

/** A queryable: the pool, or one client inside a transaction. */
export interface Queryable {
  query<T extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number | null }>;
}

/**
 * Thin access to Postgres for services: parameterised queries and transactions.
 * SQL lives in services and repositories, never in controllers.
 */
@Injectable()
export class Db implements OnModuleDestroy {
  constructor(@Inject(PG_POOL) readonly pool: Pool) {}

  async query<T extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.pool.query<T>(sql, params);
    return result.rows;
  }

  async one<T extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }

  /** Runs `work` in one transaction; rolls back on any error and rethrows it. */
  async transaction<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client has no 'error' listener of the pool's: if the server goes away between two statements
    // (a restart, a failover), the event would be unhandled and end the process. Keep it, and discard the client.
    let lost: Error | undefined;
    const onError = (error: Error) => (lost = error);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(lost);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
