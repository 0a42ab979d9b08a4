import type { Queryable } from '@gateway/core/database/db.service';

/** A schema-qualified name as registrations give it: `table` (schema public) or `schema.table`. */
export interface QualifiedName {
  schema: string;
  name: string;
}

export function qualify(name: string): QualifiedName {
  const dot = name.indexOf('.');
  return dot < 0 ? { schema: 'public', name } : { schema: name.slice(0, dot), name: name.slice(dot + 1) };
}

export const qualifiedKey = (q: QualifiedName): string => `${q.schema}.${q.name}`;

export interface CatalogColumn {
  name: string;
  /** `format_type()` output: `text`, `uuid`, `timestamp with time zone`, `text[]`. */
  type: string;
  isArray: boolean;
  isJson: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** Generated columns and identity columns GENERATED ALWAYS: never written. */
  generated: boolean;
}

export interface CatalogRelation extends QualifiedName {
  kind: 'table' | 'view';
  columns: CatalogColumn[];
  primaryKey: string[];
}

export interface CatalogForeignKey {
  constraint: string;
  from: QualifiedName;
  columns: string[];
  to: QualifiedName;
  foreignColumns: string[];
}

export interface CatalogFunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface CatalogFunction extends QualifiedName {
  args: CatalogFunctionArg[];
  returnsSet: boolean;
  returnType: string;
  /** OUT/INOUT/TABLE columns, or the columns of a returned composite type; null for scalars and void. */
  resultColumns: CatalogColumn[] | null;
  /** The table or view whose row type the function returns, if any. */
  returnsRelation: QualifiedName | null;
}

/** A base-table column a view reads (from the view's rewrite rule dependencies). */
export interface CatalogViewColumnUse {
  view: QualifiedName;
  table: QualifiedName;
  column: string;
}

export interface Catalog {
  relations: Map<string, CatalogRelation>;
  /** For views among the relations: which base-table columns they read. */
  viewColumnUses: CatalogViewColumnUse[];
  foreignKeys: CatalogForeignKey[];
  /** Several overloads may share a name. */
  functions: Map<string, CatalogFunction[]>;
}

const COLUMNS_SQL = `
SELECT n.nspname AS schema, c.relname AS relation, c.relkind::text AS relkind,
       a.attname::text AS name, format_type(a.atttypid, a.atttypmod) AS type,
       t.typcategory::text AS category, t.typname::text AS typname,
       NOT a.attnotnull AS nullable, a.atthasdef AS has_default,
       (a.attgenerated <> '' OR a.attidentity = 'a') AS generated
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  JOIN pg_type t ON t.oid = a.atttypid
 WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
   AND (n.nspname, c.relname) IN (SELECT * FROM unnest($1::text[], $2::text[]))
 ORDER BY n.nspname, c.relname, a.attnum`;

const PRIMARY_KEYS_SQL = `
SELECT n.nspname AS schema, c.relname AS relation,
       (SELECT array_agg(a.attname::text ORDER BY k.ord)
          FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum) AS columns
  FROM pg_index i
  JOIN pg_class c ON c.oid = i.indrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE i.indisprimary AND (n.nspname, c.relname) IN (SELECT * FROM unnest($1::text[], $2::text[]))`;

const FOREIGN_KEYS_SQL = `
SELECT con.conname::text AS constraint, sn.nspname AS schema, sc.relname AS relation,
       tn.nspname AS foreign_schema, tc.relname AS foreign_relation,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS foreign_columns
  FROM pg_constraint con
  JOIN pg_class sc ON sc.oid = con.conrelid JOIN pg_namespace sn ON sn.oid = sc.relnamespace
  JOIN pg_class tc ON tc.oid = con.confrelid JOIN pg_namespace tn ON tn.oid = tc.relnamespace
 WHERE con.contype = 'f'
   AND (sn.nspname, sc.relname) IN (SELECT * FROM unnest($1::text[], $2::text[]))
   AND (tn.nspname, tc.relname) IN (SELECT * FROM unnest($1::text[], $2::text[]))
 ORDER BY con.conname`;

const VIEW_COLUMN_USES_SQL = `
SELECT DISTINCT vn.nspname AS view_schema, v.relname AS view_name, tn.nspname AS table_schema, t.relname AS table_name,
       a.attname::text AS column
  FROM pg_depend d
  JOIN pg_rewrite r ON r.oid = d.objid
  JOIN pg_class v ON v.oid = r.ev_class AND v.relkind IN ('v', 'm')
  JOIN pg_namespace vn ON vn.oid = v.relnamespace
  JOIN pg_class t ON t.oid = d.refobjid AND t.relkind IN ('r', 'p') AND t.oid <> v.oid
  JOIN pg_namespace tn ON tn.oid = t.relnamespace
  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
 WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
   AND (vn.nspname, v.relname) IN (SELECT * FROM unnest($1::text[], $2::text[]))`;

const FUNCTIONS_SQL = `
SELECT n.nspname AS schema, p.proname::text AS name, p.proretset AS returns_set,
       p.pronargs AS nargs, p.pronargdefaults AS nargdefaults,
       coalesce(p.proargnames, '{}')::text[] AS arg_names,
       coalesce(p.proargmodes::text[], '{}') AS arg_modes,
       (SELECT array_agg(format_type(u.t, NULL) ORDER BY u.o)
          FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY u(t, o))::text[] AS arg_types,
       format_type(p.prorettype, NULL) AS return_type, rt.typtype::text AS return_typtype,
       rn.nspname AS return_schema, rc.relname AS return_relation
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_type rt ON rt.oid = p.prorettype
  LEFT JOIN pg_class rc ON rc.oid = rt.typrelid
  LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
 WHERE p.prokind = 'f' AND (n.nspname, p.proname) IN (SELECT * FROM unnest($1::text[], $2::text[]))`;

