/** One line of a log file as read: its own time when it has one, level, message and labels. */
export interface ParsedLine {
  time: Date | null;
  level?: string;
  message: string;
  labels: Record<string, string>;
}

/** Where a JSON line keeps its time, message and level. */
export interface JsonFields {
  timeField?: string;
  messageField?: string;
  levelField?: string;
}

/** pino's numeric levels. */
const PINO_LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Labels one JSON line may add (its other fields), and how long a label's value may be. */
export const MAX_JSON_LABELS = 32;
const MAX_LABEL_CHARS = 1000;

/** A level as the answer shows it: pino's numbers 10..60 as trace..fatal, a name in lower case. */
export function levelName(value: unknown): string | undefined {
  if (typeof value === 'number') return PINO_LEVELS[value] ?? String(value);
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    return /^\d+$/.test(text) ? (PINO_LEVELS[Number(text)] ?? text) : text.toLowerCase();
  }
  return undefined;
}

/**
 * A time as log lines write it: epoch milliseconds (a number, or digits; a value below 10^11 is taken as seconds,
 * which is what such a value would mean), or an ISO 8601 text; null when it is neither.
 */
export function lineTime(value: unknown): Date | null {
  let ms: number;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    ms = n < 1e11 ? n * 1000 : n;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
    ms = Date.parse(value.trim());
  } else return null;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms);
}

/** A JSON object line, or null when the line is not one. */
export function jsonObject(line: string): Record<string, unknown> | null {
  const text = line.trimStart();
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A field of a JSON line: the key as written, else a dotted path (`req.time`). */
function field(object: Record<string, unknown>, name: string): { found: boolean; value: unknown; top: string } {
  if (Object.hasOwn(object, name)) return { found: true, value: object[name], top: name };
  let value: unknown = object;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part)) return { found: false, value: undefined, top: name };
    value = (value as Record<string, unknown>)[part];
  }
  return { found: true, value, top: name.split('.')[0] };
}

const labelText = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS)}…` : text;
};

/** The line's other fields as labels: scalars as text, objects one level deep as `key.inner`, at most MAX_JSON_LABELS. */
function jsonLabels(object: Record<string, unknown>, used: Set<string>, into: Record<string, string>): void {
  let count = 0;
  const add = (key: string, value: unknown) => {
    if (count >= MAX_JSON_LABELS || value === undefined || value === null) return;
    into[key] = labelText(value);
    count++;
  };
  for (const [key, value] of Object.entries(object)) {
    if (used.has(key)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) add(`${key}.${inner}`, innerValue);
    } else add(key, value);
  }
}

/**
 * A JSON line: time from `timeField` (default `time`), message from `messageField` (default `msg`, else `message`;
 * the whole line when neither is there), level from `levelField` (default `level`), and its other fields as labels.
 */
export function parseJsonLine(object: Record<string, unknown>, line: string, fields: JsonFields, labels: Record<string, string>): ParsedLine {
  const used = new Set<string>();
  const time = field(object, fields.timeField ?? 'time');
  if (time.found) used.add(time.top);
  const message = fields.messageField ? field(object, fields.messageField) : ['msg', 'message'].map((name) => field(object, name)).find((f) => f.found);
  if (message?.found) used.add(message.top);
  const level = field(object, fields.levelField ?? 'level');
  if (level.found) used.add(level.top);
  const out: Record<string, string> = { ...labels };
  jsonLabels(object, used, out);
  const text = message?.found ? (typeof message.value === 'string' ? message.value : JSON.stringify(message.value)) : line;
  const parsedLevel = level.found ? levelName(level.value) : undefined;
  return { time: time.found ? lineTime(time.value) : null, message: text ?? '', labels: out, ...(parsedLevel ? { level: parsedLevel } : {}) };
}

/** The named groups a text line's `pattern` gives, read into a line; other named groups are labels. */
export function parseGroups(groups: Record<string, unknown>, line: string, labels: Record<string, string>): ParsedLine {
  const out: Record<string, string> = { ...labels };
  for (const [key, value] of Object.entries(groups)) {
    if (key === 'time' || key === 'level' || key === 'message' || typeof value !== 'string') continue;
    out[key] = labelText(value);
  }
  const level = levelName(groups.level);
  return {
    time: typeof groups.time === 'string' ? lineTime(groups.time) : null,
    message: typeof groups.message === 'string' ? groups.message : line,
    labels: out,
    ...(level ? { level } : {}),
  };
}
