import { Badge, type BadgeProps, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { Heart16Regular, Lightbulb16Regular, Warning16Regular } from '@fluentui/react-icons';
import { CARD_SHOW_MORE } from '@contracts';
import { AppLink } from '@web/core/components/AppLink';
import { useFeatures } from '@web/core/features';
import type { TopologyComponent } from '../topologyApi';
import { ComponentIcon } from './ComponentIcon';
import { ShowMore } from './ShowMore';
import { type SummaryColour, type SummaryCount, type SummaryLine, summaryLines } from './summaries';

const BADGE_COLOUR: Record<SummaryColour, BadgeProps['color']> = {
  red: 'danger',
  orange: 'severe',
  yellow: 'warning',
  green: 'success',
  grey: 'informative',
};

const DOT_COLOUR: Record<SummaryColour, string> = {
  red: tokens.colorPaletteRedBackground3,
  orange: tokens.colorPaletteDarkOrangeBackground3,
  yellow: tokens.colorPaletteYellowBackground3,
  green: tokens.colorPaletteGreenBackground3,
  grey: tokens.colorNeutralBackground5,
};

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  label: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  kindIcon: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  counts: { display: 'flex', gap: '2px', flexShrink: 0 },
  dot: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  status: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
});

function Count({ count }: { count: SummaryCount }) {
  const badge = (
    <Badge size="small" appearance="filled" color={BADGE_COLOUR[count.colour]} data-colour={count.colour} aria-label={`${count.count} ${count.what}`}>
      {count.count}
    </Badge>
  );
  return count.to ? <AppLink to={count.to}>{badge}</AppLink> : badge;
}

function KindIcon({ line }: { line: SummaryLine }) {
  const styles = useStyles();
  if (line.kind === 'child') return <ComponentIcon icon={line.child?.icon} type={line.child?.type} size="small" />;
  const Icon = line.kind === 'checks' ? Heart16Regular : line.kind === 'incidents' ? Warning16Regular : Lightbulb16Regular;
  return <Icon className={styles.kindIcon} aria-hidden />;
}

const KIND_NAMES: Record<SummaryLine['kind'], string> = { checks: 'Checks', incidents: 'Incidents', insights: 'Insights', child: 'Component' };

function Line({ line }: { line: SummaryLine }) {
  const styles = useStyles();
  return (
    <div className={styles.line} data-testid="card-summary" data-kind={line.kind}>
      <KindIcon line={line} />
      <Caption1 className={styles.label} title={`${KIND_NAMES[line.kind]}: ${line.label}`}>
        {line.to ? <AppLink to={line.to}>{line.label}</AppLink> : line.label}
      </Caption1>
      {line.status && (
        <>
          <span className={styles.dot} style={{ backgroundColor: DOT_COLOUR[line.colour ?? 'grey'] }} data-colour={line.colour} aria-hidden />
          <Caption1 className={styles.status}>{line.status}</Caption1>
        </>
      )}
      {line.counts.length > 0 && (
        <span className={styles.counts}>
          {line.counts.map((count) => (
            <Count key={count.what} count={count} />
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * A card's summaries: checks by health, incidents (when that feature is on) and insights (with the catalogue) by
 * type with counts per severity that link to those lists, then the child components with their health; 'show more'
 * beyond 5.
 */
export function CardSummaries({ lines, componentName }: { lines: readonly SummaryLine[]; componentName: string }) {
  const styles = useStyles();
  if (lines.length === 0) return null;
  return (
    <div className={styles.list} role="group" aria-label={`Summary of ${componentName}`}>
      <ShowMore items={lines} limit={CARD_SHOW_MORE.summaries} label={`summary of ${componentName}`} render={(line) => <Line key={line.key} line={line} />} />
    </div>
  );
}

/** The summary lines of a card under the current feature flags. */
export function useSummaryLines(component: TopologyComponent): SummaryLine[] {
  const { isEnabled } = useFeatures();
  return summaryLines(component, { incidents: isEnabled('incidents'), insights: isEnabled('config') });
}
