import type { CheckRunContext, CheckSpec } from '@contracts';
import { resolveValue } from './runner-kit';

/**
 * `$(username)` / `$(.password)` in connection strings, as canary files written for canary-checker carry them:
 * `url: postgres://$(username):$(password)@db:5432/app`, `connection: redis://$(.username):$(.password)@cache:6379`.
 * The names are the check's own `username` and `password` fields (each a value, `{value}` or a secret / config-map
 * reference), resolved when the check runs. Shared by the runners of the connection-string check types; the runner
 * still asks `ctx.outbound.check` with the expanded string before it connects, so a substituted secret is held to
 * the same credential binding as one written out.
 */

/** The names a connection template may use. */
export const TEMPLATE_NAMES = ['username', 'password'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
/**
 * Resolved values by name; an unset one expands to the empty string (as canary-checker does for an empty field).
 * Besides `username` and `password`, a type may add names of its own (http: its `env` list).
 */
export type TemplateValues = Partial<Record<TemplateName, string | null | undefined>> & Record<string, string | null | undefined>;

/** One placeholder: `$(name)` or `$(.name)`, spaces allowed inside the parentheses. */
const PLACEHOLDER = /\$\(\s*\.?([A-Za-z_][A-Za-z0-9_]*)\s*\)/g;
/** A `$(` that does not open a well-formed placeholder. */
const BROKEN = /\$\((?!\s*\.?[A-Za-z_][A-Za-z0-9_]*\s*\))/;

/** Whether the value holds a placeholder (or a broken `$(`). */
export function hasTemplate(value: unknown): value is string {
  return typeof value === 'string' && value.includes('$(');
}

/** The names used in a template, in order of first use. */
export function templateNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * Why the template cannot be expanded (for `validate`, prefixed with the field), or null: a name other than
 * `username`/`password`, or a `$(` that is not closed.
 */
export function templateProblem(text: string, field: string, extraNames: readonly string[] = []): string | null {
  if (BROKEN.test(text)) return `${field}: '$(' must be followed by a name and ')', as in $(username)`;
  const known = [...TEMPLATE_NAMES, ...extraNames];
  const unknown = templateNames(text).filter((name) => !known.includes(name));
  if (unknown.length) {
    const hint = extraNames.length
      ? `$(username), $(password) or a name of the check's env (${extraNames.join(', ')})`
      : "$(username) or $(password) (the check's own fields)";
    return `${field}: ${unknown.map((n) => `$(${n})`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not known here; use ${hint}`;
  }
  return null;
}

/**
 * The text with each placeholder replaced by its value passed through `encode` (identity by default). A name
 * outside TEMPLATE_NAMES is left as written (`templateProblem` reports it at save time).
 */
export function expandTemplate(text: string, values: TemplateValues, encode: (value: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(TEMPLATE_NAMES as readonly string[]).includes(name) && !Object.prototype.hasOwnProperty.call(values, name)) return whole;
    return encode(values[name] ?? '');
  });
}

/** A `scheme://…` URL (as opposed to a key=value DSN, a Go DSN or a bare host:port). */
export const isUrlForm = (text: string): boolean => /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text);

/**
 * A URL template expanded with its values percent-encoded, so an `@`, `:` or `/` in a password stays inside the
 * user-info part (the URL's parser decodes it again). Use `expandTemplate` for formats that are parsed first and
 * expanded field by field (key=value and Go DSNs).
 */
export function expandUrlTemplate(text: string, values: TemplateValues): string {
  return expandTemplate(text, values, encodeURIComponent);
}

/**
 * The template with stand-in values, for checking its shape at save time (`postgres://user:password@db/app`
 * parses where the placeholders would be opaque).
 */
export function templateSample(text: string, extraNames: readonly string[] = []): string {
  return expandTemplate(text, { username: 'user', password: 'password', ...Object.fromEntries(extraNames.map((n) => [n, 'value'])) });
}

/** The check's `username` and `password`, resolved as the runners resolve them (value, `{value}` or reference). */
export async function templateValues(spec: CheckSpec, ctx: CheckRunContext): Promise<{ username: string | null; password: string | null }> {
  return { username: await resolveValue(spec.username, ctx), password: await resolveValue(spec.password, ctx) };
}

/**
 * Why the template cannot be filled, or null: it uses `$(name)` while the check's `name` field is set but did not
 * resolve (a secret or connection that is missing). Expanding it to '' would sign in as someone else (a driver's
 * default user), so the runner reports the check invalid instead.
 */
export function unresolvedProblem(text: string, spec: CheckSpec, values: TemplateValues): string | null {
  const missing = templateNames(text).filter((name) => {
    if (!(TEMPLATE_NAMES as readonly string[]).includes(name)) return false;
    const field = spec[name];
    return field !== undefined && field !== null && field !== '' && (values[name as TemplateName] ?? null) === null;
  });
  return missing.length ? missing.map((name) => `${name}: could not be resolved (used as $(${name}) in the connection)`).join('; ') : null;
}
