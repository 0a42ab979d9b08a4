import type { PoolClient } from 'pg';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ALL_FEATURES, RESOURCES, type Feature, type Resource } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { Db } from '@gateway/core/database/db.service';
import { createExtensionPoint } from '@gateway/core/plugin-host/extension-point';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { qualify, readCatalog } from './catalog';
import { DataApiErrors } from './errors';
import { buildSchemaCache, type SchemaCache } from './schema-cache';

/**
 * A row filter a role needs, applied inside the gateway's query and never taken from the client.
 * `sql` is a boolean expression over the resource's own columns, unqualified, with `$1..$n` for `params`
 * (no dollar-quoted strings). Return null when the principal sees every row.
 */
export interface ScopeClause {
  sql: string;
  params: unknown[];
}

/** A relationship the database cannot tell (views have no foreign keys). */
export interface ManualRelation {
  /** The embed name: `select=*,team(name)`. */
  name: string;
  /** The registered resource at the other end. */
  resource: string;
  /** Columns of this resource, matched in order to `foreignColumns` of the other one. */
  columns: string[];
  foreignColumns: string[];
  /** 'one' embeds an object, 'many' an array. */
  cardinality: 'one' | 'many';
}

export interface DataApiResourceRegistration {
  /** The URL name: `/api/db/<name>`. Letters, digits and `_`. */
  name: string;
  /** Table or view, optionally `schema.table`; defaults to `name`. */
  table?: string;
  /** Checked against the database at start when given. */
  kind?: 'table' | 'view';
  /** RBAC resource needed to read (GET, HEAD, and any embed of this resource). */
  read: Resource;
  /** RBAC resource needed to write. Omitted or null: read-only, writes answer 405. */
  write?: Resource | null;
  /** While this feature is disabled the resource answers 403. */
  feature?: Feature;
  /**
   * The columns that may be read and written, for a table holding secrets: an allow-list, so a column added later is
   * not exposed until it is listed here. Any other column reads as unknown (e.g. password_hash). A table with a
   * column whose name looks like a secret (password, secret, token, hash, certificate, key) must declare it, or the
   * gateway refuses to start.
   */
  columns?: string[];
  /**
   * Columns only readers holding another permission see (people's email and sign-in data need `identities`); for
   * everybody else they do not exist, in `*`, in explicit selects, in filters and orders, and in embeds.
   */
  restrictedColumns?: { read: Resource; columns: string[] };
  /** Default: every column that is neither hidden nor generated. */
  writableColumns?: string[];
  relations?: ManualRelation[];
  scope?: (principal: Principal) => ScopeClause | null;
  /**
   * What a refused write says when it breaks one of the table's constraints, by constraint name (a check such as a
   * length limit): the sentence a user reads instead of Postgres' "violates check constraint".
   */
  constraintMessages?: Record<string, string>;
  /** The resource hides rows by `deleted_at`; informational, the server applies only what the request says. */
  softDelete?: boolean;
  /**
   * Runs inside every write's transaction after its statements (POST, PATCH, DELETE): keeps derived rows in step
   * (a canary's checks) and checks what the writer may do beyond the resource's RBAC (exec specs). Throwing rolls
   * the write back; a DomainError's status and message reach the caller.
   */
  afterWrite?: (tx: PoolClient, principal: Principal) => Promise<void>;
}

export interface DataApiRpcRegistration {
  /** The URL name: `/api/db/rpc/<name>`. */
  name: string;
  /** The SQL function, optionally `schema.fn`; defaults to `name`. Overloads are refused at start. */
  fn?: string;
  /** RBAC resource needed to call it. GET calls run in a read-only transaction. */
  read: Resource;
  /** When set, POST calls need this resource and may write; otherwise POST calls are read-only too. */
  write?: Resource | null;
  feature?: Feature;
  /** Arguments a caller may pass; default all. Required arguments must be listed. */
  args?: string[];
}

/** Contributed to DATA_API_RESOURCES: `@Extension(DATA_API_RESOURCES, '<plugin id>')` on a provider. */
export interface DataApiResourceProvider {
  resources(): DataApiResourceRegistration[];
  rpcs?(): DataApiRpcRegistration[];
}

