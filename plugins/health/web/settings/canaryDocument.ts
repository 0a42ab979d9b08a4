import { parse, stringify, YAMLParseError } from 'yaml';
import { z } from 'zod';
import {
  CANARY_API_VERSION,
  CANARY_DEFAULT_NAMESPACE,
  CANARY_KIND,
  CHECK_EXPRESSION_FIELDS,
  CHECK_EXPRESSION_KEYS,
  canarySpecRules,
  type CheckExpressionLanguage,
} from '@contracts';
import { type LabelEntry, entriesToLabels } from '@web/core/editor/LabelsEditor';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE, REQUIRED_MESSAGE, isBlank, numberFromText } from '@web/core/forms/fieldValues';

export { AUTHENTICATION_CHOICES, authenticationOf, withAuthentication, type AuthenticationChoice } from '@web/core/forms/fieldValues';
export { CANARY_API_VERSION, CANARY_KIND, NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE, REQUIRED_MESSAGE, isBlank, numberFromText };

/** Plain data both ways through the one YAML library: the core schema, no folding, no anchors, warnings kept quiet. */
const PARSE_OPTIONS = { schema: 'core', logLevel: 'error' } as const;
const STRINGIFY_OPTIONS = { lineWidth: 0, singleQuote: true, aliasDuplicateObjects: false } as const;

/**
 * The canary editor's one model and its YAML document (spec 03 health check editors). The Form tab edits the
 * model; the Code tab edits the text, which is parsed back into the model whenever it parses. The document's rules
 * are the shared ones (contracts/src/canary-spec.ts), run with the check types registered on `health.checkTypes`.
 */
export const DEFAULT_NAMESPACE = CANARY_DEFAULT_NAMESPACE;

/** The settings editor's schedule list (spec 03 §5). */
export const SCHEDULE_OPTIONS = ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly'] as const;
export const DEFAULT_SCHEDULE = '@every 5m';

export interface CanaryModel {
  name: string;
  namespace: string;
  /** Rows as the user sees them (a row being typed may have an empty key; it is left out of the document). */
  labels: LabelEntry[];
  /** The canary spec: `schedule` and one list per check type (`http: [...]`). */
  spec: Record<string, unknown>;
}

export type CheckSpecValue = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function newCanaryModel(): CanaryModel {
  return { name: '', namespace: DEFAULT_NAMESPACE, labels: [], spec: { schedule: DEFAULT_SCHEDULE } };
}

/** The body of `POST /api/canaries` and `PUT /api/canaries/:id`. */
export function toCanaryInput(model: CanaryModel): { name: string; namespace: string; labels: Record<string, string>; spec: Record<string, unknown> } {
  return {
    name: model.name.trim(),
    namespace: model.namespace.trim() || DEFAULT_NAMESPACE,
    labels: entriesToLabels(model.labels),
    spec: withoutEmptied(model.spec),
  };
}

/**
 * The spec without what the form cleared: keys set to nothing, and objects left empty by that (clearing
 * `filter.regex` removes `filter`). Objects and list items written empty stay as written.
 */
export function withoutEmptied(spec: Record<string, unknown>): Record<string, unknown> {
  return (prune(spec) as Record<string, unknown> | undefined) ?? {};
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? (prune(item) ?? {}) : prune(item)));
  if (!isPlainObject(value)) return value;
  const next: Record<string, unknown> = {};
  let cleared = false;
  for (const [key, item] of Object.entries(value)) {
    const kept = prune(item);
    if (kept === undefined) cleared = true;
    else next[key] = kept;
  }
  return cleared && Object.keys(next).length === 0 ? undefined : next;
}

/** The whole Canary document as YAML. */
export function toYaml(model: CanaryModel): string {
  const input = toCanaryInput(model);
  const metadata: Record<string, unknown> = { name: input.name, namespace: input.namespace };
  if (Object.keys(input.labels).length) metadata.labels = input.labels;
  return stringify({ apiVersion: CANARY_API_VERSION, kind: CANARY_KIND, metadata, spec: input.spec }, STRINGIFY_OPTIONS);
}

export type { YamlProblem };

export type ParseResult = { ok: true; model: CanaryModel } | { ok: false; error: YamlProblem };

