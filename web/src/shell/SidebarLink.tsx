import { Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { NavLink } from 'react-router';
import type { NavItemExtension } from '@web/core/plugin-host';

const useStyles = makeStyles({
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '36px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '20px', display: 'flex', flexShrink: 0 },
  collapsed: { justifyContent: 'center', paddingInline: 0 },
});

/** One navigation entry; icon only (with the title as its accessible name) when collapsed. */
export function SidebarLink({ item, collapsed }: { item: NavItemExtension; collapsed: boolean }) {
  const styles = useStyles();
  const Icon = item.icon;
  const link = (
    <NavLink
      to={item.path}
      aria-label={collapsed ? item.title : undefined}
      data-testid={`nav-${item.id}`}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active, collapsed && styles.collapsed)}
    >
      <span className={styles.icon}>
        <Icon />
      </span>
      {!collapsed && <span>{item.title}</span>}
    </NavLink>
  );
  return collapsed ? (
    <Tooltip content={item.title} relationship="description" positioning="after">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
