import { Badge, type BadgeProps } from '@fluentui/react-components';
import { type HealthColour, healthColour } from '@contracts';

const BADGE_COLOUR: Record<HealthColour, BadgeProps['color']> = {
  green: 'success',
  red: 'danger',
  orange: 'warning',
  grey: 'informative',
};

/** A health value in its shared colour (spec 01 §4: healthy green, unhealthy red, warning orange, unknown grey). */
export function HealthBadge({ health }: { health: string | null | undefined }) {
  const colour = healthColour(health);
  return (
    <Badge appearance="tint" color={BADGE_COLOUR[colour]} data-colour={colour}>
      {health || 'unknown'}
    </Badge>
  );
}
