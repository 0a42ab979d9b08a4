import { Badge } from '@fluentui/react-components';
import { jobStatusColor } from './jobStatus';

/** A job's status in its spec colour (spec 03 §4). */
export function JobStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Badge appearance="tint" color={jobStatusColor(status)} data-status={status}>
      {status}
    </Badge>
  );
}
