import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { can, type Action, type Feature, type Resource } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db, DATA_API_DB } from '@gateway/core/database/db.service';
import type { ParsedQuery } from './ast';
import { DataApiErrors } from './errors';
import { FEATURE_GATE, type FeatureGate } from './feature-gate';
import { fromDatabaseError } from './pg-errors';
import { ParseCache } from './parse-cache';
import { PreparedStatements } from './prepared-statements';
import { parseQuery, type ParseOptions } from './query-parser';
import { combineWindows, parsePrefer, parseRange, wantsSingleObject, type Preferences, type RangeWindow } from './request-headers';
import { DataApiRegistry } from './resource-registry';
import { argsFromQuery, buildRpc } from './rpc-builder';
import type { ResourceMeta, RpcMeta, SchemaCache } from './schema-cache';
import { buildRead, resourceFrom, type BuildContext, type BuiltRead } from './sql-builder';
import { SqlParams } from './sql-params';
import { buildDelete, buildInsert, buildUpdate, type BuiltWrite, type JsonObject } from './write-builder';

/** What the controller hands over: the raw query string, the headers PostgREST reads, the body. */
export interface DataApiRequest {
  principal: Principal | undefined;
  /** Everything after `?`, undecoded. */
  queryString: string;
  prefer?: string | string[];
  range?: string;
  rangeUnit?: string;
  accept?: string;
  /** undefined when the request has no body. */
  body?: unknown;
}

export interface DataApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for no body. */
  body: string | null;
}

/** The row every built statement returns. */
interface ResultRow {
  total?: string | null;
  page_total: string | number;
  body: string | null;
  scope_violations?: string | number;
}

/** Anything with guards: a resource or an rpc function. */
interface Guarded {
  name: string;
  read: Resource;
  write: Resource | null;
  feature: Feature | null;
}

/**
 * The data API: permission checks, parsing, SQL building and execution. Controllers stay thin; this
 * service is also what other gateway code would call to serve a PostgREST-shaped request.
 */
@Injectable()
export class DataApiService {
  private readonly parseOptions: ParseOptions;
  private readonly maxResponseBytes: number;
  /** Parsed query strings of resource requests (rpc GETs parse with the function's argument names, uncached). */
  private readonly queries = new ParseCache((queryString) => deepFreeze(parseQuery(queryString, this.parseOptions)));
  /** Reads that repeat run as prepared statements on the data API's pool. */
  private readonly statements = new PreparedStatements();
  /** Read statements that do not depend on who asks beyond their roles (see readStatement), per schema version. */
  private readonly readStatements = new Map<string, BuiltRead>();
  private statementsFor?: SchemaCache;

  constructor(
    private readonly registry: DataApiRegistry,
    // Its own pool, whose connections carry `statement_timeout` (DATA_API_STATEMENT_TIMEOUT_MS): no round trip per request.
    @Inject(DATA_API_DB) private readonly db: Db,
    @Inject(FEATURE_GATE) private readonly features: FeatureGate,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'dataApi'>,
  ) {
    this.parseOptions = { embedLimits: { maxDepth: config.dataApi.maxEmbedDepth, maxEmbeds: 32 } };
    this.maxResponseBytes = config.dataApi.maxResponseBytes;
  }

  /** A larger answer is refused rather than held in memory and sent: the caller pages instead. */
  private bounded(response: DataApiResponse): DataApiResponse {
    const body = response.body;
    if (body && body.length * 3 > this.maxResponseBytes && Buffer.byteLength(body) > this.maxResponseBytes) {
      throw DataApiErrors.unsupported(
        `The response would be larger than ${this.maxResponseBytes} bytes`,
        'Page with limit and offset, select fewer columns, or embed fewer resources.',
      );
    }
    return response;
  }

  async read(name: string, request: DataApiRequest): Promise<DataApiResponse> {
    const principal = signedIn(request);
    const resource = this.resource(name);
    const authorizing = this.authorize(principal, resource, 'read');
    if (authorizing) await authorizing;
    const prefs = preferences(request.prefer);
    const query = this.queries.get(request.queryString);
    const window = rootWindow(query, request);
    const built = this.readStatement(resource, query, request.queryString, principal, prefs.count === 'exact', window);
    if (built.embedded.length) await this.authorizeEmbedded(principal, built.embedded);
    const row = await this.run((db) => this.statements.query<ResultRow>(db.pool, built.text, built.values));
    return this.bounded(pageResponse(row, window, prefs, wantsSingleObject(request.accept)));
  }

