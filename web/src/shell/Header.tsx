import { Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Alert24Regular, ArrowClockwise24Regular, Pulse24Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { HelpMenu } from './HelpMenu';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '48px',
    paddingInline: tokens.spacingHorizontalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    flexShrink: 0,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    cursor: 'pointer',
    background: 'none',
    border: 'none',
    padding: 0,
  },
  spacer: { flexGrow: 1 },
});

/** Refresh, notifications, help and the user menu (spec 01 §1). */
export function Header() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return (
    <header className={styles.root}>
      <button type="button" className={styles.brand} onClick={() => navigate('/')} aria-label="Home">
        <Pulse24Regular />
        <Text weight="semibold" size={400}>
          Operations Console
        </Text>
      </button>
      <span className={styles.spacer} />
      <Tooltip content="Refresh" relationship="label">
        <Button appearance="subtle" icon={<ArrowClockwise24Regular />} onClick={() => void mutate(() => true)} />
      </Tooltip>
      <Tooltip content="Notifications" relationship="label">
        <Button
          as="a"
          href="/notifications"
          appearance="subtle"
          icon={<Alert24Regular />}
          onClick={(event) => {
            event.preventDefault();
            navigate('/notifications');
          }}
        />
      </Tooltip>
      <HelpMenu />
      <UserMenu />
    </header>
  );
}
