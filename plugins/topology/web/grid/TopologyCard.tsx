import { Caption1, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { AppLink } from '@web/core/components/AppLink';
import { ComponentMenu } from '../menu/ComponentMenu';
import { componentPath, type TopologyComponent } from '../topologyApi';
import { CardProperties } from './CardProperties';
import { CardSummaries, useSummaryLines } from './CardSummaries';
import { ComponentIcon } from './ComponentIcon';
import { componentStatus } from './ordering';
import { cardProperties } from './properties';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    maxWidth: '100%',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    ...shorthands.border('1px', 'solid', tokens.colorNeutralStroke2),
    borderTopWidth: '6px',
    overflow: 'hidden',
  },
  // Spec 02 §4: the border says the health, red for unhealthy, orange for warning.
  unhealthy: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  warning: { ...shorthands.borderColor(tokens.colorPaletteDarkOrangeBorder2) },
  header: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondary: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  reason: { color: tokens.colorPaletteRedForeground1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  menu: { flexShrink: 0 },
  body: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  section: { flex: '1 1 160px', minWidth: 0 },
});

export interface TopologyCardProps {
  component: TopologyComponent;
  /** Width in px (card size or the width slider). */
  width: number;
}

/**
 * A component card (spec 02 Topology): icon, name (Zoom In), text or type, the reason of a bad health, the ⋯ menu;
 * properties (headline first) and summaries. The border is red when unhealthy, orange on warning.
 */
export function TopologyCard({ component, width }: TopologyCardProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const status = componentStatus(component);
  const secondary = component.text || component.type;
  const properties = cardProperties(component.properties);
  const lines = useSummaryLines(component);
  const showReason = component.status_reason && (status === 'unhealthy' || status === 'warning');
  return (
    <article
      className={mergeClasses(styles.card, status === 'unhealthy' && styles.unhealthy, status === 'warning' && styles.warning)}
      style={{ width: `${width}px` }}
      aria-label={component.name}
      data-testid="topology-card"
      data-status={status}
    >
      <div className={styles.header}>
        <ComponentIcon icon={component.icon} type={component.type} size="large" />
        <div className={styles.titles}>
          <Text weight="semibold" className={styles.name} title={component.name}>
            <AppLink to={componentPath(component.id)}>{component.name}</AppLink>
          </Text>
          {secondary && (
            <Caption1 className={styles.secondary} title={secondary}>
              {secondary}
            </Caption1>
          )}
          {showReason && (
            <Caption1 className={styles.reason} title={component.status_reason ?? undefined}>
              {component.status_reason}
            </Caption1>
          )}
        </div>
        <span className={styles.menu}>
          <ComponentMenu component={component} placement="card" onZoomIn={() => navigate(componentPath(component.id))} />
        </span>
      </div>
      {(properties.length > 0 || lines.length > 0) && (
        <div className={styles.body}>
          {properties.length > 0 && (
            <div className={styles.section}>
              <CardProperties properties={properties} componentName={component.name} />
            </div>
          )}
          {lines.length > 0 && (
            <div className={styles.section}>
              <CardSummaries lines={lines} componentName={component.name} />
            </div>
          )}
        </div>
      )}
    </article>
  );
}
