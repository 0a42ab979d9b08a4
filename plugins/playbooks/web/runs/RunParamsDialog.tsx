import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { PlaybookRunDetail } from '@contracts';
import { Dialog } from '@web/core/components/Dialog';
import { UserText } from '@web/core/components/UserText';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, fontFamily: tokens.fontFamilyMonospace },
});

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The parameters the run was started with, labelled as the playbook names them. */
export function RunParamsDialog({ run, open, onClose }: { run: PlaybookRunDetail; open: boolean; onClose(): void }) {
  const styles = useStyles();
  const labels = new Map((run.playbook?.spec.parameters ?? []).map((param) => [param.name, param.label || param.name]));
  const entries = Object.entries(run.parameters ?? {});
  return (
    <Dialog open={open} title="Parameters" onClose={onClose} size="small">
      {entries.length === 0 ? (
        <Body1>This run has no parameters.</Body1>
      ) : (
        <dl className={styles.list} data-testid="run-params">
          {entries.map(([name, value]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt className={styles.term}>{labels.get(name) ?? name}</dt>
              <dd className={styles.value}>
                <UserText>{asText(value)}</UserText>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
