/** The check detail modal's contract (spec 02 Check detail modal); placeholder while it is being built. */
export interface CheckDetailModalProps {
  checkId: string;
  /** The dashboard's range, used until the modal picks its own default. */
  timeRange?: string;
  onClose(): void;
  /** After Run Now: the dashboard refreshes. */
  onChanged?(): void;
}

export default function CheckDetailModal(_props: CheckDetailModalProps) {
  return null;
}
