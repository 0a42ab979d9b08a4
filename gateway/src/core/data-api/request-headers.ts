/** The request headers PostgREST reads besides the query string: Prefer, Range and Accept. */

export interface Preferences {
  return: 'representation' | 'minimal' | null;
  /** `count=planned` and `count=estimated` are answered with an exact count. */
  count: 'exact' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  /** The preferences honoured, echoed in `Preference-Applied`. */
  applied: string[];
}

/** `Prefer: return=representation, count=exact` (several headers merge; unknown tokens are ignored). */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, applied: [] };
  const tokens = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  for (const token of tokens) {
    const [name, value] = token.split('=').map((s) => s.trim());
    if (name === 'return' && (value === 'representation' || value === 'minimal')) prefs.return = value;
    else if (name === 'return' && value === 'headers-only') prefs.return = 'minimal';
    else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefs.count = 'exact';
    else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefs.resolution = value;
    else continue;
    prefs.applied.push(token);
  }
  return prefs;
}

export interface RangeWindow {
  offset: number;
  /** null: open-ended (`Range: 10-`). */
  limit: number | null;
}

/** `Range: 0-24` (optionally `items=0-24`); an unusable header is ignored, as PostgREST does. */
export function parseRange(header: string | undefined, unit: string | undefined): RangeWindow | null {
  if (!header || (unit && unit.trim().toLowerCase() !== 'items')) return null;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!match) return null;
  const start = Number(match[1]);
  if (match[2] === '') return { offset: start, limit: null };
  const end = Number(match[2]);
  return end < start ? null : { offset: start, limit: end - start + 1 };
}

/** Combines `limit`/`offset` params with a Range header: the result is the intersection of both windows. */
export function combineWindows(params: { limit: number | null; offset: number | null }, range: RangeWindow | null): RangeWindow {
  const offset = Math.max(params.offset ?? 0, range?.offset ?? 0);
  const ends = [params.limit === null ? Infinity : (params.offset ?? 0) + params.limit, range?.limit == null ? Infinity : range.offset + range.limit];
  const end = Math.min(...ends);
  return { offset, limit: end === Infinity ? null : Math.max(0, end - offset) };
}

/** `Accept: application/vnd.pgrst.object+json` asks for one object instead of an array. */
export function wantsSingleObject(accept: string | undefined): boolean {
  return !!accept && accept.toLowerCase().includes('application/vnd.pgrst.object+json');
}
