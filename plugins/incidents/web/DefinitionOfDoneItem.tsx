import { Body1, Button, Caption1, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Circle16Regular, Delete16Regular } from '@fluentui/react-icons';
import { evidenceLabel } from './allEvidences';
import type { Evidence } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { flexGrow: 1 },
  script: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface DefinitionOfDoneItemProps {
  evidence: Evidence;
  canWrite: boolean;
  onToggleDone(): void;
  onRemove(): void;
}

/** One definition-of-done item: done state, its script and the script's last error. */
export function DefinitionOfDoneItem({ evidence, canWrite, onToggleDone, onRemove }: DefinitionOfDoneItemProps) {
  const styles = useStyles();
  return (
    <li className={styles.root} data-testid="dod-item" data-done={evidence.done}>
      <div className={styles.row}>
        {evidence.done ? <CheckmarkCircle16Filled aria-label="Done" /> : <Circle16Regular aria-label="Not done" />}
        <Body1 className={styles.label}>{evidenceLabel(evidence)}</Body1>
        {canWrite && (
          <>
            <Button size="small" appearance="subtle" onClick={onToggleDone}>
              {evidence.done ? 'Mark as not resolved' : 'Mark as resolved'}
            </Button>
            <Tooltip content="Remove from definition of done" relationship="label">
              <Button size="small" appearance="subtle" icon={<Delete16Regular />} onClick={onRemove} />
            </Tooltip>
          </>
        )}
      </div>
      {evidence.script && <code className={styles.script}>{evidence.script}</code>}
      {evidence.script_error && (
        <Caption1 className={styles.error} role="alert">
          {evidence.script_error}
        </Caption1>
      )}
    </li>
  );
}
