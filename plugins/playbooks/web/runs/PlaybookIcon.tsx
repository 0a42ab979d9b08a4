import { makeStyles, tokens } from '@fluentui/react-components';
import { BookOpen16Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  icon: { display: 'inline-flex', flexShrink: 0, width: '16px', height: '16px', color: tokens.colorNeutralForeground3 },
});

/**
 * A playbook's icon: an image when the spec names one by address (http, https or a data URL), else the playbooks
 * icon (named icons have no set of their own in the console).
 */
export function PlaybookIcon({ icon }: { icon: string | null | undefined }) {
  const styles = useStyles();
  if (icon && /^(https?:\/\/|data:image\/)/i.test(icon)) return <img className={styles.icon} src={icon} alt="" aria-hidden />;
  return <BookOpen16Regular className={styles.icon} aria-hidden />;
}
