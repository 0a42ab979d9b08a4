import { Suspense, lazy } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Loading } from '@web/core/components/Loading';
import { describeProblem } from '@web/core/editor/YamlCodeTab';
import { type ValidationError, useYamlValidation } from '@web/core/editor/useYamlValidation';
import type { EditorMarker, YamlProblem } from '@web/core/editor/yamlEditorTypes';
import { validatePlaybook } from './playbooksApi';

const YamlEditor = lazy(() => import('@web/core/editor/YamlEditor'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorPaletteRedForeground1 },
});

export interface PlaybookCodeTabProps {
  text: string;
  onChange(text: string): void;
  parseError: YamlProblem | null;
  /** The last save's 400 problems, marked on their lines while the text is the one that was sent. */
  saveErrors: readonly ValidationError[];
}

/**
 * The spec form's Code tab: the whole Playbook document in Monaco, checked by `POST /api/playbooks/validate` as the
 * user types (core's useYamlValidation), with the parse error and the save's problems marked on their lines.
 */
export function PlaybookCodeTab({ text, onChange, parseError, saveErrors }: PlaybookCodeTabProps) {
  const styles = useStyles();
  const validation = useYamlValidation(text, !parseError, validatePlaybook);
  // The save's answer is the newer until the validation of the same text arrives (same rules, same lines).
  const errors = validation.errors.length ? validation.errors : saveErrors;
  const markers: EditorMarker[] = [
    ...(parseError?.line ? [{ message: parseError.message, line: parseError.line, column: parseError.column }] : []),
    ...errors.filter((error) => error.line !== undefined).map((error) => ({ message: error.message, line: error.line as number, column: error.column })),
  ];

  return (
    <div className={styles.root}>
      <Suspense fallback={<Loading label="Loading editor..." />}>
        <YamlEditor value={text} onChange={onChange} markers={markers} ariaLabel="Playbook YAML" />
      </Suspense>
      {parseError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{parseError.message}</MessageBarBody>
        </MessageBar>
      )}
      {errors.length > 0 && (
        <ul className={styles.errors} aria-label="Validation errors">
          {errors.map((error, index) => (
            <li key={index}>{describeProblem(error)}</li>
          ))}
        </ul>
      )}
      {validation.failure && (
        <MessageBar intent="warning">
          <MessageBarBody>Could not validate the document: {validation.failure}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
