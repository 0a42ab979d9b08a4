import { Suspense, lazy } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Loading } from '@web/core/components/Loading';
import type { YamlProblem } from './canaryDocument';
import { useCanaryValidation, type ValidationError } from './useCanaryValidation';
import type { EditorMarker } from './yamlEditorTypes';

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

export interface CanaryCodeTabProps {
  text: string;
  onChange(text: string): void;
  parseError: YamlProblem | null;
  readOnly: boolean;
}

/** The Code tab: the whole Canary document in Monaco, checked by the server as the user types. */
export function CanaryCodeTab({ text, onChange, parseError, readOnly }: CanaryCodeTabProps) {
  const styles = useStyles();
  const validation = useCanaryValidation(text, !parseError && !readOnly);
  const errors: ValidationError[] = validation.errors;
  const markers: EditorMarker[] = [
    ...(parseError?.line ? [{ message: parseError.message, line: parseError.line, column: parseError.column }] : []),
    ...errors.filter((e) => e.line !== undefined).map((e) => ({ message: e.message, line: e.line as number, column: e.column })),
  ];

  return (
    <div className={styles.root}>
      <Suspense fallback={<Loading label="Loading editor..." />}>
        <YamlEditor value={text} onChange={onChange} markers={markers} readOnly={readOnly} ariaLabel="Canary YAML" />
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
