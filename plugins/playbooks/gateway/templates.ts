import type { PlaybookScope } from '@contracts';
import type { ExpressionEvaluator } from '@gateway/core/cel';

/**
 * Templating of action bodies, `if` conditions and filters (docs/playbooks.md "Templates"), always through the
 * bounded evaluator (a worker with a time limit), never on the gateway's own thread:
 * - a string holding `{{ ... }}` is a Go text/template (the subset of @ctrl/golang-template: fields such as
 *   `{{ .params.name }}` and `{{ .config.labels.app }}`, `if`/`else`, `range`, `with`) rendered to text;
 * - a string that is exactly `$( <CEL> )` is replaced by the expression's value (which may be a number, a list or an
 *   object), except in the fields a type declares as code (`exec.script`, whose own `$(command)` is bash's);
 * - anything else is kept as written, and so is every field a type declares literal (`exec.script`: its values come
 *   through `env`, so no parameter can become part of the program).
 */

const WHOLE_CEL = /^\s*\$\(([\s\S]*)\)\s*$/;

export class TemplateError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Variables as the evaluator takes them: plain JSON (dates as text, no undefined). */
export function scopeVariables(scope: PlaybookScope): Record<string, unknown> {
  return JSON.parse(JSON.stringify(scope)) as Record<string, unknown>;
}

/** Whether `path` (`files[2].content`) is one of the type's code fields (`files[*].content` names every item). */
export function isCodeField(codeFields: readonly string[], path: string): boolean {
  return codeFields.includes(path) || codeFields.includes(path.replace(/\[\d+\]/g, '[*]'));
}

/** The body with every template rendered; throws TemplateError naming the field. */
export async function renderBody(
  body: Record<string, unknown>,
  scope: PlaybookScope,
  evaluator: ExpressionEvaluator,
  codeFields: readonly string[] = [],
  literalFields: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const variables = scopeVariables(scope);
  const render = async (value: unknown, path: string): Promise<unknown> => {
    if (isCodeField(literalFields, path)) return value;
    if (typeof value === 'string') return renderString(value, path, variables, evaluator, isCodeField(codeFields, path));
    if (Array.isArray(value)) return Promise.all(value.map((v, i) => render(v, `${path}[${i}]`)));
    if (isObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[key] = await render(v, path ? `${path}.${key}` : key);
      return out;
    }
    return value;
  };
  return (await render(body, '')) as Record<string, unknown>;
}

async function renderString(value: string, path: string, variables: Record<string, unknown>, evaluator: ExpressionEvaluator, code: boolean): Promise<unknown> {
  const cel = code ? null : WHOLE_CEL.exec(value);
  if (cel) {
    const outcome = await evaluator.evaluate(cel[1].trim(), variables);
    if (!outcome.ok) throw new TemplateError(`${path}: ${outcome.error}`);
    return outcome.value;
  }
  if (!value.includes('{{')) return value;
  const outcome = await evaluator.evaluate({ language: 'template', source: value }, variables);
  if (!outcome.ok) throw new TemplateError(`${path}: ${outcome.error}`);
  return outcome.value === null || outcome.value === undefined ? '' : String(outcome.value);
}

/** A parameter default: a Go template over the resource, or the value as written. */
export async function renderText(value: string, scope: PlaybookScope, evaluator: ExpressionEvaluator): Promise<string> {
  if (!value.includes('{{')) return value;
  const outcome = await evaluator.evaluate({ language: 'template', source: value }, scopeVariables(scope));
  if (!outcome.ok) throw new TemplateError(outcome.error);
  return outcome.value === null || outcome.value === undefined ? '' : String(outcome.value);
}

/** A CEL condition over the scope: true, false, or a TemplateError saying why it could not be decided. */
export async function condition(expression: string, variables: Record<string, unknown>, evaluator: ExpressionEvaluator): Promise<boolean> {
  const outcome = await evaluator.evaluate(expression.trim(), variables);
  if (!outcome.ok) throw new TemplateError(outcome.error);
  if (typeof outcome.value === 'boolean') return outcome.value;
  if (outcome.value === 'true' || outcome.value === 'false') return outcome.value === 'true';
  throw new TemplateError(`must give true or false, gave ${JSON.stringify(outcome.value)}`);
}

/** The names a playbook's templates read: a template naming one of them in a literal field would be run's data. */
const SCOPE_TEMPLATE = /\{\{-?\s*(?:[^}]*\s)?\$?\.(params|config|check|component|playbook|run|user|actions|request|event)\b/;

/** Whether a literal field's text holds a template reading the run's data (`{{ .params.service }}`). */
export function readsRunData(text: string): boolean {
  return SCOPE_TEMPLATE.test(text);
}
