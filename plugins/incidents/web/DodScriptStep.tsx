import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { evidenceLabel } from './allEvidences';
import { DOD_SCRIPTS, SCRIPT_CONTEXT_LINES } from './dodScripts';
import type { Evidence } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  script: { fontFamily: tokens.fontFamilyMonospace },
});

export interface DodScriptStepProps {
  evidences: readonly Evidence[];
  scripts: Record<string, string>;
  onChange(id: string, script: string): void;
}

/** Step 3 of the wizard: an optional script per chosen evidence. */
export function DodScriptStep({ evidences, scripts, onChange }: DodScriptStepProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {evidences.map((evidence) => (
        <Field key={evidence.id} label={`Script for ${evidenceLabel(evidence)} (optional)`}>
          <Textarea
            className={styles.script}
            rows={SCRIPT_CONTEXT_LINES}
            resize="vertical"
            value={scripts[evidence.id] ?? ''}
            onChange={(_, data) => onChange(evidence.id, data.value)}
          />
          {evidence.type === 'topology' && (
            <Button size="small" appearance="subtle" onClick={() => onChange(evidence.id, DOD_SCRIPTS.componentHealthy)}>
              component is healthy
            </Button>
          )}
        </Field>
      ))}
    </div>
  );
}
