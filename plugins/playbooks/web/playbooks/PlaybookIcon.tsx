import { makeStyles } from '@fluentui/react-components';
import { BookOpen20Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  image: { width: '20px', height: '20px', objectFit: 'contain', flexShrink: 0 },
});

/** An icon that is an address (http(s), a data image or a path of this site) is drawn as an image. */
const isImageAddress = (icon: string) => /^(https?:\/\/|data:image\/|\/)/.test(icon);

/**
 * A playbook's icon: the image its `icon` points at, else the playbooks icon (named icons of other icon sets are not
 * drawn: the app has one icon set).
 */
export function PlaybookIcon({ icon }: { icon: string | null | undefined }) {
  const styles = useStyles();
  if (icon && isImageAddress(icon)) return <img className={styles.image} src={icon} alt="" />;
  return <BookOpen20Regular aria-hidden />;
}
