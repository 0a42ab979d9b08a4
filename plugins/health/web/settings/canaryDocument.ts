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
import { entriesToLabels } from '@web/core/editor/LabelsEditor';
import {
  type ResourceModel,
  type ResourceParseResult,
  SCHEDULE_OPTIONS,
  addSpecEntry,
  isPlainObject,
  parseResourceYaml,
  removeSpecEntry,
  resourceYaml,
  specEntryCount,
  specEntryGroups,
  specEntryToYaml,
} from '@web/core/editor/resourceDocument';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE, REQUIRED_MESSAGE, isBlank, numberFromText } from '@web/core/forms/fieldValues';

export { AUTHENTICATION_CHOICES, authenticationOf, withAuthentication, type AuthenticationChoice } from '@web/core/forms/fieldValues';
export { CANARY_API_VERSION, CANARY_KIND, NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE, REQUIRED_MESSAGE, isBlank, numberFromText };
export { SCHEDULE_OPTIONS, isPlainObject };

/**
 * The canary editor's one model and its YAML document (spec 03 health check editors): the core resource document
 * (`@web/core/editor/resourceDocument`) with the Canary kind. The document's rules are the shared ones
 * (contracts/src/canary-spec.ts), run with the check types registered on `health.checkTypes`.
 */
export const DEFAULT_NAMESPACE = CANARY_DEFAULT_NAMESPACE;
export const DEFAULT_SCHEDULE = '@every 5m';

/** The canary spec: `schedule` and one list per check type (`http: [...]`). */
export type CanaryModel = ResourceModel;

export type CheckSpecValue = Record<string, unknown>;

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
  return resourceYaml({ apiVersion: CANARY_API_VERSION, kind: CANARY_KIND }, input, input.spec);
}

export type { YamlProblem };

export type ParseResult = ResourceParseResult;

/**
 * YAML text → the model. Only what the editor cannot represent is an error here (bad syntax, a document that
 * is not a Canary-shaped object); everything else is the gateway's validation.
 */
export function parseCanaryYaml(text: string): ParseResult {
  return parseResourceYaml(text, { kind: CANARY_KIND, defaultNamespace: DEFAULT_NAMESPACE });
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
  return specEntryGroups(spec, knownTypes).map(({ type, entries }) => ({ type, checks: entries }));
}

export const checkCount = specEntryCount;

export function addCheck(spec: Record<string, unknown>, type: string, check: CheckSpecValue = { name: '' }): Record<string, unknown> {
  return addSpecEntry(spec, type, check);
}

export function replaceCheck(spec: Record<string, unknown>, type: string, index: number, check: CheckSpecValue): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? [...(spec[type] as unknown[])] : [];
  list[index] = check;
  return { ...spec, [type]: list };
}

/** Removes a check; an emptied list leaves the spec. */
export const removeCheck = removeSpecEntry;
export const checkToYaml = specEntryToYaml;

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
