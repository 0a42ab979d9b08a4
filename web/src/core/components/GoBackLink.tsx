import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft16Regular } from '@fluentui/react-icons';
import { AppLink } from './AppLink';

const useStyles = makeStyles({
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** 'Go back' always leads home (spec 01 §2: `/` is the target of every Go back link). */
export function GoBackLink({ to = '/' }: { to?: string }) {
  const styles = useStyles();
  return (
    <AppLink to={to} className={styles.link}>
      <ArrowLeft16Regular />
      Go back
    </AppLink>
  );
}
