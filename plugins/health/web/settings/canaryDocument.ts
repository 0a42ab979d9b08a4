import * as yaml from 'js-yaml';

// The core schema in both directions: plain data only (no custom tags), the same under js-yaml 3 and 4.
const YAML_OPTIONS = { schema: yaml.CORE_SCHEMA };
const DUMP_OPTIONS = { schema: yaml.CORE_SCHEMA, noRefs: true, lineWidth: -1 };
import { CHECK_EXPRESSION_KEYS, CHECK_TYPES_IN_EDITOR, type CheckExpressionLanguage } from '@contracts';

/**
 * The canary editor's one model and its YAML document (spec 03 health check editors). The Form tab edits the
 * model; the Code tab edits the text, which is parsed back into the model whenever it parses.
 */
export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';
export const CANARY_KIND = 'Canary';
export const DEFAULT_NAMESPACE = 'default';

/** The settings editor's schedule list (spec 03 §5). */
export const SCHEDULE_OPTIONS = ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly'] as const;
export const DEFAULT_SCHEDULE = '@every 5m';

export interface LabelEntry {
  key: string;
  value: string;
}

export interface CanaryModel {
  name: string;
  namespace: string;
  /** Rows as the user sees them (a row being typed may have an empty key; it is left out of the document). */
  labels: LabelEntry[];
  /** The canary spec: `schedule` and one list per check type (`http: [...]`). */
  spec: Record<string, unknown>;
}

export type CheckSpecValue = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function newCanaryModel(): CanaryModel {
  return { name: '', namespace: DEFAULT_NAMESPACE, labels: [], spec: { schedule: DEFAULT_SCHEDULE } };
}

export function labelsToEntries(labels: Record<string, string> | null | undefined): LabelEntry[] {
  return Object.entries(labels ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/** Rows with a key, trimmed; the last row wins on a repeated key. */
export function entriesToLabels(entries: readonly LabelEntry[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const { key, value } of entries) if (key.trim()) labels[key.trim()] = value;
  return labels;
}

/** The body of `POST /api/canaries` and `PUT /api/canaries/:id`. */
export function toCanaryInput(model: CanaryModel): { name: string; namespace: string; labels: Record<string, string>; spec: Record<string, unknown> } {
  return {
    name: model.name.trim(),
    namespace: model.namespace.trim() || DEFAULT_NAMESPACE,
    labels: entriesToLabels(model.labels),
    spec: model.spec,
  };
}

/** The whole Canary document as YAML. */
export function toYaml(model: CanaryModel): string {
  const input = toCanaryInput(model);
  const metadata: Record<string, unknown> = { name: input.name, namespace: input.namespace };
  if (Object.keys(input.labels).length) metadata.labels = input.labels;
  return yaml.dump({ apiVersion: CANARY_API_VERSION, kind: CANARY_KIND, metadata, spec: input.spec }, DUMP_OPTIONS);
}

export interface YamlProblem {
  message: string;
  /** 1-based, when known. */
  line?: number;
  column?: number;
}

export type ParseResult = { ok: true; model: CanaryModel } | { ok: false; error: YamlProblem };

/**
 * YAML text → the model. Only what the editor cannot represent is an error here (bad syntax, a document that
 * is not a Canary-shaped object); everything else is the gateway's validation.
 */
export function parseCanaryYaml(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = yaml.load(text, YAML_OPTIONS);
  } catch (error) {
    const e = error as yaml.YAMLException;
    if (e.mark) {
      const line = e.mark.line + 1;
      const column = e.mark.column + 1;
      return { ok: false, error: { message: `YAML syntax error at line ${line}, column ${column}: ${e.reason}`, line, column } };
    }
    return { ok: false, error: { message: `YAML syntax error: ${(error as Error).message}` } };
  }
  if (!isPlainObject(doc)) return { ok: false, error: { message: 'The document must be a Canary object (apiVersion, kind, metadata, spec)' } };
  const metadata = doc.metadata ?? {};
  if (!isPlainObject(metadata)) return { ok: false, error: { message: 'metadata: must be an object with name and namespace' } };
  const spec = doc.spec ?? {};
  if (!isPlainObject(spec)) return { ok: false, error: { message: 'spec: must be an object' } };
  const labels = metadata.labels ?? {};
  if (!isPlainObject(labels)) return { ok: false, error: { message: 'metadata.labels: must be a map of strings' } };
  return {
    ok: true,
    model: {
      name: metadata.name === undefined || metadata.name === null ? '' : String(metadata.name),
      namespace: metadata.namespace === undefined || metadata.namespace === null ? DEFAULT_NAMESPACE : String(metadata.namespace),
      labels: Object.entries(labels).map(([key, value]) => ({ key, value: value === null || value === undefined ? '' : String(value) })),
      spec,
    },
  };
}

// --- Checks ------------------------------------------------------------------------------------------------------

export interface CheckGroup {
  type: string;
  checks: CheckSpecValue[];
}

/** The spec's check lists in the editor's type order; lists that are not lists of objects are left to the Code tab. */
export function checkGroups(spec: Record<string, unknown>): CheckGroup[] {
  const groups: CheckGroup[] = [];
  for (const type of CHECK_TYPES_IN_EDITOR) {
    const list = spec[type];
    if (Array.isArray(list) && list.length) groups.push({ type, checks: list.map((item) => (isPlainObject(item) ? item : {})) });
  }
  return groups;
}

export function checkCount(spec: Record<string, unknown>): number {
  return checkGroups(spec).reduce((sum, group) => sum + group.checks.length, 0);
}

export function addCheck(spec: Record<string, unknown>, type: string, check: CheckSpecValue = { name: '' }): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]) : [];
  return { ...spec, [type]: [...list, check] };
}

