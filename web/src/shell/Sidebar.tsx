import { useEffect, useRef } from 'react';
import { Button, Caption1Strong, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PanelLeftContract20Regular, PanelLeftExpand20Regular } from '@fluentui/react-icons';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { SidebarLink } from './SidebarLink';

/** Below this width a click outside the expanded sidebar collapses it. */
export const SIDEBAR_AUTO_COLLAPSE_WIDTH = 1024;
export const SIDEBAR_STORAGE_KEY = 'console.sidebar.collapsed';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    width: '232px',
    flexShrink: 0,
    padding: tokens.spacingHorizontalS,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowY: 'auto',
    transitionProperty: 'width',
    transitionDuration: tokens.durationFast,
  },
  collapsed: { width: '56px' },
  toggle: { alignSelf: 'flex-end' },
  section: { paddingInline: tokens.spacingHorizontalM, paddingTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, listStyle: 'none', margin: 0, padding: 0 },
});

/** Navigation built only from the registry's `nav` contributions the user may see. */
export function Sidebar() {
  const styles = useStyles();
  const registry = usePluginRegistry();
  const access = useAccess();
  const [collapsed, setCollapsed] = useLocalStorage(SIDEBAR_STORAGE_KEY, false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (collapsed) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (window.innerWidth >= SIDEBAR_AUTO_COLLAPSE_WIDTH) return;
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) setCollapsed(true);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [collapsed, setCollapsed]);

  const items = access.ready ? registry.getVisibleExtensions('nav', access) : [];
  const main = items.filter((item) => item.section === 'main');
  const settings = items.filter((item) => item.section === 'settings');

  return (
    <nav ref={ref} aria-label="Main navigation" className={mergeClasses(styles.root, collapsed && styles.collapsed)} data-collapsed={collapsed}>
      <Tooltip content={collapsed ? 'Expand navigation' : 'Collapse navigation'} relationship="label">
        <Button
          className={styles.toggle}
          appearance="subtle"
          icon={collapsed ? <PanelLeftExpand20Regular /> : <PanelLeftContract20Regular />}
          onClick={() => setCollapsed((value) => !value)}
        />
      </Tooltip>
      <ul className={styles.list}>
        {main.map((item) => (
          <li key={item.id}>
            <SidebarLink item={item} collapsed={collapsed} />
          </li>
        ))}
      </ul>
      {settings.length > 0 && (
        <>
          {!collapsed && <Caption1Strong className={styles.section}>Settings</Caption1Strong>}
          <ul className={styles.list} aria-label="Settings">
            {settings.map((item) => (
              <li key={item.id}>
                <SidebarLink item={item} collapsed={collapsed} />
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
