/** Selected lines of the config body, kept in the URL as repeated `selected` parameters (spec 02 Config detail). */
export const SELECTED_PARAM = 'selected';

export function selectedLines(params: URLSearchParams): Set<number> {
  return new Set(
    params
      .getAll(SELECTED_PARAM)
      .map(Number)
      .filter((line) => Number.isInteger(line) && line > 0),
  );
}

/**
 * The selection after a click on `line`: a plain click toggles it; a shift-click selects every line from the last
 * clicked one (`anchor`) to it.
 */
export function nextSelection(current: ReadonlySet<number>, line: number, anchor: number | null, shift: boolean): number[] {
  const next = new Set(current);
  if (shift && anchor !== null) {
    for (let n = Math.min(anchor, line); n <= Math.max(anchor, line); n++) next.add(n);
  } else if (next.has(line)) next.delete(line);
  else next.add(line);
  return [...next].sort((a, b) => a - b);
}

/** The query string with the selection written as repeated `selected` parameters. */
export function withSelection(params: URLSearchParams, lines: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SELECTED_PARAM);
  for (const line of lines) next.append(SELECTED_PARAM, String(line));
  return next;
}
