import type { Feature, Resource } from '@contracts';
import { qualifiedKey, qualify, type Catalog, type CatalogColumn, type CatalogFunctionArg } from './catalog';
import type { DataApiResourceRegistration, DataApiRpcRegistration, Owned } from './resource-registry';

export type ColumnMeta = CatalogColumn;

/** A link from one source to a registered resource, used by embeds: `team:team_id(...)`, `hypotheses(...)`. */
export interface Relationship {
  /** The embed name of a declared (manual) relation; null for foreign keys. */
  name: string | null;
  /** The foreign-key constraint; null for declared relations. */
  constraint: string | null;
  /** The registered resource at the other end. */
  target: string;
  targetTable: string;
  /** Columns on this side, matched in order to `foreignColumns` on the target. */
  columns: string[];
  foreignColumns: string[];
  /** 'one' embeds an object (many-to-one), 'many' an array (one-to-many). */
  cardinality: 'one' | 'many';
}

/** Anything rows are selected from: a registered resource, or the rows an rpc function returns. */
export interface SourceMeta {
  /** Used in error messages. */
  name: string;
  /** Readable columns only: hidden columns are absent, so naming one reads as "does not exist". */
  columns: ReadonlyMap<string, ColumnMeta>;
  /** Column order for `*`. */
  columnOrder: readonly string[];
  relationships: Relationship[];
}

export interface ResourceMeta extends SourceMeta {
  owner: string;
  registration: DataApiResourceRegistration;
  read: Resource;
  /** null: read-only. */
  write: Resource | null;
  feature: Feature | null;
  /** `"schema"."table"`, quoted. */
  sqlName: string;
  tableKey: string;
  /** The table or view name without schema. */
  table: string;
  tableKind: 'table' | 'view';
  primaryKey: string[];
  writable: ReadonlySet<string>;
  /** POST sets it from the principal, whatever the body says. */
  hasCreatedBy: boolean;
}

export type RpcResult = { kind: 'void' } | { kind: 'scalar'; set: boolean } | { kind: 'rows'; set: boolean; source: SourceMeta };

export interface RpcMeta {
  owner: string;
  registration: DataApiRpcRegistration;
  name: string;
  read: Resource;
  write: Resource | null;
  feature: Feature | null;
  sqlName: string;
  /** Input arguments the caller may pass (the registration's whitelist applied). */
  args: CatalogFunctionArg[];
  result: RpcResult;
}

