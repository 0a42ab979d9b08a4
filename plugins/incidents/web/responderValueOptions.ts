/**
 * A team's `responder_clients[type].values` hold either a fixed value for a field (a string) or the choices for it
 * (a list), possibly nested: Jira's `projects[*]` each carry `issueTypes[*]` and `priorities[*]` (spec 01 §7,
 * `$..projects[*]`, `$..issueTypes[*]`...). These helpers read both.
 */
export interface Option {
  value: string;
  label: string;
}

type Values = Record<string, unknown>;

const plural = (name: string) => (name.endsWith('y') ? `${name.slice(0, -1)}ies` : `${name}s`);

function toOption(entry: unknown): Option | null {
  if (typeof entry === 'string' || typeof entry === 'number') return { value: String(entry), label: String(entry) };
  if (entry && typeof entry === 'object') {
    const item = entry as Record<string, unknown>;
    const value = item.key ?? item.id ?? item.value ?? item.name;
    if (value === undefined || value === null) return null;
    return { value: String(value), label: String(item.name ?? item.label ?? item.title ?? value) };
  }
  return null;
}

function listFor(values: Values, name: string): unknown[] | undefined {
  const list = values[name] ?? values[plural(name)];
  return Array.isArray(list) ? list : undefined;
}

/** Fixed field values: the string entries of `values` (they are applied and locked in the form). */
export function fixedValues(values: Values | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** The choices `values` offers for a field, looking inside the chosen item of a parent list; undefined if none. */
export function valueOptions(values: Values | undefined, field: string, form: Record<string, string>): Option[] | undefined {
  if (!values) return undefined;
  const direct = listFor(values, field);
  if (direct) return direct.map(toOption).filter((o): o is Option => o !== null);
  for (const [key, list] of Object.entries(values)) {
    if (!Array.isArray(list)) continue;
    const parentField = Object.keys(form).find((name) => plural(name) === key || name === key);
    const chosen = parentField ? form[parentField] : undefined;
    if (!chosen) continue;
    const item = list.find((entry) => toOption(entry)?.value === chosen);
    if (item && typeof item === 'object') {
      const nested = listFor(item as Values, field);
      if (nested) return nested.map(toOption).filter((o): o is Option => o !== null);
    }
  }
  return undefined;
}