  async insert(name: string, request: DataApiRequest): Promise<DataApiResponse> {
    const { principal, resource, prefs, query } = await this.prepareWrite(name, request);
    const rows = bodyRows(request.body);
    const statements = rows.length
      ? buildInsert(query, resource, rows, this.context(principal), { representation: prefs.return === 'representation', resolution: prefs.resolution })
      : [];
    return this.write(principal, resource, statements, prefs, request, 201);
  }

  async update(name: string, request: DataApiRequest): Promise<DataApiResponse> {
    const { principal, resource, prefs, query } = await this.prepareWrite(name, request);
    const patch = bodyObject(request.body);
    const statement = buildUpdate(query, resource, patch, this.context(principal), { representation: prefs.return === 'representation' });
    return this.write(principal, resource, statement ? [statement] : [], prefs, request, 200);
  }

  async remove(name: string, request: DataApiRequest): Promise<DataApiResponse> {
    const { principal, resource, prefs, query } = await this.prepareWrite(name, request);
    const statement = buildDelete(query, resource, this.context(principal), { representation: prefs.return === 'representation' });
    return this.write(principal, resource, [statement], prefs, request, 200);
  }

  /** GET (arguments in the query string, read-only) or POST (arguments in the JSON body). */
  async rpc(name: string, method: 'GET' | 'POST', request: DataApiRequest): Promise<DataApiResponse> {
    const principal = signedIn(request);
    const rpc = this.registry.schema.rpcs.get(name);
    if (!rpc) throw DataApiErrors.functionNotFound(name, []);
    const writes = method === 'POST' && rpc.write !== null;
    await this.authorize(principal, rpc, writes ? 'write' : 'read');
    const prefs = preferences(request.prefer);
    const query = parseQuery(
      request.queryString,
      method === 'GET' ? { ...this.parseOptions, rpcArgNames: new Set(rpc.args.map((a) => a.name)) } : this.parseOptions,
    );
    const args = method === 'GET' ? argsFromQuery(query) : request.body === undefined ? {} : bodyObject(request.body);
    const window = rootWindow(query, request);
    const built = buildRpc(query, rpc, args, this.context(principal), { count: prefs.count === 'exact', window });
    await this.authorizeEmbedded(principal, built.embedded);
    const row = await this.runInTransaction(async (tx) => {
      // PostgREST runs GET calls read-only, so a function that writes cannot hide behind a GET.
      if (!writes) await tx.query('SET TRANSACTION READ ONLY');
      else await tx.query(`SELECT set_config('console.person_id', $1, true)`, [principal.personId]);
      return (await tx.query<ResultRow>(built.text, built.values)).rows[0];
    });
    return this.bounded(rpcResponse(rpc, row, window, prefs, wantsSingleObject(request.accept)));
  }

  /**
   * The read statement for this request. A statement depends on the schema, the resource, the query string, the
   * count and window asked for, and, through the principal, only on row scopes (a registration's `scope`) and
   * restricted columns (by role). Without a scope on the resource or any embedded one, the same inputs and roles give
   * the same text and values: such statements are kept (bounded, per schema version) and reused.
   */
  private readStatement(resource: ResourceMeta, query: ParsedQuery, queryString: string, principal: Principal, count: boolean, window: RangeWindow): BuiltRead {
    const build = (): BuiltRead => {
      const params = new SqlParams();
      const source = { meta: resource, from: resourceFrom(resource, principal, params) };
      return buildRead(query, source, this.context(principal), { count, window }, params);
    };
    if (resource.registration.scope) return build();
    const schema = this.registry.schema;
    if (this.statementsFor !== schema) {
      this.readStatements.clear();
      this.statementsFor = schema;
    }
    const key = `${resource.name}\n${principal.roles.join(',')}\n${count ? 1 : 0}\n${window.offset}\n${window.limit}\n${queryString}`;
    const kept = this.readStatements.get(key);
    if (kept) return kept;
    const built = build();
    if (key.length <= 4096 && !built.embedded.some((embedded) => embedded.registration.scope)) {
      if (this.readStatements.size >= 500) this.readStatements.delete(this.readStatements.keys().next().value as string);
      // Shared from now on: the statement and its lists are frozen (not the schema's resources it names).
      Object.freeze(built.values);
      Object.freeze(built.embedded);
      this.readStatements.set(key, Object.freeze(built));
    }
    return built;
  }

