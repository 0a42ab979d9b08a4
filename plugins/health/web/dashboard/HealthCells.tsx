import { Caption1, ProgressBar, type ProgressBarProps, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Status16Regular } from '@fluentui/react-icons';
import type { CheckSummary } from '@contracts';
import { useCheckTypes } from '../checkTypes';
import { type BarColour, formatUptime, uptimeBarColour, uptimePercent } from './format';

const useStyles = makeStyles({
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  // Type icons are contributed at 20 px; the table and cards show them at 16.
  icon: { display: 'flex', flexShrink: 0, color: tokens.colorNeutralForeground3, '& svg': { width: '16px', height: '16px' } },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondary: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  uptime: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '80px' },
});

/** The icon its check type plugin contributes (`health.checkTypes`); a generic one for types no plugin registered. */
export function CheckTypeIcon({ type }: { type: string }) {
  const styles = useStyles();
  const Icon = useCheckTypes().find((t) => t.id === type)?.icon;
  return (
    <span className={styles.icon} aria-hidden>
      {Icon ? <Icon /> : <Status16Regular />}
    </span>
  );
}

/** Icon, name, and the canary and endpoint as secondary text. */
export function CheckTitle({ check }: { check: CheckSummary }) {
  const styles = useStyles();
  const secondary = [check.canary_name, check.endpoint].filter(Boolean).join(' · ');
  return (
    <div className={styles.title}>
      <CheckTypeIcon type={check.type} />
      <div className={styles.text}>
        <Text className={styles.name} weight="semibold" title={check.description ?? undefined}>
          {check.name}
        </Text>
        {secondary && <Caption1 className={styles.secondary}>{secondary}</Caption1>}
      </div>
    </div>
  );
}

const BAR_COLOUR: Record<BarColour, ProgressBarProps['color']> = { green: 'success', orange: 'warning', red: 'error' };

const useUptimeText = makeStyles({
  green: { color: tokens.colorPaletteGreenForeground1 },
  orange: { color: tokens.colorPaletteDarkOrangeForeground1 },
  red: { color: tokens.colorPaletteRedForeground1 },
});

/** The uptime as text ('99.5%', '-' when nothing ran) in its colour: the cards and the check detail. */
export function UptimeText({ uptime }: { uptime: Pick<CheckSummary['uptime'], 'passed' | 'failed'> | undefined }) {
  const styles = useUptimeText();
  const colour = uptime ? uptimeBarColour(uptimePercent(uptime)) : undefined;
  return (
    <span className={colour ? styles[colour] : undefined} data-testid="uptime-text" data-colour={colour}>
      {(uptime && formatUptime(uptime)) || '-'}
    </span>
  );
}

/** Uptime to one decimal over a bar coloured by uptimeBarColour (green ≥ 99 %, orange ≥ 95 %, red below); blank when nothing ran. */
export function UptimeCell({ uptime }: { uptime: Pick<CheckSummary['uptime'], 'passed' | 'failed'> }) {
  const styles = useStyles();
  const percent = uptimePercent(uptime);
  if (percent === undefined) return null;
  const colour = uptimeBarColour(percent);
  return (
    <div className={styles.uptime} data-testid="uptime" data-colour={colour}>
      <Text size={200}>{formatUptime(uptime)}</Text>
      <ProgressBar value={percent / 100} thickness="medium" color={colour ? BAR_COLOUR[colour] : undefined} aria-label="Uptime" />
    </div>
  );
}
