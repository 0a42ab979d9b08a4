import { request } from './httpClient';
import type { QueryParams } from './query';

/** Base path of the gateway's PostgREST-compatible data API. */
export const DATA_API = '/api/db';

export function dataApiPath(resource: string): string {
  return `${DATA_API}/${encodeURIComponent(resource)}`;
}

/**
 * Filter values for the data API. The operator prefix is part of the value; URLSearchParams encodes
 * the whole thing, so user input never breaks the query string.
 */
export const pg = {
  eq: (value: string | number | boolean) => `eq.${value}`,
  neq: (value: string | number | boolean) => `neq.${value}`,
  gt: (value: string | number) => `gt.${value}`,
  gte: (value: string | number) => `gte.${value}`,
  lt: (value: string | number) => `lt.${value}`,
  lte: (value: string | number) => `lte.${value}`,
  is: (value: 'null' | 'true' | 'false') => `is.${value}`,
  /** `*` is PostgREST's wildcard. */
  ilike: (pattern: string) => `ilike.${pattern}`,
  /** Items are double-quoted when they hold PostgREST's reserved characters. */
  in: (values: readonly (string | number)[]) => `in.(${values.map(quoteListItem).join(',')})`,
  order: (column: string, direction: 'asc' | 'desc' = 'asc') => `${column}.${direction}`,
};

function quoteListItem(value: string | number): string {
  const text = String(value);
  return /[,.():"\\\s]/.test(text) ? `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : text;
}

/** `Content-Range: 0-24/3573` → 3573; `*\/0` → 0; a missing or `*` total → undefined. */
export function totalFromContentRange(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const total = header.split('/')[1];
  if (!total || total === '*') return undefined;
  const parsed = Number(total);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export interface CountedRows<T> {
  rows: T[];
  total: number;
}

/** GET a data-API resource with `Prefer: count=exact`, returning the rows and the total; `signal` cancels it. */
export async function fetchWithCount<T>(resource: string, query: QueryParams, signal?: AbortSignal): Promise<CountedRows<T>> {
  const response = await request<T[]>(dataApiPath(resource), { query, headers: { Prefer: 'count=exact' }, signal });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}