  private resource(name: string): ResourceMeta {
    const resource = this.registry.schema.resources.get(name);
    if (!resource) throw DataApiErrors.unknownResource(name);
    return resource;
  }

  private context(principal: Principal): BuildContext {
    return { schema: this.registry.schema, principal };
  }

  /** Throws when the principal may not; returns a promise only when the feature flags are being read. */
  private authorize(principal: Principal, target: Guarded, action: Action): void | Promise<void> {
    const needed = action === 'read' ? target.read : target.write;
    if (!needed) throw DataApiErrors.methodNotAllowed(target.name, 'write');
    if (!can(principal.roles, needed, action)) throw DataApiErrors.permissionDenied(target.name);
    if (!target.feature) return;
    const feature = target.feature;
    const enabled = this.features.isEnabled(feature);
    if (enabled === true) return;
    if (enabled === false) throw DataApiErrors.featureDisabled(target.name, feature);
    return enabled.then((on) => {
      if (!on) throw DataApiErrors.featureDisabled(target.name, feature);
    });
  }

  private async authorizeEmbedded(principal: Principal, embedded: ResourceMeta[]): Promise<void> {
    for (const resource of new Set(embedded)) await this.authorize(principal, resource, 'read');
  }

  private async prepareWrite(name: string, request: DataApiRequest) {
    const principal = signedIn(request);
    const resource = this.resource(name);
    if (!resource.write) throw DataApiErrors.methodNotAllowed(resource.name, 'write');
    await this.authorize(principal, resource, 'write');
    const prefs = preferences(request.prefer);
    if (prefs.return === 'representation') await this.authorize(principal, resource, 'read');
    return { principal, resource, prefs, query: this.queries.get(request.queryString) };
  }

  /** Runs write statements in one transaction; any scope violation or singular mismatch rolls it all back. */
  private async write(
    principal: Principal,
    resource: ResourceMeta,
    statements: BuiltWrite[],
    prefs: Preferences,
    request: DataApiRequest,
    status: number,
  ): Promise<DataApiResponse> {
    await this.authorizeEmbedded(
      principal,
      statements.flatMap((s) => s.embedded),
    );
    const single = wantsSingleObject(request.accept) && prefs.return === 'representation';
    const { affected, bodies } = await this.runInTransaction(async (tx) => {
      // Triggers that write history (incident_histories) credit the person in this setting, not the row's creator.
      await tx.query(`SELECT set_config('console.person_id', $1, true)`, [principal.personId]);
      let affected = 0;
      const bodies: string[] = [];
      for (const statement of statements) {
        const row = (await tx.query<ResultRow>(statement.text, statement.values)).rows[0];
        if (Number(row.scope_violations ?? 0) > 0) {
          throw DataApiErrors.permissionDenied(`${resource.name}: the row is outside what you may write`);
        }
        affected += Number(row.page_total);
        if (row.body) bodies.push(row.body);
      }
      if (single && affected !== 1) throw DataApiErrors.singular(affected);
      if (resource.registration.afterWrite) await resource.registration.afterWrite(tx, principal);
      return { affected, bodies };
    }, resource.registration.constraintMessages);
    const headers = writeHeaders(affected, prefs, status === 201);
    if (prefs.return !== 'representation') return { status: status === 201 ? 201 : 204, headers, body: null };
    const body = joinArrays(bodies);
    return this.bounded({ status, headers, body: single ? unwrapSingle(body) : body });
  }

  private async run(work: (db: Db) => Promise<ResultRow[]>): Promise<ResultRow> {
    try {
      return (await work(this.db))[0];
    } catch (error) {
      throw fromDatabaseError(error) ?? error;
    }
  }