/**
 * YAML text → the model. Only what the editor cannot represent is an error here (bad syntax, a document that
 * is not a Canary-shaped object); everything else is the gateway's validation.
 */
export function parseCanaryYaml(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = parse(text, PARSE_OPTIONS);
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    if (position) {
      const { line, col: column } = position;
      return { ok: false, error: { message: `YAML syntax error at line ${line}, column ${column}: ${reason}`, line, column } };
    }
    return { ok: false, error: { message: `YAML syntax error: ${reason}` } };
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

/**
 * The spec's check lists of the known types (the registered ones, in their order); lists that are not lists of
 * objects are left to the Code tab.
 */
export function checkGroups(spec: Record<string, unknown>, knownTypes: readonly string[]): CheckGroup[] {
  const groups: CheckGroup[] = [];
  for (const type of knownTypes) {
    const list = spec[type];
    if (Array.isArray(list) && list.length) groups.push({ type, checks: list.map((item) => (isPlainObject(item) ? item : {})) });
  }
  return groups;
}

export function checkCount(spec: Record<string, unknown>, knownTypes: readonly string[]): number {
  return checkGroups(spec, knownTypes).reduce((sum, group) => sum + group.checks.length, 0);
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
  return stringify(check, STRINGIFY_OPTIONS);
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

const EXPRESSION_LABELS: Record<(typeof CHECK_EXPRESSION_FIELDS)[number], string> = { test: 'Test', display: 'Display', transform: 'Transform' };
export const EXPRESSION_FIELDS = CHECK_EXPRESSION_FIELDS.map((name) => ({ name, label: EXPRESSION_LABELS[name] }));

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

// --- Whole-form check before saving -------------------------------------------------------------------------------

export type FieldRule = { name: string; label: string; kind: string; required?: boolean };

/** What the editor knows of a check type: its id, label and, when it has a form, its fields. */
export interface CheckTypeRules {
  id: string;
  label: string;
  fields?: readonly FieldRule[];
}

/** One problem of the form: the form field it belongs to (a react-hook-form path), where it is said to be, and why. */
export interface CanaryFormProblem {
  /** `name`, `spec.http.0.url`; `spec` for the document's rules. */
  path: string;
  /** `Name`, `HTTP check 1, URL`; empty for the document's rules (their message names the path). */
  where: string;
  message: string;
}

/**
 * What the editor refuses to send: the canary name and each check's fields of the types with a form; when those are
 * fine, the document's shared rules (contracts/src/canary-spec.ts) with the registered check types, so a type added
 * by a plugin is accepted and an unknown one refused as the gateway would.
 */
export function canaryFormProblems(model: CanaryModel, types: readonly CheckTypeRules[]): CanaryFormProblem[] {
  const problems: CanaryFormProblem[] = [];
  if (!model.name.trim()) problems.push({ path: 'name', where: 'Name', message: REQUIRED_MESSAGE });
  const knownTypes = types.map((type) => type.id);
  for (const group of checkGroups(model.spec, knownTypes)) {
    const type = types.find((t) => t.id === group.type);
    if (!type?.fields) continue;
    group.checks.forEach((check, index) => {
      for (const field of type.fields!) {
        const problem = fieldProblem(field, getPath(check, field.name));
        if (problem)
          problems.push({ path: `spec.${group.type}.${index}.${field.name}`, where: `${type.label} check ${index + 1}, ${field.label}`, message: problem });
      }
    });
  }
  if (problems.length) return problems;
  const rules = canarySpecRules(withoutEmptied(model.spec), { knownTypes });
  const messages = 'refused' in rules ? rules.refused : rules.problems;
  return messages.map((message) => ({ path: 'spec', where: '', message }));
}

/** The problems as the save error says them: `<where>: <message>`. */
export function formProblems(model: CanaryModel, types: readonly CheckTypeRules[]): string[] {
  return canaryFormProblems(model, types).map((problem) => (problem.where ? `${problem.where}: ${problem.message}` : problem.message));
}

/**
 * The editor form's zod schema (react-hook-form + zod, the app's one form stack): the problems above, each on the
 * form field it belongs to.
 */
export function canaryFormSchema(types: readonly CheckTypeRules[]) {
  return z.custom<CanaryModel>().superRefine((model, ctx) => {
    for (const problem of canaryFormProblems(model, types)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: problem.message,
        path: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      });
    }
  });
}
