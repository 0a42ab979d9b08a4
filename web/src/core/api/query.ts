/** Query-string building: always through URLSearchParams, never by hand (values are encoded). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

/** `{a: 1, b: ['x', 'y'], c: undefined}` → `?a=1&b=x&b=y`; null/undefined values are left out. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Appends params to a path that may already carry a query string. */
export function withQuery(path: string, params: QueryParams | undefined): string {
  const query = buildQuery(params);
  if (!query) return path;
  return path.includes('?') ? `${path}&${query.slice(1)}` : `${path}${query}`;
}