  private async runInTransaction<T>(work: (tx: PoolClient) => Promise<T>, constraintMessages?: Record<string, string>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      throw fromDatabaseError(error, constraintMessages) ?? error;
    }
  }
}

const preferenceTexts = new ParseCache((text) => deepFreeze(parsePrefer(text)), 64, 256);

/** The Prefer header(s), parsed once per distinct text. */
function preferences(header: string | string[] | undefined): Preferences {
  return preferenceTexts.get(Array.isArray(header) ? header.join(',') : (header ?? ''));
}

/** Parsed values are shared between requests through the caches: any attempt to change one fails loudly. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function signedIn(request: DataApiRequest): Principal {
  if (!request.principal) throw DataApiErrors.notSignedIn();
  return request.principal;
}

function rootWindow(query: ParsedQuery, request: DataApiRequest): RangeWindow {
  const paging = query.paging.find((p) => p.path.length === 0) ?? { limit: null, offset: null };
  return combineWindows(paging, parseRange(request.range, request.rangeUnit));
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** POST bodies: one object or an array of objects. */
function bodyRows(body: unknown): JsonObject[] {
  if (isJsonObject(body)) return [body];
  if (Array.isArray(body) && body.every(isJsonObject)) return body;
  throw DataApiErrors.invalidBody('Empty or invalid json', 'The body must be a JSON object or an array of objects.');
}

/** PATCH and rpc POST bodies: one object. */
function bodyObject(body: unknown): JsonObject {
  if (isJsonObject(body)) return body;
  throw DataApiErrors.invalidBody('Empty or invalid json', 'The body must be a JSON object.');
}

function baseHeaders(prefs: Preferences): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  return headers;
}

/**
 * `Content-Range: 0-49/1234` (or `/*` without a count, `*\/0` when empty). As in PostgREST, a counted
 * partial page is 206 and an offset past the end is 416.
 */
function pageResponse(row: ResultRow, window: RangeWindow, prefs: Preferences, single: boolean): DataApiResponse {
  const pageTotal = Number(row.page_total);
  const total = row.total === null || row.total === undefined ? null : Number(row.total);
  const headers = baseHeaders(prefs);
  const range = pageTotal === 0 ? '*' : `${window.offset}-${window.offset + pageTotal - 1}`;
  headers['Content-Range'] = `${range}/${total ?? '*'}`;
  if (total !== null && window.offset > total) throw DataApiErrors.rangeNotSatisfiable(window.offset, total);
  if (single) {
    if (pageTotal !== 1) throw DataApiErrors.singular(pageTotal);
    return { status: 200, headers, body: unwrapSingle(row.body ?? '[]') };
  }
  return { status: total !== null && pageTotal < total ? 206 : 200, headers, body: row.body ?? '[]' };
}

function rpcResponse(rpc: RpcMeta, row: ResultRow, window: RangeWindow, prefs: Preferences, single: boolean): DataApiResponse {
  const { result } = rpc;
  if (result.kind === 'void') return { status: 204, headers: baseHeaders(prefs), body: null };
  if (result.kind === 'scalar') return { status: 200, headers: baseHeaders(prefs), body: row.body ?? 'null' };
  if (!result.set) {
    // A function returning one composite value answers with that object.
    const body = Number(row.page_total) === 0 ? 'null' : unwrapSingle(row.body ?? '[]');
    return { status: 200, headers: baseHeaders(prefs), body };
  }
  return pageResponse(row, window, prefs, single);
}

function writeHeaders(affected: number, prefs: Preferences, isInsert: boolean): Record<string, string> {
  const headers = baseHeaders(prefs);
  const total = prefs.count === 'exact' ? String(affected) : '*';
  headers['Content-Range'] = isInsert || affected === 0 ? `*/${total}` : `0-${affected - 1}/${total}`;
  return headers;
}

/** `[{...}]` → `{...}`: json_agg output always starts with `[` and ends with `]`. */
function unwrapSingle(arrayText: string): string {
  return arrayText.slice(1, -1).trim();
}

/** Joins the JSON arrays of several statements (a chunked bulk insert) without parsing them. */
function joinArrays(bodies: string[]): string {
  const parts = bodies.map(unwrapSingle).filter((part) => part.length > 0);
  return `[${parts.join(',')}]`;
}