interface ColumnRow {
  schema: string;
  relation: string;
  relkind: string;
  name: string;
  type: string;
  category: string;
  typname: string;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
}

interface FunctionRow {
  schema: string;
  name: string;
  returns_set: boolean;
  nargs: number;
  nargdefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[] | null;
  return_type: string;
  return_typtype: string;
  return_schema: string | null;
  return_relation: string | null;
}

const unzip = (names: QualifiedName[]): [string[], string[]] => [names.map((n) => n.schema), names.map((n) => n.name)];

function toColumn(row: Pick<ColumnRow, 'name' | 'type' | 'category' | 'typname'> & Partial<ColumnRow>): CatalogColumn {
  return {
    name: row.name,
    type: row.type,
    isArray: row.category === 'A',
    isJson: row.typname === 'json' || row.typname === 'jsonb',
    nullable: row.nullable ?? true,
    hasDefault: row.has_default ?? false,
    generated: row.generated ?? false,
  };
}

/** Reads columns, keys, view dependencies and functions for the given names: a handful of catalog queries per refresh. */
export async function readCatalog(db: Queryable, relations: QualifiedName[], functions: QualifiedName[]): Promise<Catalog> {
  const functionRows = functions.length ? (await db.query<FunctionRow>(FUNCTIONS_SQL, unzip(functions))).rows : [];
  // Functions may return the row type of a relation nobody registered; read its columns too.
  const returned = functionRows
    .filter((f) => f.return_schema && f.return_relation)
    .map((f) => ({ schema: f.return_schema as string, name: f.return_relation as string }));
  const wanted = unzip([...relations, ...returned]);
  const viewUses = (
    await db.query<{ view_schema: string; view_name: string; table_schema: string; table_name: string; column: string }>(VIEW_COLUMN_USES_SQL, unzip(relations))
  ).rows.map((row) => ({
    view: { schema: row.view_schema, name: row.view_name },
    table: { schema: row.table_schema, name: row.table_name },
    column: row.column,
  }));
  // Foreign keys among registered tables and the base tables of registered views (views have none).
  const keyed = unzip([...relations, ...viewUses.map((u) => u.table)]);
  const [columnRows, keyRows, fkRows] = await Promise.all([
    db.query<ColumnRow>(COLUMNS_SQL, wanted),
    db.query<{ schema: string; relation: string; columns: string[] }>(PRIMARY_KEYS_SQL, wanted),
    db.query<{
      constraint: string;
      schema: string;
      relation: string;
      foreign_schema: string;
      foreign_relation: string;
      columns: string[];
      foreign_columns: string[];
    }>(FOREIGN_KEYS_SQL, keyed),
  ]);

  const catalog: Catalog = { relations: new Map(), viewColumnUses: viewUses, foreignKeys: [], functions: new Map() };
  for (const row of columnRows.rows) {
    const key = qualifiedKey({ schema: row.schema, name: row.relation });
    let relation = catalog.relations.get(key);
    if (!relation) {
      const kind = row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table';
      relation = { schema: row.schema, name: row.relation, kind, columns: [], primaryKey: [] };
      catalog.relations.set(key, relation);
    }
    relation.columns.push(toColumn(row));
  }
  for (const row of keyRows.rows) {
    const relation = catalog.relations.get(qualifiedKey({ schema: row.schema, name: row.relation }));
    if (relation) relation.primaryKey = row.columns ?? [];
  }
  for (const row of fkRows.rows) {
    catalog.foreignKeys.push({
      constraint: row.constraint,
      from: { schema: row.schema, name: row.relation },
      columns: row.columns,
      to: { schema: row.foreign_schema, name: row.foreign_relation },
      foreignColumns: row.foreign_columns,
    });
  }
  for (const row of functionRows) {
    const fn = toFunction(row, catalog);
    const key = qualifiedKey(fn);
    catalog.functions.set(key, [...(catalog.functions.get(key) ?? []), fn]);
  }
  return catalog;
}

function toFunction(row: FunctionRow, catalog: Catalog): CatalogFunction {
  const types = row.arg_types ?? [];
  const modes = row.arg_modes.length ? row.arg_modes : types.map(() => 'i');
  const inputs: CatalogFunctionArg[] = [];
  const outputs: CatalogColumn[] = [];
  types.forEach((type, i) => {
    const mode = modes[i];
    const name = row.arg_names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') {
      const isArray = type.endsWith('[]');
      outputs.push(toColumn({ name, type, category: isArray ? 'A' : '', typname: type }));
    }
  });
  // The last `pronargdefaults` input arguments have defaults.
  inputs.forEach((arg, i) => (arg.hasDefault = i >= inputs.length - row.nargdefaults));
  const returnsRelation = row.return_schema && row.return_relation ? { schema: row.return_schema, name: row.return_relation } : null;
  let resultColumns: CatalogColumn[] | null = outputs.length ? outputs : null;
  if (!resultColumns && returnsRelation) resultColumns = catalog.relations.get(qualifiedKey(returnsRelation))?.columns ?? null;
  return { schema: row.schema, name: row.name, args: inputs, returnsSet: row.returns_set, returnType: row.return_type, resultColumns, returnsRelation };
}
