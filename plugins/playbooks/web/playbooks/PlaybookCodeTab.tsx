import { YamlCodeTab } from '@web/core/editor/YamlCodeTab';
import type { ValidationError } from '@web/core/editor/useYamlValidation';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { validatePlaybook } from './playbooksApi';

export interface PlaybookCodeTabProps {
  text: string;
  onChange(text: string): void;
  parseError: YamlProblem | null;
  /** The last save's 400 problems, marked on their lines while the text is the one that was sent. */
  saveErrors: readonly ValidationError[];
}

/**
 * The spec form's Code tab: core's YAML Code tab over the whole Playbook document, checked by
 * `POST /api/playbooks/validate` as the user types, with the parse error and the save's problems marked on their lines.
 */
export function PlaybookCodeTab({ text, onChange, parseError, saveErrors }: PlaybookCodeTabProps) {
  return (
    <YamlCodeTab
      text={text}
      onChange={onChange}
      parseError={parseError}
      readOnly={false}
      ariaLabel="Playbook YAML"
      validate={validatePlaybook}
      saveErrors={saveErrors}
    />
  );
}
