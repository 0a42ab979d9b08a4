import { Suspense, lazy } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Loading } from '@web/core/components/Loading';
import { type ValidateYaml, type ValidationError, useYamlValidation } from './useYamlValidation';
import type { EditorMarker, YamlProblem } from './yamlEditorTypes';

const YamlEditor = lazy(() => import('./YamlEditor'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorPaletteRedForeground1 },
});

/** `Line 9, column 7: spec.http[0].url: required`; the path only when the message does not already name it. */
export function describeProblem(error: ValidationError): string {
  const at = [error.line !== undefined && `Line ${error.line}`, error.column !== undefined && `column ${error.column}`].filter(Boolean).join(', ');
  const message = error.path && !error.message.includes(error.path) ? `${error.path}: ${error.message}` : error.message;
  return at ? `${at}: ${message}` : message;
}

export interface YamlCodeTabProps {
  text: string;
  onChange(text: string): void;
  parseError: YamlProblem | null;
  readOnly: boolean;
  /** The editor's accessible name, e.g. 'Canary YAML'. */
  ariaLabel: string;
  validate: ValidateYaml;
  /**
   * Problems the last save answered (a 400 with lines), shown and marked until the validation of the text arrives;
   * the caller passes them only while the text is the one that was sent.
   */
  saveErrors?: readonly ValidationError[];
}

/** A Code tab: the whole document in Monaco, checked by the server as the user types (not while it does not parse). */
export function YamlCodeTab({ text, onChange, parseError, readOnly, ariaLabel, validate, saveErrors = [] }: YamlCodeTabProps) {
  const styles = useStyles();
  const validation = useYamlValidation(text, !parseError && !readOnly, validate);
  // The save's answer is the newer until the validation of the same text arrives (same rules, same lines).
  const errors: readonly ValidationError[] = validation.errors.length ? validation.errors : saveErrors;
  const markers: EditorMarker[] = [
    ...(parseError?.line ? [{ message: parseError.message, line: parseError.line, column: parseError.column }] : []),
    ...errors.filter((e) => e.line !== undefined).map((e) => ({ message: e.message, line: e.line as number, column: e.column })),
  ];

  return (
    <div className={styles.root}>
      <Suspense fallback={<Loading label="Loading editor..." />}>
        <YamlEditor value={text} onChange={onChange} markers={markers} readOnly={readOnly} ariaLabel={ariaLabel} />
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
