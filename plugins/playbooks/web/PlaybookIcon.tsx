import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { BookOpen16Regular, BookOpen20Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  icon: { display: 'inline-flex', flexShrink: 0, objectFit: 'contain' },
  // In a table row or a header line: the size of the text, and quieter than it.
  small: { width: '16px', height: '16px', color: tokens.colorNeutralForeground3 },
  regular: { width: '20px', height: '20px' },
});

/** An icon that is an address (http(s), a data image or a path of this site) is drawn as an image. */
const isImageAddress = (icon: string) => /^(https?:\/\/|data:image\/|\/)/i.test(icon);

/**
 * A playbook's icon (cards, menus, the run dialog, the runs list and a run's header): the image its `icon` points at,
 * else the playbooks icon (named icons of other icon sets are not drawn: the app has one icon set).
 */
export function PlaybookIcon({ icon, size = 20 }: { icon: string | null | undefined; size?: 16 | 20 }) {
  const styles = useStyles();
  const className = mergeClasses(styles.icon, size === 16 ? styles.small : styles.regular);
  if (icon && isImageAddress(icon)) return <img className={className} src={icon} alt="" aria-hidden />;
  const Icon = size === 16 ? BookOpen16Regular : BookOpen20Regular;
  return <Icon className={className} aria-hidden />;
}