export function replaceCheck(spec: Record<string, unknown>, type: string, index: number, check: CheckSpecValue): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? [...(spec[type] as unknown[])] : [];
  list[index] = check;
  return { ...spec, [type]: list };
}

/** Removes a check; an emptied list leaves the spec. */
export function removeCheck(spec: Record<string, unknown>, type: string, index: number): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]).filter((_, i) => i !== index) : [];
  const next = { ...spec };
  if (list.length) next[type] = list;
  else delete next[type];
  return next;
}

export function checkToYaml(check: CheckSpecValue): string {
  return yaml.dump(check, DUMP_OPTIONS);
}

// --- Field paths (`filter.regex`) ---------------------------------------------------------------------------------

export function getPath(object: Record<string, unknown>, path: string): unknown {
  let current: unknown = object;
  for (const part of path.split('.')) {
    if (!isPlainObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** Immutable set; `undefined` removes the key and any object it leaves empty. */
export function setPath(object: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const next = { ...object };
  if (!rest.length) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = setPath(isPlainObject(object[head]) ? object[head] : {}, rest.join('.'), value);
  if (Object.keys(child).length) next[head] = child;
  else delete next[head];
  return next;
}

// --- Field values -------------------------------------------------------------------------------------------------

export const REQUIRED_MESSAGE = 'This field is required';
export const NOT_A_NUMBER_MESSAGE = 'This field must be a number';
export const NEGATIVE_MESSAGE = 'This field must be 0 or more';

/** A number field's text → the stored value: a number when it is one, the text otherwise (kept, and flagged). */
export function numberFromText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : text;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** The message of a field's value, or null (spec 03 §5: required and numeric rules, numbers ≥ 0). */
export function fieldProblem(field: { kind: string; required?: boolean }, value: unknown): string | null {
  if (field.kind === 'secret') {
    if (field.required && isBlank(secretOf(value).value) && secretOf(value).source === 'static') return REQUIRED_MESSAGE;
    return null;
  }
  if (isBlank(value)) return field.required ? REQUIRED_MESSAGE : null;
  if (field.kind === 'number') {
    if (typeof value !== 'number') return NOT_A_NUMBER_MESSAGE;
    if (value < 0) return NEGATIVE_MESSAGE;
  }
  return null;
}

// --- Secret-or-value fields ---------------------------------------------------------------------------------------

export type SecretSource = 'static' | 'configMap' | 'secret';
export const SECRET_SOURCES: readonly { value: SecretSource; label: string }[] = [
  { value: 'static', label: 'Static' },
  { value: 'configMap', label: 'Config Map' },
  { value: 'secret', label: 'Secret' },
];

export interface SecretFieldState {
  source: SecretSource;
  /** Static value. */
  value: string;
  /** Config map or secret reference. */
  name: string;
  key: string;
}

/** A stored `{value}` | `{valueFrom: {configMapKeyRef|secretKeyRef: {name, key}}}` (or a bare string) → the field's state. */
export function secretOf(stored: unknown): SecretFieldState {
  if (typeof stored === 'string' || typeof stored === 'number') return { source: 'static', value: String(stored), name: '', key: '' };
  if (isPlainObject(stored)) {
    const from = stored.valueFrom;
    if (isPlainObject(from)) {
      const ref = isPlainObject(from.secretKeyRef) ? from.secretKeyRef : isPlainObject(from.configMapKeyRef) ? from.configMapKeyRef : null;
      if (ref) {
        return {
          source: isPlainObject(from.secretKeyRef) ? 'secret' : 'configMap',
          value: '',
          name: ref.name === undefined ? '' : String(ref.name),
          key: ref.key === undefined ? '' : String(ref.key),
        };
      }
    }
    if (stored.value !== undefined && stored.value !== null) return { source: 'static', value: String(stored.value), name: '', key: '' };
  }
  return { source: 'static', value: '', name: '', key: '' };
}

/** The field's state → what is stored; an empty static value is no value at all. */
export function secretToStored(state: SecretFieldState): unknown {
  if (state.source === 'static') return state.value ? { value: state.value } : undefined;
  const ref = state.source === 'secret' ? 'secretKeyRef' : 'configMapKeyRef';
  return { valueFrom: { [ref]: { name: state.name, key: state.key } } };
}

/** Changing the source clears the other source's values (spec 03). */
export function withSecretSource(state: SecretFieldState, source: SecretSource): SecretFieldState {
  if (source === state.source) return state;
  return { source, value: '', name: '', key: '' };
}

// --- Expressions --------------------------------------------------------------------------------------------------

export const EXPRESSION_FIELDS = [
  { name: 'test', label: 'Test' },
  { name: 'display', label: 'Display' },
  { name: 'transform', label: 'Transform' },
] as const;

/** A stored expression field as the editor shows it: its language (null: None) and text. */
export interface ExpressionState {
  language: CheckExpressionLanguage | null;
  text: string;
}

/** `{expr}`, `{javascript}`, `{jsonPath}`, `{template}` or a bare (CEL) string → language and text. */
export function expressionOf(stored: unknown): ExpressionState {
  if (typeof stored === 'string') return { language: 'cel', text: stored };
  if (isPlainObject(stored)) {
    for (const [language, key] of Object.entries(CHECK_EXPRESSION_KEYS) as Array<[CheckExpressionLanguage, string]>) {
      if (typeof stored[key] === 'string') return { language, text: stored[key] as string };
    }
  }
  return { language: null, text: '' };
}

/** Back to the stored shape: one key for the chosen language (switching drops the previous one); None → nothing. */
export function expressionToStored(state: ExpressionState): unknown {
  return state.language ? { [CHECK_EXPRESSION_KEYS[state.language]]: state.text } : undefined;
}

/** The Authentication selector (spec 03): None, Basic, NTLM, NTLMv2 over username/password and the NTLM flags. */
export const AUTHENTICATION_CHOICES = ['None', 'Basic', 'NTLM', 'NTLMv2'] as const;
export type AuthenticationChoice = (typeof AUTHENTICATION_CHOICES)[number];

export function authenticationOf(check: Record<string, unknown>): AuthenticationChoice {
  if (check.ntlmv2 === true) return 'NTLMv2';
  if (check.ntlm === true) return 'NTLM';
  return check.username !== undefined || check.password !== undefined ? 'Basic' : 'None';
}

/** The check with another authentication: None clears the credentials; NTLM/NTLMv2 set their flag, Basic neither. */
export function withAuthentication(check: CheckSpecValue, choice: AuthenticationChoice): CheckSpecValue {
  const { ntlm: _ntlm, ntlmv2: _ntlmv2, ...rest } = check;
  if (choice === 'None') {
    const { username: _u, password: _p, ...bare } = rest;
    return bare as CheckSpecValue;
  }
  const credentials = { ...rest, username: rest.username ?? '' } as CheckSpecValue;
  if (choice === 'NTLM') return { ...credentials, ntlm: true };
  if (choice === 'NTLMv2') return { ...credentials, ntlmv2: true };
  return credentials;
}

// --- Whole-form check before saving -------------------------------------------------------------------------------

export type FieldRule = { name: string; label: string; kind: string; required?: boolean };

/**
 * What the form would flag, as `<where>: <message>`: the canary name, then each check's fields of the types with
 * an editor form. Types edited as YAML only are left to the gateway's validation.
 */
export function formProblems(model: CanaryModel, fieldsByType: ReadonlyMap<string, readonly FieldRule[]>, typeLabel: (type: string) => string): string[] {
  const problems: string[] = [];
  if (!model.name.trim()) problems.push(`Name: ${REQUIRED_MESSAGE}`);
  for (const group of checkGroups(model.spec)) {
    const fields = fieldsByType.get(group.type);
    if (!fields) continue;
    group.checks.forEach((check, index) => {
      for (const field of fields) {
        const problem = fieldProblem(field, getPath(check, field.name));
        if (problem) problems.push(`${typeLabel(group.type)} check ${index + 1}, ${field.label}: ${problem}`);
      }
    });
  }
  return problems;
}
