import { Caption1, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CheckSummary } from '@contracts';
import { healthColour } from '@contracts';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { checkStatus } from './filters';
import { checkLatencyMs, formatLatency, formatSince } from './format';
import { CheckTypeIcon, UptimeText } from './HealthCells';

const BORDER: Record<ReturnType<typeof healthColour>, string> = {
  green: tokens.colorPaletteGreenBorderActive,
  red: tokens.colorPaletteRedBorderActive,
  orange: tokens.colorPaletteDarkOrangeBorderActive,
  grey: tokens.colorNeutralStroke1,
};

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  card: { borderLeftWidth: '4px', borderLeftStyle: 'solid', cursor: 'pointer' },
  stats: { display: 'flex', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The card layout: one card per check, its border in the check's health colour. */
export function HealthCards({ checks, onOpenCheck }: { checks: readonly CheckSummary[]; onOpenCheck(check: CheckSummary): void }) {
  const styles = useStyles();
  return (
    <div className={styles.grid} data-testid="health-cards">
      {checks.map((check) => {
        const status = checkStatus(check);
        const colour = healthColour(status);
        return (
          <Card
            key={check.id}
            className={styles.card}
            style={{ borderLeftColor: BORDER[colour] }}
            data-testid="health-check-card"
            data-check-id={check.id}
            data-colour={colour}
            focusMode="off"
            tabIndex={0}
            role="button"
            onClick={() => onOpenCheck(check)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpenCheck(check);
            }}
          >
            <CardHeader
              image={<CheckTypeIcon type={check.type} />}
              header={
                <Text weight="semibold" className={styles.name}>
                  {check.name}
                </Text>
              }
              description={<Caption1>{check.canary_name}</Caption1>}
              action={<HealthBadge health={status} />}
            />
            <div className={styles.stats}>
              <Caption1>
                Uptime <UptimeText uptime={check.uptime} />
              </Caption1>
              <Caption1>Latency {formatLatency(checkLatencyMs(check)) || '-'}</Caption1>
              {check.last_transition_time && <Caption1>{formatSince(check.last_transition_time)}</Caption1>}
            </div>
          </Card>
        );
      })}
    </div>
  );
}
