import type { FieldSpec } from '@web/core/plugin-host/types';

/** The JSON Schema keywords the values form reads (the gateway's integration-charts.ts answers these). */
export interface ValuesSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, ValuesSchema>;
  required?: string[];
  items?: ValuesSchema;
}

/** What GET /api/integrations/charts/{name} answers (plugins/settings/gateway/integration-charts.ts). */
export interface IntegrationChart {
  name: string;
  chart: string;
  version: string | null;
  repository: { name: string; url: string };
  source: 'helm' | 'built-in';
  valuesSchema: ValuesSchema;
}

export const chartPath = (name: string) => `/api/integrations/charts/${encodeURIComponent(name)}`;

/** A form field drawn from the schema: `field.name` is the value's dotted path (`scraper.schedule`). */
export interface ChartValueField {
  field: FieldSpec;
  description?: string;
  default?: unknown;
}

/** A shipped chart's schema may be large: the form shows the first fields of the first levels, the rest stay the chart's defaults. */
const MAX_DEPTH = 4;
const MAX_FIELDS = 60;
/** Keys the form can hold as a path (a dot would split it; react-hook-form reads digits as list indexes). */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const typeOf = (schema: ValuesSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : (schema.type ?? (schema.properties ? 'object' : undefined));

function fieldOf(path: string, schema: ValuesSchema, required: boolean): FieldSpec | null {
  const label = schema.title ?? path;
  const type = typeOf(schema);
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) {
    return { name: path, label, kind: 'select', required, options: (schema.enum as string[]).map((value) => ({ value, label: value })) };
  }
  if (type === 'string') return { name: path, label, kind: 'text', required };
  if (type === 'number' || type === 'integer') return { name: path, label, kind: 'number', required };
  if (type === 'boolean') return { name: path, label, kind: 'boolean' };
  if (type === 'array' && (!schema.items || typeOf(schema.items) === 'string')) return { name: path, label, kind: 'lines', required };
  return null;
}

/** The scalar values of a chart's schema as form fields, depth first in the schema's order. */
export function chartValueFields(schema: ValuesSchema): ChartValueField[] {
  const fields: ChartValueField[] = [];
  const walk = (node: ValuesSchema, prefix: string, depth: number, nodeRequired: boolean) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (fields.length >= MAX_FIELDS || !PLAIN_KEY.test(key) || typeof child !== 'object' || child === null) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      const required = nodeRequired && (node.required ?? []).includes(key);
      if (typeOf(child) === 'object') {
        if (depth < MAX_DEPTH) walk(child, path, depth + 1, required);
        continue;
      }
      const field = fieldOf(path, child, required);
      if (field) fields.push({ field, description: child.description, default: child.default });
    }
  };
  walk(schema, '', 1, true);
  return fields;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema's defaults as the nested values object the form starts from. */
export function defaultValues(fields: readonly ChartValueField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { field, default: value } of fields) {
    if (value === undefined) continue;
    const keys = field.name.split('.');
    let node = values;
    for (const key of keys.slice(0, -1)) node = (node[key] = isObject(node[key]) ? node[key] : {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return values;
}

export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), values);
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && !value.length);

/** The labels of required fields left blank: the snippets say what is missing. */
export function missingRequired(fields: readonly ChartValueField[], values: unknown): string[] {
  return fields.filter(({ field }) => field.required && isBlank(valueAt(values, field.name))).map(({ field }) => field.label);
}

/** The values the snippets carry: only those set (blank text, empty lists and empty objects left to the chart). */
export function setValues(values: unknown): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (isObject(value)) {
      const entries = Object.entries(value)
        .map(([key, child]) => [key, clean(child)] as const)
        .filter(([, child]) => child !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    if (typeof value === 'string') return value.trim() ? value : undefined;
    if (Array.isArray(value)) return value.length ? value : undefined;
    return value ?? undefined;
  };
  const cleaned = clean(values);
  return isObject(cleaned) ? cleaned : {};
}

/** Leaves of a values object with their dotted paths, in order. */
export function leaves(values: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(values).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isObject(value) ? leaves(value, path) : [[path, value] as [string, unknown]];
  });
}
