import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { type PlaybookFormValues, playbookValues, playbookYaml } from './playbookDocument';

/** What the user typed in the Code tab and the document the form held then (`formText`). */
interface TypedText {
  text: string;
  parseError: YamlProblem | null;
  formText: string | null;
}

export interface PlaybookText {
  /** The Code tab's text: as typed while it is the newer, else the form's document. */
  text: string;
  parseError: YamlProblem | null;
  /** Why the form's values make no document (the Spec field does not parse); null when they do. */
  formError: YamlProblem | null;
  /** A Code tab edit: parsed back into the form whenever it parses, kept as typed otherwise. */
  setText(next: string): void;
}

/**
 * The one document of the spec form (as core's useDocumentText does for ResourceModel editors): the form's values
 * written out, or the Code tab's text while it does not parse or while the form still holds what it parsed to (its
 * comments and order kept). `storedText` is an existing playbook's document as written.
 */
export function usePlaybookText(form: UseFormReturn<PlaybookFormValues>, storedText: string | null): PlaybookText {
  useWatch({ control: form.control });
  const written = playbookYaml(form.getValues());
  const formText = written.ok ? written.text : null;
  const [typed, setTyped] = useState<TypedText | null>(() => (storedText ? { text: storedText, parseError: null, formText } : null));
  const current = typed && (typed.parseError || typed.formText === formText) ? typed : null;

  const setText = (next: string) => {
    const parsed = playbookValues(next);
    if (!parsed.ok) return setTyped({ text: next, parseError: parsed.error, formText: null });
    form.reset(parsed.values, { keepIsSubmitted: true, keepTouched: true });
    if (form.formState.isSubmitted) void form.trigger();
    const rewritten = playbookYaml(parsed.values);
    setTyped({ text: next, parseError: null, formText: rewritten.ok ? rewritten.text : null });
  };

  return {
    text: current?.text ?? formText ?? '',
    parseError: current?.parseError ?? null,
    formError: written.ok ? null : written.error,
    setText,
  };
}
