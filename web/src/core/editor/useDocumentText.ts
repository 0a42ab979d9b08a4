import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import type { ResourceModel, ResourceParseResult } from './resourceDocument';
import type { YamlProblem } from './yamlEditorTypes';

/**
 * What the user typed in the Code tab: kept as typed while it does not parse, or while the form still holds what it
 * parsed to (`yaml`: that model written out); once the form changes, the Code tab shows the form's document again.
 */
interface TypedText {
  text: string;
  parseError: YamlProblem | null;
  yaml: string | null;
}

export interface DocumentTextOptions {
  /** The stored resource (its name and namespace cannot change); null: a new one. */
  stored: { name: string; namespace: string } | null;
  /** The stored document as written (comments and order kept), shown until the form changes; none: the form's. */
  storedText?: string | null;
  /** `canary`, `scraper`: said when the text renames the stored resource. */
  noun: string;
  toYaml(model: ResourceModel): string;
  parse(text: string): ResourceParseResult;
  /** The form validates as typed: a parsed text keeps the submitted state and is checked at once. */
  validates: boolean;
  /** Called when a text parses into the form (the Code tab clears its "fix the YAML first" notice). */
  onParsed(): void;
}

export interface DocumentText {
  /** The Code tab's text: as typed, or the form's document. */
  text: string;
  parseError: YamlProblem | null;
  /** The Code tab's edit: parsed back into the form whenever it parses. */
  setText(next: string): void;
}

/** The one document of a Form/Code editor: the form's model written out, or the Code tab's text while it is the newer. */
export function useDocumentText(form: UseFormReturn<ResourceModel>, options: DocumentTextOptions): DocumentText {
  const { stored, storedText, noun, toYaml, parse, validates, onParsed } = options;
  useWatch({ control: form.control });
  const formText = toYaml(form.getValues());
  const [typed, setTyped] = useState<TypedText | null>(() => (storedText ? { text: storedText, parseError: null, yaml: formText } : null));
  const current = typed && (typed.parseError || typed.yaml === formText) ? typed : null;

  const setText = (next: string) => {
    const parsed = parse(next);
    if (!parsed.ok) return setTyped({ text: next, parseError: parsed.error, yaml: null });
    if (stored && (parsed.model.name !== stored.name || parsed.model.namespace !== stored.namespace)) {
      const message = `metadata.name and metadata.namespace of an existing ${noun} cannot change (${stored.namespace}/${stored.name})`;
      return setTyped({ text: next, parseError: { message }, yaml: null });
    }
    onParsed();
    if (validates) {
      form.reset(parsed.model, { keepIsSubmitted: true });
      void form.trigger();
    } else form.reset(parsed.model);
    setTyped({ text: next, parseError: null, yaml: toYaml(parsed.model) });
  };

  return { text: current?.text ?? formText, parseError: current?.parseError ?? null, setText };
}
