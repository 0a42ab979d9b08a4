import { Spinner, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingVerticalXXL, flexGrow: 1 },
});

/** Placeholder while something loads. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="loading" role="status">
      <Spinner size="medium" label={label} />
    </div>
  );
}
