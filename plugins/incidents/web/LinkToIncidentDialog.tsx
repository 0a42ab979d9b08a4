import type { IncidentLinkDialogProps } from '@web/core/plugin-host/types';
export default function LinkToIncidentDialog(_props: IncidentLinkDialogProps) {
  return null;
}
