import { Suspense, lazy, useMemo } from 'react';
import { Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise24Regular, Pulse24Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
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

/** Refresh, the plugins' header items (the notifications bell), help and the user menu (spec 01 §1). */
export function Header() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const registry = usePluginRegistry();
  const access = useAccess();
  const contributions = registry.getVisibleExtensions('shell.headerItems', access);
  // Keyed by the visible ids: a new array each render must not make new lazy components (they would remount).
  const key = contributions.map((item) => `${item.owner}/${item.id}`).join(',');
  const items = useMemo(() => contributions.map((item) => ({ id: item.id, Component: lazy(item.load) })), [key]);
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
      {items.map(({ id, Component }) => (
        <Suspense key={id} fallback={null}>
          <Component />
        </Suspense>
      ))}
      <HelpMenu />
      <UserMenu />
    </header>
  );
}
