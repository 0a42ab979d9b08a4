import { useEffect, useRef, useState } from 'react';
import { Field, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { TIME_RANGE_OPTIONS } from '@contracts';
import { Dialog } from '@web/core/components/Dialog';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { type TimeRange, relativeTimeRange } from '@web/core/timeRange';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { useToast } from '@web/core/components/useToast';
import { SNAPSHOT_ERROR, fetchSnapshot, saveBlob, snapshotFileName } from './snapshotDownload';

const UNIT_WORDS: Record<string, string> = { m: 'minute', h: 'hour', d: 'day', w: 'week', mo: 'month', y: 'year' };

/** `15m` → 'Last 15 minutes', `1h` → 'Last 1 hour'. */
export function timeRangeText(range: string): string {
  const match = /^(\d+)(mo|m|h|d|w|y)$/.exec(range);
  if (!match) return `Last ${range}`;
  const count = Number(match[1]);
  return `Last ${count} ${UNIT_WORDS[match[2]]}${count === 1 ? '' : 's'}`;
}

/** The time range options as the snapshot's `start` values (`now-15m`, ...); the first is the default (spec 02). */
export const SNAPSHOT_RANGES = TIME_RANGE_OPTIONS.map((range) => ({ value: `now-${range}`, label: timeRangeText(range) }));

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface SnapshotDialogProps {
  open: boolean;
  component: { id: string; name: string };
  onClose(): void;
}

/**
 * Spec 02 Snapshot dialog: a time range (default the first option) and whether related components are included
 * (default off); Download saves the zip as the server names it, '{name}-snapshot.zip' otherwise.
 */
export function SnapshotDialog({ open, component, onClose }: SnapshotDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  // The snapshot reads from a start up to now: relative ranges only.
  const [range, setRange] = useState(() => relativeTimeRange(SNAPSHOT_RANGES[0].value) as TimeRange);
  const start = range.type === 'relative' ? range.range : SNAPSHOT_RANGES[0].value;
  const [related, setRelated] = useState(false);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  // Closing the dialog (or the card going away) abandons a download under way.
  useEffect(() => () => inFlight.current?.abort(), []);

  const download = async () => {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      const { blob, fileName } = await fetchSnapshot(component.id, { related, start }, controller.signal);
      saveBlob(blob, fileName ?? snapshotFileName(component.name));
      onClose();
    } catch {
      if (!controller.signal.aborted) toast.error(SNAPSHOT_ERROR);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      size="small"
      title={`Snapshot: ${component.name}`}
      onClose={onClose}
      actions={<DialogButtons onCancel={onClose} label="Download" busyLabel="Downloading..." busy={busy} onAction={download} />}
    >
      <form
        className={styles.form}
        aria-label="Snapshot"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void download();
        }}
      >
        <Field label="Time range">
          <TimeRangePicker value={range} relativeOptions={TIME_RANGE_OPTIONS} absolute={false} mapped={false} onChange={(next) => next && setRange(next)} />
        </Field>
        <Switch label="Include related components" checked={related} onChange={(_, data) => setRelated(data.checked)} />
      </form>
    </Dialog>
  );
}
