/**
 * Include/exclude filters as the URL keeps them (spec 03 §5): comma-separated `value:1` (include) and `value:-1`
 * (exclude) entries, e.g. the job list's default status filter `SUCCESS:-1`. A comma, colon or backslash inside a value
 * is escaped with a backslash, so any value survives the round trip.
 */
export type IncludeExclude = Record<string, 1 | -1>;

const escapeValue = (value: string) => value.replace(/[\\,:]/g, (ch) => `\\${ch}`);

export function encodeIncludeExclude(filter: IncludeExclude): string {
  return Object.entries(filter)
    .map(([value, mark]) => `${escapeValue(value)}:${mark}`)
    .join(',');
}

/** Splits on unescaped `sep`, keeping escapes in place. */
function splitUnescaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[i + 1];
      i++;
    } else if (ch === sep) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

const unescapeValue = (value: string) => value.replace(/\\(.)/g, '$1');

/** `a:1,b:-1` → `{a: 1, b: -1}`; an entry without a mark is included; an empty value is skipped. */
export function decodeIncludeExclude(text: string | null | undefined): IncludeExclude {
  const filter: IncludeExclude = {};
  if (!text) return filter;
  for (const entry of splitUnescaped(text, ',')) {
    const parts = splitUnescaped(entry, ':');
    const last = parts[parts.length - 1];
    const marked = parts.length > 1 && (last === '1' || last === '-1');
    const value = unescapeValue((marked ? parts.slice(0, -1) : parts).join(':'));
    if (!value) continue;
    filter[value] = marked && last === '-1' ? -1 : 1;
  }
  return filter;
}

/** The values marked `mark`. */
export function valuesMarked(filter: IncludeExclude, mark: 1 | -1): string[] {
  return Object.keys(filter).filter((value) => filter[value] === mark);
}