/** The introspected, validated view of every registration. Rebuilt by DataApiRegistry.refresh(). */
export class SchemaCache {
  constructor(
    readonly resources: ReadonlyMap<string, ResourceMeta>,
    readonly rpcs: ReadonlyMap<string, RpcMeta>,
  ) {}
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

class StartupError extends Error {}

/** Builds the cache; any registration that does not match the database fails the start, naming its owner. */
export function buildSchemaCache(
  resources: ReadonlyArray<Owned<DataApiResourceRegistration>>,
  rpcs: ReadonlyArray<Owned<DataApiRpcRegistration>>,
  catalog: Catalog,
): SchemaCache {
  const metas = new Map<string, ResourceMeta>();
  for (const owned of resources) metas.set(owned.registration.name, resourceMeta(owned, catalog));
  addForeignKeyRelationships(metas, catalog);
  addViewRelationships(metas, catalog);
  for (const meta of metas.values()) addManualRelationships(meta, metas);
  const rpcMetas = new Map<string, RpcMeta>();
  for (const owned of rpcs) rpcMetas.set(owned.registration.name, rpcMeta(owned, catalog, metas));
  return new SchemaCache(metas, rpcMetas);
}

/** Column names that hold secrets by convention: a table with one must allow-list its readable columns. */
const SECRET_COLUMN = /password|secret|token|hash|certificate|private_key|api_key|credential/i;

function resourceMeta({ registration: reg, owner }: Owned<DataApiResourceRegistration>, catalog: Catalog): ResourceMeta {
  const where = `Data API resource '${reg.name}' (registered by ${owner})`;
  const table = qualify(reg.table ?? reg.name);
  const relation = catalog.relations.get(qualifiedKey(table));
  if (!relation) throw new StartupError(`${where} maps to '${qualifiedKey(table)}', which does not exist in the database`);
  if (reg.kind && reg.kind !== relation.kind) throw new StartupError(`${where} is declared a ${reg.kind} but '${qualifiedKey(table)}' is a ${relation.kind}`);
  const all = new Map(relation.columns.map((c) => [c.name, c]));
  for (const name of reg.columns ?? []) if (!all.has(name)) throw new StartupError(`${where} lists column '${name}', which does not exist`);
  const secretLooking = reg.columns ? [] : relation.columns.filter((c) => SECRET_COLUMN.test(c.name)).map((c) => c.name);
  if (secretLooking.length) {
    throw new StartupError(
      `${where} has ${secretLooking.map((c) => `'${c}'`).join(', ')}, which look like secrets: declare the columns that may be read (columns: [...])`,
    );
  }
  const hidden = new Set(reg.columns ? [...all.keys()].filter((c) => !reg.columns!.includes(c)) : []);
  const columns = new Map(relation.columns.filter((c) => !hidden.has(c.name)).map((c) => [c.name, c]));
  const writable = new Set(reg.writableColumns ?? [...columns.values()].filter((c) => !c.generated).map((c) => c.name));
  for (const name of writable) {
    const column = columns.get(name);
    if (!column || column.generated) throw new StartupError(`${where} lists '${name}' as writable, but it is missing, hidden or generated`);
  }
  return {
    name: reg.name,
    owner,
    registration: reg,
    read: reg.read,
    write: reg.write ?? null,
    feature: reg.feature ?? null,
    sqlName: `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`,
    tableKey: qualifiedKey(table),
    table: table.name,
    tableKind: relation.kind,
    columns,
    columnOrder: [...columns.keys()],
    primaryKey: relation.primaryKey,
    writable,
    hasCreatedBy: columns.has('created_by'),
    relationships: [],
  };
}

type PrimaryLookup = (tableKey: string) => ResourceMeta | undefined;

/** A table registered under several names is embedded through the registration named like the table, else the first. */
function primaryLookup(metas: Map<string, ResourceMeta>): { primary: PrimaryLookup; byTable: Map<string, ResourceMeta[]> } {
  const byTable = new Map<string, ResourceMeta[]>();
  for (const meta of metas.values()) byTable.set(meta.tableKey, [...(byTable.get(meta.tableKey) ?? []), meta]);
  const primary = (key: string) => {
    const candidates = byTable.get(key) ?? [];
    return candidates.find((m) => m.table === m.name) ?? candidates[0];
  };
  return { primary, byTable };
}

function addRelationship(meta: ResourceMeta, relationship: Relationship): void {
  const same = (r: Relationship) =>
    r.name === relationship.name &&
    r.target === relationship.target &&
    r.cardinality === relationship.cardinality &&
    r.columns.join() === relationship.columns.join() &&
    r.foreignColumns.join() === relationship.foreignColumns.join();
  if (!meta.relationships.some(same)) meta.relationships.push(relationship);
}

const visible = (meta: ResourceMeta, columns: string[]) => columns.every((c) => meta.columns.has(c));

/**
 * Every foreign key between two registered tables gives a many-to-one link on the referencing side and a
 * one-to-many link on the referenced side. Links into hidden columns are left out.
 */
function addForeignKeyRelationships(metas: Map<string, ResourceMeta>, catalog: Catalog): void {
  const { primary, byTable } = primaryLookup(metas);
  for (const fk of catalog.foreignKeys) {
    const child = primary(qualifiedKey(fk.from));
    const parent = primary(qualifiedKey(fk.to));
    if (!child || !parent) continue;
    for (const from of byTable.get(qualifiedKey(fk.from)) ?? []) {
      if (visible(from, fk.columns) && visible(parent, fk.foreignColumns)) {
        addRelationship(from, toParent(fk, parent));
      }
    }
    for (const to of byTable.get(qualifiedKey(fk.to)) ?? []) {
      if (visible(to, fk.foreignColumns) && visible(child, fk.columns)) {
        addRelationship(to, toChildren(fk, child));
      }
    }
  }
}

/** The one-side of a foreign key: from the referencing resource to the referenced one. */
function toParent(fk: Catalog['foreignKeys'][number], parent: ResourceMeta): Relationship {
  return {
    name: null,
    constraint: fk.constraint,
    target: parent.name,
    targetTable: fk.to.name,
    columns: fk.columns,
    foreignColumns: fk.foreignColumns,
    cardinality: 'one',
  };
}

/** The many-side of a foreign key: from the referenced resource to the referencing ones. */
function toChildren(fk: Catalog['foreignKeys'][number], child: ResourceMeta): Relationship {
  return {
    name: null,
    constraint: fk.constraint,
    target: child.name,
    targetTable: fk.from.name,
    columns: fk.foreignColumns,
    foreignColumns: fk.columns,
    cardinality: 'many',
  };
}

/**
 * Views inherit the foreign keys of their base tables, as in PostgREST: a view column that passes a base
 * column through under the same name (and that no other base table of the view provides) stands for it.
 * So `config_scrapers_with_status?select=*,created_by(name)` works without declaring anything.
 */
function addViewRelationships(metas: Map<string, ResourceMeta>, catalog: Catalog): void {
  const { primary } = primaryLookup(metas);
  for (const view of metas.values()) {
    if (view.tableKind !== 'view') continue;
    const providers = new Map<string, Set<string>>();
    for (const use of catalog.viewColumnUses) {
      if (qualifiedKey(use.view) !== view.tableKey || !view.columns.has(use.column)) continue;
      providers.set(use.column, (providers.get(use.column) ?? new Set()).add(qualifiedKey(use.table)));
    }
    const passesThrough = (tableKey: string, columns: string[]) => columns.every((c) => providers.get(c)?.size === 1 && providers.get(c)?.has(tableKey));
    for (const fk of catalog.foreignKeys) {
      const parent = primary(qualifiedKey(fk.to));
      if (parent && passesThrough(qualifiedKey(fk.from), fk.columns) && visible(parent, fk.foreignColumns)) {
        addRelationship(view, toParent(fk, parent));
      }
      const child = primary(qualifiedKey(fk.from));
      if (child && child !== view && passesThrough(qualifiedKey(fk.to), fk.foreignColumns) && visible(child, fk.columns)) {
        addRelationship(view, toChildren(fk, child));
      }
    }
  }
}

/** Declared relations, for views (which have no foreign keys of their own). */
function addManualRelationships(meta: ResourceMeta, metas: Map<string, ResourceMeta>): void {
  for (const relation of meta.registration.relations ?? []) {
    const where = `Data API resource '${meta.name}' (registered by ${meta.owner}), relation '${relation.name}'`;
    const target = metas.get(relation.resource);
    if (!target) throw new StartupError(`${where} points to '${relation.resource}', which is not a registered resource`);
    if (relation.columns.length === 0 || relation.columns.length !== relation.foreignColumns.length) {
      throw new StartupError(`${where} needs as many columns as foreignColumns (at least one)`);
    }
    for (const c of relation.columns) if (!meta.columns.has(c)) throw new StartupError(`${where} uses missing column '${c}'`);
    for (const c of relation.foreignColumns) if (!target.columns.has(c)) throw new StartupError(`${where} uses missing column '${relation.resource}.${c}'`);
    meta.relationships.push({
      name: relation.name,
      constraint: null,
      target: target.name,
      targetTable: target.table,
      columns: relation.columns,
      foreignColumns: relation.foreignColumns,
      cardinality: relation.cardinality,
    });
  }
}

function rpcMeta({ registration: reg, owner }: Owned<DataApiRpcRegistration>, catalog: Catalog, metas: Map<string, ResourceMeta>): RpcMeta {
  const where = `Data API rpc '${reg.name}' (registered by ${owner})`;
  const name = qualify(reg.fn ?? reg.name);
  const overloads = catalog.functions.get(qualifiedKey(name)) ?? [];
  if (overloads.length === 0) throw new StartupError(`${where} maps to function '${qualifiedKey(name)}', which does not exist`);
  if (overloads.length > 1) throw new StartupError(`${where}: '${qualifiedKey(name)}' is overloaded; register a uniquely named function`);
  const fn = overloads[0];
  if (fn.args.some((a) => !a.name)) throw new StartupError(`${where}: every argument of '${qualifiedKey(name)}' needs a name`);
  const allowed = reg.args ? new Set(reg.args) : null;
  for (const arg of allowed ?? []) {
    if (!fn.args.some((a) => a.name === arg)) throw new StartupError(`${where} allows argument '${arg}', which the function does not have`);
  }
  const missing = fn.args.filter((a) => !a.hasDefault && allowed && !allowed.has(a.name));
  if (missing.length) throw new StartupError(`${where} must allow the required argument(s) ${missing.map((a) => a.name).join(', ')}`);
  return {
    owner,
    registration: reg,
    name: reg.name,
    read: reg.read,
    write: reg.write ?? null,
    feature: reg.feature ?? null,
    sqlName: `${quoteIdent(name.schema)}.${quoteIdent(name.name)}`,
    args: fn.args.filter((a) => !allowed || allowed.has(a.name)),
    result: rpcResult(fn, metas),
  };
}

function rpcResult(fn: NonNullable<ReturnType<Catalog['functions']['get']>>[number], metas: Map<string, ResourceMeta>): RpcResult {
  if (fn.returnType === 'void') return { kind: 'void' };
  if (!fn.resultColumns) return { kind: 'scalar', set: fn.returnsSet };
  const returned = fn.returnsRelation ? qualifiedKey(fn.returnsRelation) : null;
  const resource = [...metas.values()].find((m) => m.tableKey === returned);
  // Rows of a registered table keep its hidden columns hidden and its relationships embeddable.
  const source: SourceMeta = resource
    ? { name: fn.name, columns: resource.columns, columnOrder: resource.columnOrder, relationships: resource.relationships }
    : {
        name: fn.name,
        columns: new Map(fn.resultColumns.map((c) => [c.name, c])),
        columnOrder: fn.resultColumns.map((c) => c.name),
        relationships: [],
      };
  return { kind: 'rows', set: fn.returnsSet, source };
}
