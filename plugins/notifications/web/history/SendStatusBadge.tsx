import { Badge, type BadgeProps } from '@fluentui/react-components';
import { SEND_STATUS_LABELS, type SendStatus } from '@contracts';

const COLORS: Record<SendStatus, NonNullable<BadgeProps['color']>> = {
  sent: 'success',
  error: 'danger',
  pending: 'informative',
  cancelled: 'subtle',
  'repeat-interval': 'subtle',
  silenced: 'warning',
  skipped: 'subtle',
  'evaluating-waitfor': 'informative',
};

/** How a status reads (spec 03 §4: repeat-interval is 'Repeated'); an unknown one as it is. */
export function sendStatusLabel(status: string): string {
  return SEND_STATUS_LABELS[status as SendStatus] ?? status;
}

/** A send history status as a badge. */
export function SendStatusBadge({ status }: { status: string }) {
  return (
    <Badge appearance="tint" color={COLORS[status as SendStatus] ?? 'informative'} data-status={status}>
      {sendStatusLabel(status)}
    </Badge>
  );
}
