import type { PlaybookParameter } from './playbooks';

/**
 * Parameter values of a playbook run (spec 02 §5), one rule for the run dialog (messages under each field) and the
 * gateway (the run's 400 `details.params`). The parameter shapes are in playbooks.ts.
 */

/** Spec 02 §5: lowercase alphanumerics, dashes and dots, starting and ending alphanumeric. */
export const DNS1123_PATTERN = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
/** Memory: a number with unit Mi, Gi or Ti (Mi when none is written). */
export const BYTES_PATTERN = /^\d+(\.\d+)?(Mi|Gi|Ti)?$/;
/** CPU: a number with the suffix m. */
export const MILLICORES_PATTERN = /^\d+m$/;

export const FIELD_REQUIRED = 'This field is required';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && !value.length);

export interface ParameterCheckOptions {
  /** The caller tests `regex` itself (the gateway does, in the bounded evaluator: a user's regex never runs on its thread). */
  skipRegex?: boolean;
}

/**
 * Why a value does not fit its parameter, or null. Values are what the run dialog sends: strings (a checkbox is
 * `'true'`/`'false'`, a resource or person an id), or a list of ids for `people`/`team` with `multiple`.
 */
export function parameterProblem(param: PlaybookParameter, value: unknown, options: ParameterCheckOptions = {}): string | null {
  if (isBlank(value)) return param.required ? FIELD_REQUIRED : null;
  const p = param.properties ?? {};
  const type = param.type ?? 'text';
  if (type === 'checkbox') return value === 'true' || value === 'false' || typeof value === 'boolean' ? null : "must be 'true' or 'false'";
  if (type === 'list') {
    const options = (p.options ?? []).map((o) => (typeof o === 'string' ? o : o.value));
    return options.length && !options.includes(String(value)) ? `must be one of: ${options.join(', ')}` : null;
  }
  if (type === 'code' && (p.language ?? 'yaml') === 'json' && typeof value === 'string') {
    try {
      JSON.parse(value);
    } catch {
      return 'must be valid JSON';
    }
  }
  if (type !== 'text') return typeof value === 'string' || Array.isArray(value) ? null : 'must be text';
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return 'must be text';
  if (p.minLength !== undefined && text.length < p.minLength) return `must be at least ${p.minLength} characters`;
  if (p.maxLength !== undefined && text.length > p.maxLength) return `must be at most ${p.maxLength} characters`;
  if (p.format === 'dns1123' && !DNS1123_PATTERN.test(text))
    return 'must be lowercase letters, digits, dashes and dots, starting and ending with a letter or digit';
  if (p.format === 'bytes' && !BYTES_PATTERN.test(text)) return 'must be a number with unit Mi, Gi or Ti (Mi if none), e.g. 512Mi';
  if (p.format === 'millicores' && !MILLICORES_PATTERN.test(text)) return 'must be a number with the suffix m, e.g. 250m';
  if (p.format === 'number' || p.min !== undefined || p.max !== undefined) {
    const n = Number(text);
    if (p.format === 'number' && !Number.isFinite(n)) return 'must be a number';
    if (Number.isFinite(n)) {
      if (p.min !== undefined && n < p.min) return `must be at least ${p.min}`;
      if (p.max !== undefined && n > p.max) return `must be at most ${p.max}`;
    }
  }
  if (p.regex && !options.skipRegex) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(`^(?:${p.regex})$`);
    } catch {
      re = null;
    }
    if (re && !re.test(text)) return `must match ${p.regex}`;
  }
  return null;
}

/** Every parameter's problem by name (empty when the values pass); unknown names are reported too. */
export function parametersProblems(
  params: readonly PlaybookParameter[],
  values: Record<string, unknown>,
  options: ParameterCheckOptions = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const param of params) {
    const problem = parameterProblem(param, values[param.name], options);
    if (problem) problems[param.name] = problem;
  }
  for (const name of Object.keys(values)) if (!params.some((p) => p.name === name)) problems[name] = 'is not a parameter of this playbook';
  return problems;
}
