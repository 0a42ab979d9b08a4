import { YAMLParseError, parse } from 'yaml';
import { z } from 'zod';
import { FIELD_REQUIRED, PLAYBOOK_API_VERSION, PLAYBOOK_KIND } from '@contracts';
import type { LabelEntry } from '@web/core/editor/LabelsEditor';
import { isPlainObject, parseResourceYaml, resourceYaml, specEntryToYaml } from '@web/core/editor/resourceDocument';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';

/**
 * The spec form's values and the Playbook document they write (spec 02: name, title, icon, description, category and
 * the spec as YAML; title and spec required). The look fields live in the document's `spec`; the form's Spec field
 * holds the rest of it (actions, parameters, resource selectors...). The Code tab edits the whole document.
 */
export interface PlaybookFormValues {
  name: string;
  namespace: string;
  /** Kept from the document (the form does not show them). */
  labels: LabelEntry[];
  title: string;
  icon: string;
  description: string;
  category: string;
  /** The rest of the spec, as YAML. */
  spec: string;
}

const LOOK_FIELDS = ['title', 'icon', 'description', 'category'] as const;
export const DEFAULT_NAMESPACE = 'default';

export const newPlaybookValues = (): PlaybookFormValues => ({
  name: '',
  namespace: DEFAULT_NAMESPACE,
  labels: [],
  title: '',
  icon: '',
  description: '',
  category: '',
  spec: '',
});

/**
 * The Spec field of a new playbook: a short spec that saves as it is, for an editor too (an http action, not exec,
 * which needs an admin), with comments saying what to change. Run, it calls example.com (allowed by the outbound
 * policy). The comments guide the editor only: the saved document is the spec they describe.
 */
export const STARTER_SPEC = `# A starter: edit it, or replace it ("Add action" adds an action of any type).
# The resources it runs against (configs, checks or components; none: it runs without one), e.g.
# configs:
#   - types: ['Kubernetes::Pod']
parameters:
  - name: message
    label: Message
    default: hello
actions:
  - name: call-service
    http:
      # Replace with your service's address (https://, http:// or connection://<name>).
      url: https://example.com/
      method: GET
      headers:
        # A template: the run's value of the parameter.
        X-Message: '{{ .params.message }}'
`;

/** The spec form's values for a new playbook: empty but for the starter Spec. */
export const starterPlaybookValues = (): PlaybookFormValues => ({ ...newPlaybookValues(), spec: STARTER_SPEC });

export type SpecTextResult = { ok: true; spec: Record<string, unknown> } | { ok: false; error: YamlProblem };

/** The Spec field's text → the rest of the spec ('' is an empty one: the form's required rule speaks for it). */
export function parseSpecText(text: string): SpecTextResult {
  if (!text.trim()) return { ok: true, spec: {} };
  let value: unknown;
  try {
    value = parse(text, { schema: 'core', logLevel: 'error' });
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    return position
      ? {
          ok: false,
          error: { message: `YAML syntax error at line ${position.line}, column ${position.col}: ${reason}`, line: position.line, column: position.col },
        }
      : { ok: false, error: { message: `YAML syntax error: ${reason}` } };
  }
  if (value === null || value === undefined) return { ok: true, spec: {} };
  if (!isPlainObject(value)) return { ok: false, error: { message: 'The spec must be a YAML object (actions, parameters, configs...)' } };
  return { ok: true, spec: value };
}

/** The form's rules (react-hook-form + zod): title and spec required, the spec a YAML object. */
export const playbookFormSchema = z.object({
  name: z.string(),
  namespace: z.string(),
  labels: z.array(z.object({ key: z.string(), value: z.string() })),
  title: z.string().trim().min(1, FIELD_REQUIRED),
  icon: z.string(),
  description: z.string(),
  category: z.string(),
  spec: z
    .string()
    .trim()
    .min(1, FIELD_REQUIRED)
    .superRefine((text, ctx) => {
      const parsed = parseSpecText(text);
      if (!parsed.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.message });
    }),
});

export type DocumentResult = { ok: true; text: string } | { ok: false; error: YamlProblem };

/** The whole document the form's values make; not while the Spec field does not parse. */
export function playbookYaml(values: PlaybookFormValues): DocumentResult {
  const rest = parseSpecText(values.spec);
  if (!rest.ok) return rest;
  const spec: Record<string, unknown> = {};
  // The form's field wins; a look field written into the Spec text is kept when the form's is empty.
  for (const key of LOOK_FIELDS) {
    const value = values[key] || rest.spec[key];
    if (value !== undefined && value !== '') spec[key] = value;
  }
  for (const [key, value] of Object.entries(rest.spec)) if (!(LOOK_FIELDS as readonly string[]).includes(key)) spec[key] = value;
  const text = resourceYaml(
    { apiVersion: PLAYBOOK_API_VERSION, kind: PLAYBOOK_KIND },
    { name: values.name, namespace: values.namespace, labels: values.labels },
    spec,
  );
  return { ok: true, text };
}

export type ValuesResult = { ok: true; values: PlaybookFormValues } | { ok: false; error: YamlProblem };

/** A Playbook document → the form's values (its look fields taken out of the spec). */
export function playbookValues(text: string): ValuesResult {
  const parsed = parseResourceYaml(text, { kind: PLAYBOOK_KIND, defaultNamespace: DEFAULT_NAMESPACE });
  if (!parsed.ok) return parsed;
  const { name, namespace, labels, spec } = parsed.model;
  const rest = Object.fromEntries(Object.entries(spec).filter(([key]) => !(LOOK_FIELDS as readonly string[]).includes(key)));
  const look = (key: (typeof LOOK_FIELDS)[number]) => (spec[key] === undefined || spec[key] === null ? '' : String(spec[key]));
  return {
    ok: true,
    values: {
      name,
      namespace,
      labels,
      title: look('title'),
      icon: look('icon'),
      description: look('description'),
      category: look('category'),
      spec: Object.keys(rest).length ? specEntryToYaml(rest) : '',
    },
  };
}

/** The Spec text with one more action (the "Add action" helper); null when the text does not parse. */
export function addActionToSpec(text: string, type: string, fields: readonly { name: string; required?: boolean }[] = []): string | null {
  const parsed = parseSpecText(text);
  if (!parsed.ok) return null;
  const actions = Array.isArray(parsed.spec.actions) ? parsed.spec.actions : [];
  const body = Object.fromEntries(fields.filter((field) => field.required && !field.name.includes('.')).map((field) => [field.name, '']));
  const action = { name: `${type}-${actions.length + 1}`, [type]: body };
  return specEntryToYaml({ ...parsed.spec, actions: [...actions, action] });
}
