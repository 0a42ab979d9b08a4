import type { PlaybookRunAction, PlaybookRunDetail } from '@contracts';

/** The id of the synthetic first step of a run that failed before (or outside) its actions. */
export const INITIALIZATION_STEP_ID = 'initialization';

/** An action of the run's spec that has no row yet (the run waits for approval or its turn, or stopped before it). */
export interface NotStartedStep {
  id: string;
  name: string;
  notStarted: true;
}

/** A line of the run page's action list: an action that has a row (or the synthetic Initialization), or one to come. */
export type RunStep = PlaybookRunAction | NotStartedStep;

export const NOT_STARTED = 'Not started';

export const isNotStarted = (step: RunStep): step is NotStartedStep => 'notStarted' in step;

/**
 * The steps the run page lists: the run's actions, preceded by a step 0 'Initialization' carrying the run's error when
 * the run failed with one (spec 02 §4), so that error has a log pane like any action's; then the actions of the run's
 * own spec that have no row yet, so a run waiting for approval (or its turn) shows what will run. The worker writes an
 * action's row when it reaches it, in the spec's order: the rows are the spec's first actions.
 */
export function runSteps(run: PlaybookRunDetail): RunStep[] {
  const planned = run.playbook?.spec?.actions ?? [];
  const notStarted: NotStartedStep[] = planned
    .slice(run.actions.length)
    .map((action, offset) => ({ id: `not-started-${run.actions.length + offset}`, name: action.name, notStarted: true }));
  if (run.status !== 'failed' || !run.error) return [...run.actions, ...notStarted];
  const initialization: PlaybookRunAction = {
    id: INITIALIZATION_STEP_ID,
    name: 'Initialization',
    status: 'failed',
    scheduled_time: run.scheduled_time,
    start_time: run.start_time,
    end_time: run.end_time,
    error: run.error,
    result: null,
    retry_count: 0,
  };
  return [initialization, ...run.actions, ...notStarted];
}

/** Skipped actions never ran and actions to come have not: there is nothing to show for them. */
export const isSelectable = (step: RunStep): step is PlaybookRunAction => !isNotStarted(step) && step.status !== 'skipped';

/** The step shown before the user picks one: the one running now, else the last that ran, else the first selectable. */
export function defaultStepId(steps: readonly RunStep[]): string | null {
  const selectable = steps.filter(isSelectable);
  const running = selectable.find((step) => step.status === 'running');
  const started = selectable.filter((step) => step.start_time);
  return (running ?? started.at(-1) ?? selectable[0])?.id ?? null;
}

/** The step the user chose while the run still has it, else the default one. */
export function selectedStepId(steps: readonly RunStep[], chosen: string | null): string | null {
  return chosen && steps.some((step) => step.id === chosen && isSelectable(step)) ? chosen : defaultStepId(steps);
}

/** The selectable step with that id (the log pane's), if any. */
export const selectedStep = (steps: readonly RunStep[], id: string | null): PlaybookRunAction | null =>
  steps.filter(isSelectable).find((step) => step.id === id) ?? null;

/** The text fields of a result the log pane shows by name; anything else is shown as JSON. */
export const LOG_FIELDS = ['stdout', 'stderr', 'logs'] as const;
export const RESULT_SHOWN_FIELDS: readonly string[] = [...LOG_FIELDS, 'exitCode'];

/** What the result holds besides stdout, stderr, logs and the exit code (an HTTP answer, rows...). */
export function otherResultFields(result: PlaybookRunAction['result']): [string, unknown][] {
  return Object.entries(result ?? {}).filter(([key, value]) => !RESULT_SHOWN_FIELDS.includes(key) && value !== undefined && value !== null);
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The Download button's file: the action's error, exit code, stdout, stderr, logs and other result fields. */
export function actionLogText(step: PlaybookRunAction): string {
  const result = step.result ?? {};
  const sections: string[] = [`Action: ${step.name}`, `Status: ${step.status}`];
  if (step.start_time) sections.push(`Started: ${step.start_time}`);
  if (step.end_time) sections.push(`Ended: ${step.end_time}`);
  if (result.exitCode !== undefined && result.exitCode !== null) sections.push(`Exit code: ${result.exitCode}`);
  const blocks: string[] = [];
  if (step.error) blocks.push(`--- error ---\n${step.error}`);
  for (const field of LOG_FIELDS) {
    const value = result[field];
    if (value) blocks.push(`--- ${field} ---\n${value}`);
  }
  for (const [key, value] of otherResultFields(step.result)) blocks.push(`--- ${key} ---\n${asText(value)}`);
  return [sections.join('\n'), ...blocks].join('\n\n') + '\n';
}

/** A file name from the playbook's and the action's names: letters, digits, dots, dashes and underscores only. */
export function logFileName(playbookName: string, stepName: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';
  return `${safe(playbookName)}-${safe(stepName)}-logs.txt`;
}

export type TextPart = { text: string } | { href: string };

/**
 * Log text cut into plain text and links. Only http and https addresses become links (spec 02 Playbooks): anything
 * else a script printed (`javascript:`, `file:`, `data:`) stays text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const pattern = /\bhttps?:\/\/[^\s<>"'`]+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    // Sentence punctuation right after an address is not part of it.
    const href = match[0].replace(/[.,;:!?)\]}]+$/, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
