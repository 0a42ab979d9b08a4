import { Button, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import type { PlaybookRunAction } from '@contracts';
import { EmptyState } from '@web/core/components/EmptyState';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';
import { LinkedText } from './LinkedText';
import { RunStatusBadge } from './RunStatusBadge';
import { formatDuration } from './runTimes';
import { LOG_FIELDS, actionLogText, logFileName, otherResultFields } from './runSteps';

export const DOWNLOADED_LOGS_MESSAGE = 'Downloaded logs';
export const SELECT_AN_ACTION = 'Select an action to see its logs.';
/** What the pane says while the run has no action to show yet (waiting for approval or its time). */
export const NO_ACTION_STARTED = 'No action has started yet.';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  times: { color: tokens.colorNeutralForeground3 },
  spacer: { flexGrow: 1 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    maxHeight: '480px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const LABELS: Record<string, string> = { stdout: 'Stdout', stderr: 'Stderr', logs: 'Logs' };

function LogSection({ title, text, testId, error = false }: { title: string; text: string; testId: string; error?: boolean }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title} data-testid={testId}>
      <Caption1>{title}</Caption1>
      <pre className={error ? `${styles.pre} ${styles.error}` : styles.pre}>
        <LinkedText text={text} />
      </pre>
    </section>
  );
}

/** Saves text as a file the browser downloads. */
function saveTextFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

export interface ActionLogPaneProps {
  step: PlaybookRunAction | null;
  playbookName: string;
  /** No step can be shown because none has started (they are all to come). */
  nothingStarted?: boolean;
}

/**
 * The selected step's output (spec 02 Playbooks): its error, exit code, stdout, stderr and logs, then any other result
 * field (an HTTP answer, SQL rows) as formatted JSON. Addresses open only when they are http or https.
 */
export function ActionLogPane({ step, playbookName, nothingStarted = false }: ActionLogPaneProps) {
  const styles = useStyles();
  const toast = useToast();
  if (!step) return <EmptyState message={nothingStarted ? NO_ACTION_STARTED : SELECT_AN_ACTION} />;
  const result = step.result ?? {};
  const others = otherResultFields(step.result);
  const exitCode = result.exitCode;
  const hasOutput = Boolean(step.error) || LOG_FIELDS.some((field) => result[field]) || others.length > 0 || (exitCode !== undefined && exitCode !== null);
  const download = () => {
    saveTextFile(logFileName(playbookName, step.name), actionLogText(step));
    toast.success(DOWNLOADED_LOGS_MESSAGE);
  };
  return (
    <div className={styles.root} data-testid="action-log-pane">
      <div className={styles.header}>
        <Subtitle2>{step.name}</Subtitle2>
        <RunStatusBadge status={step.status} />
        <Caption1 className={styles.times}>
          {[step.start_time && `Started ${formatDateTime(step.start_time)}`, formatDuration(step.start_time, step.end_time)].filter(Boolean).join(' · ')}
        </Caption1>
        <span className={styles.spacer} />
        <Button icon={<ArrowDownload20Regular />} onClick={download} disabled={!hasOutput}>
          Download
        </Button>
      </div>
      {step.error && <LogSection title="Error" text={step.error} testId="log-error" error />}
      {exitCode !== undefined && exitCode !== null && <Caption1 data-testid="log-exit-code">Exit code: {String(exitCode)}</Caption1>}
      {LOG_FIELDS.map((field) => {
        const value = result[field];
        return value ? <LogSection key={field} title={LABELS[field]} text={String(value)} testId={`log-${field}`} /> : null;
      })}
      {others.map(([key, value]) => (
        <LogSection key={key} title={key} text={typeof value === 'string' ? value : JSON.stringify(value, null, 2)} testId={`log-field-${key}`} />
      ))}
      {!hasOutput && <EmptyState message={step.status === 'sleeping' ? `Sleeping until ${formatDateTime(step.scheduled_time)}` : 'No output yet.'} />}
    </div>
  );
}