/** The tables, views and functions a plugin serves on the data API, collected at bootstrap. */
export const DATA_API_RESOURCES = createExtensionPoint<DataApiResourceProvider>({
  id: 'data-api.resources',
  description: 'the tables, views and rpc functions a plugin serves on /api/db',
});

export interface Owned<T> {
  registration: T;
  /** Who registered it (the provider's class name), named when two registrations collide. */
  owner: string;
}

const URL_NAME = /^[A-Za-z0-9_]+$/;

/**
 * The whitelist of the data API. Plugins contribute through DATA_API_RESOURCES providers (collected at
 * bootstrap) or by calling `register()` / `registerRpc()` before bootstrap. The database is introspected
 * once at bootstrap and again on `refresh()`; requests never query the catalog.
 */
@Injectable()
export class DataApiRegistry implements OnApplicationBootstrap {
  private readonly logger = new Logger('DataApi');
  private readonly resources = new Map<string, Owned<DataApiResourceRegistration>>();
  private readonly rpcs = new Map<string, Owned<DataApiRpcRegistration>>();
  private readonly seenProviders = new Set<object>();
  private cache: SchemaCache | null = null;

  constructor(
    private readonly plugins: PluginHost,
    private readonly db: Db,
  ) {}

  register(registration: DataApiResourceRegistration, owner = 'DataApiRegistry.register()'): void {
    validateCommon('resource', registration, owner);
    const existing = this.resources.get(registration.name);
    if (existing) {
      throw new Error(`Data API resource '${registration.name}' is registered by both ${existing.owner} and ${owner}`);
    }
    for (const c of registration.writableColumns ?? []) {
      if (registration.columns && !registration.columns.includes(c))
        throw new Error(`Data API resource '${registration.name}' (${owner}) lists column '${c}' as writable but not as readable`);
    }
    this.resources.set(registration.name, { registration, owner });
  }

  registerRpc(registration: DataApiRpcRegistration, owner = 'DataApiRegistry.registerRpc()'): void {
    validateCommon('rpc', registration, owner);
    const existing = this.rpcs.get(registration.name);
    if (existing) {
      throw new Error(`Data API rpc '${registration.name}' is registered by both ${existing.owner} and ${owner}`);
    }
    this.rpcs.set(registration.name, { registration, owner });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.collectFromProviders();
    await this.refresh();
  }

  /** Re-reads the database catalog (after migrations, or after a late `register()`). */
  async refresh(): Promise<void> {
    const relations = [...this.resources.values()].map((r) => qualify(r.registration.table ?? r.registration.name));
    const functions = [...this.rpcs.values()].map((r) => qualify(r.registration.fn ?? r.registration.name));
    const catalog = await readCatalog(this.db.pool, relations, functions);
    this.cache = buildSchemaCache([...this.resources.values()], [...this.rpcs.values()], catalog);
    this.logger.log(`Data API serves ${this.cache.resources.size} resources and ${this.cache.rpcs.size} rpc functions`);
  }

  /** The current schema cache; 503 until the first introspection has finished. */
  get schema(): SchemaCache {
    if (!this.cache) throw DataApiErrors.schemaCacheNotReady();
    return this.cache;
  }

  private collectFromProviders(): void {
    for (const { instance, owner } of this.plugins.contributions(DATA_API_RESOURCES)) {
      if (this.seenProviders.has(instance)) continue;
      this.seenProviders.add(instance);
      for (const registration of instance.resources()) this.register(registration, owner);
      for (const registration of instance.rpcs?.() ?? []) this.registerRpc(registration, owner);
    }
  }
}

function validateCommon(
  what: 'resource' | 'rpc',
  registration: { name: string; read: Resource; write?: Resource | null; feature?: Feature },
  owner: string,
): void {
  const label = `Data API ${what} '${registration.name}' (registered by ${owner})`;
  if (!URL_NAME.test(registration.name ?? '')) throw new Error(`${label}: the name must use only letters, digits and _`);
  if (!RESOURCES.includes(registration.read)) throw new Error(`${label}: unknown RBAC resource '${registration.read}'`);
  if (registration.write && !RESOURCES.includes(registration.write)) throw new Error(`${label}: unknown RBAC resource '${registration.write}'`);
  if (registration.feature && !ALL_FEATURES.includes(registration.feature)) throw new Error(`${label}: unknown feature '${registration.feature}'`);
}
