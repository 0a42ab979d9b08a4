import { Badge, type BadgeProps } from '@fluentui/react-components';

const COLOUR: Record<string, BadgeProps['color']> = { critical: 'danger', warning: 'warning' };

/** A change or insight severity; spec 02 Insights: critical red, warning yellow, others gray. */
export function SeverityBadge({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  const colour = COLOUR[severity] ?? 'informative';
  return (
    <Badge appearance="tint" color={colour} data-colour={colour}>
      {severity}
    </Badge>
  );
}
