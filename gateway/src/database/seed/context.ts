import type { ConfigSeed } from './catalog-items';

/** Anything with `query(sql, params)`: a pg Pool or Client, or the gateway's Db service. */
export interface SeedQueryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export type Row = Record<string, unknown>;

/** What the seed steps share: the connection, the admin, and the ids resolved by earlier steps. */
export interface SeedContext {
  readonly db: SeedQueryable;
  readonly adminId: string;
  readonly people: Map<string, string>;
  readonly teams: Map<string, string>;
  readonly configs: Map<string, ConfigSeed>;
  scrapers: Record<'k8s' | 'aws', string>;
  canaryId: string;
  topologyId: string;
}

export function createSeedContext(db: SeedQueryable, adminId: string): SeedContext {
  return {
    db,
    adminId,
    people: new Map(),
    teams: new Map(),
    configs: new Map(),
    scrapers: { k8s: '', aws: '' },
    canaryId: '',
    topologyId: '',
  };
}

export function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

export async function insert(ctx: SeedContext, table: string, row: Row): Promise<Row[]> {
  const columns = Object.keys(row);
  const sql =
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) ` +
    `VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING RETURNING *`;
  return rowsOf(
    await ctx.db.query(
      sql,
      columns.map((c) => row[c]),
    ),
  );
}

/**
 * Inserts a row that also has a natural key (email, name, namespace+name, ...) and returns its id: the new
 * one, or the id of the row that already holds that key.
 */
export async function ensure(ctx: SeedContext, table: string, row: Row, naturalKey: string[], softDeleted = true): Promise<string> {
  const inserted = await insert(ctx, table, row);
  if (inserted.length) return String(inserted[0].id);
  const where = naturalKey.map((c, i) => `"${c}" = $${i + 1}`);
  if (softDeleted) where.push('deleted_at IS NULL');
  const found = rowsOf(
    await ctx.db.query(
      `SELECT id FROM ${table} WHERE ${where.join(' AND ')} LIMIT 1`,
      naturalKey.map((c) => row[c]),
    ),
  );
  return found.length ? String(found[0].id) : String(row.id);
}

export function person(ctx: SeedContext, key: string): string {
  const id = ctx.people.get(key);
  if (!id) throw new Error(`demo data: unknown person ${key}`);
  return id;
}
