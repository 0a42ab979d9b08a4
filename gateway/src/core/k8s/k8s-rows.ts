import type { Db } from '../database/db.service';
import type { K8sWrite } from './k8s-kinds';

/**
 * The columns every kind reads from its row besides its own: the resourceVersion (`updated_at` in microseconds, as
 * text: beyond 2^53 would lose digits) and the creationTimestamp (UTC, seconds), for the table aliased `alias`.
 */
export function k8sVersionColumns(alias: string): string {
  return `(floor(extract(epoch from ${alias}.updated_at) * 1000000))::bigint::text AS rv,
          to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created`;
}

/**
 * Keeps an object's labels and annotations in its own row (`labels`, `annotations` jsonb columns), written right after
 * the owner's service saved the row. `table` is the kind's own table name (code, never user input).
 */
export async function keepRowMeta(db: Db, table: string, id: string, write: Pick<K8sWrite, 'labels' | 'annotations'>): Promise<void> {
  await db.query(`UPDATE ${table} SET labels = $2, annotations = $3 WHERE id = $1`, [id, JSON.stringify(write.labels), JSON.stringify(write.annotations)]);
}
