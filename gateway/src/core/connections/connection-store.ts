import { Inject, Injectable } from '@nestjs/common';
import type { ResolvedConnection } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';
import { loadConnectionKey } from './connection-key';

/** Stored secrets are ASCII-armoured pgcrypto messages; anything else is a legacy plain value. */
const ARMOR_PREFIX = '-----BEGIN PGP MESSAGE-----';

const reveal = (column: string, keyParam: string) =>
  `case when ${column} like '${ARMOR_PREFIX}%' then pgp_sym_decrypt(dearmor(${column}), ${keyParam}) else ${column} end`;

/** A connection as other areas may list it: no secrets. */
export interface ConnectionSummary {
  id: string;
  name: string;
  namespace: string;
  type: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Connections with their secrets, for gateway handlers only (responders, connection tests). Secrets are encrypted
 * at rest with pgcrypto (`pgp_sym_encrypt`, key from `CONNECTION_KEY` or `DATA_DIR/connection.key`) and are never
 * returned by an API: the connections API says only whether one is set.
 */
@Injectable()
export class ConnectionStore {
  private key: string | null = null;

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private secretKey(): string {
    this.key ??= loadConnectionKey(this.config);
    return this.key;
  }

  /**
   * By id, `connection://namespace/name`, `namespace/name` or a bare name (the 'default' namespace first).
   * Deleted connections are not found.
   */
  async resolve(ref: string | null | undefined): Promise<ResolvedConnection | null> {
    const value = ref?.trim();
    if (!value) return null;
    let where: string;
    let params: unknown[];
    if (UUID.test(value)) {
      where = 'id = $2';
      params = [value];
    } else {
      const path = value.replace(/^connection:\/\//, '');
      const slash = path.indexOf('/');
      if (slash > 0) {
        where = 'namespace = $2 and name = $3';
        params = [path.slice(0, slash), path.slice(slash + 1)];
      } else {
        where = 'name = $2';
        params = [path];
      }
    }
    const row = await this.db.one<ResolvedConnection>(
      `select id, name, type, url, username, ${reveal('password', '$1')} as password, ${reveal('certificate', '$1')} as certificate,
              insecure_tls, properties
         from connections where deleted_at is null and ${where}
        order by (namespace = 'default') desc, created_at limit 1`,
      [this.secretKey(), ...params],
    );
    return row ? { ...row, properties: stringProperties(row.properties) } : null;
  }

  /** The first connection of one of `types` (oldest first): the default a handler uses when none is named. */
  async firstOfType(types: readonly string[]): Promise<ResolvedConnection | null> {
    if (!types.length) return null;
    const row = await this.db.one<{ id: string }>(`select id from connections where deleted_at is null and type = any($1) order by created_at, name limit 1`, [
      types,
    ]);
    return row ? this.resolve(row.id) : null;
  }

  /** Connections of the given types (all when empty), without secrets; e.g. the Jira instance choice. */
  list(types: readonly string[] = []): Promise<ConnectionSummary[]> {
    return this.db.query<ConnectionSummary>(
      `select id, name, namespace, type from connections
        where deleted_at is null and (cardinality($1::text[]) = 0 or type = any($1)) order by name`,
      [types],
    );
  }

  /** SQL that encrypts the parameter `$n` (for INSERT/UPDATE statements of the connections API). */
  sealSql(param: number, keyParam: number): string {
    return `case when $${param}::text is null then null else armor(pgp_sym_encrypt($${param}::text, $${keyParam}::text)) end`;
  }

  /** The value to bind for `keyParam` of sealSql. */
  sealKey(): string {
    return this.secretKey();
  }
}

function stringProperties(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v !== null && v !== undefined) out[k] = String(v);
  }
  return out;
}
