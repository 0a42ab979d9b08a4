import { fixedValues } from './responderValueOptions';
import type { ResponderClientSpec, TeamRef } from './types';

const TEMPLATE = /\{\{\s*\.?([\w.]+)\s*\}\}/g;

function lookup(scope: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), scope);
}

/** `{{incident.title}}` → the value at that path in `scope`; unknown paths render empty. */
export function renderTemplate(template: string, scope: Record<string, unknown>): string {
  return template.replace(TEMPLATE, (_, path: string) => {
    const value = lookup(scope, path);
    return value === undefined || value === null ? '' : String(value);
  });
}

export function responderClient(team: Pick<TeamRef, 'spec'> | null | undefined, type: string): ResponderClientSpec {
  return team?.spec?.responder_clients?.[type] ?? {};
}

/**
 * The form's starting values for a team and type: the team's defaults rendered against the form values and the
 * incident (spec 01 §5); fixed string `values` win (they cannot be changed in the form).
 */
export function responderFormDefaults(client: ResponderClientSpec, fieldNames: readonly string[], incident: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = Object.fromEntries(fieldNames.map((name) => [name, '']));
  const fixed = fixedValues(client.values);
  Object.assign(values, fixed);
  const defaults = client.defaults ?? {};
  // Two passes so a default may refer to another default (e.g. body → {{summary}}).
  for (let pass = 0; pass < 2; pass += 1) {
    for (const [name, template] of Object.entries(defaults)) {
      if (name in fixed) continue;
      values[name] = renderTemplate(template, { ...values, incident });
    }
  }
  return values;
}
