import type { SnapshotPlan } from './snapshot.service';

/** Rows of each CSV file at most; the README says when a file stopped there. */
export const SNAPSHOT_CSV_ROW_CAP = 50_000;
/** Log selectors one snapshot reads (the rest are named in its README). */
export const MAX_SNAPSHOT_LOG_SELECTORS = 20;
/** Lines kept per log selector. */
export const SNAPSHOT_LOG_LINES = 1_000;

export interface LogFile {
  path: string;
  component: string;
  selector: string;
  lines?: number;
  truncated?: boolean;
  error?: string;
}

/** What the README reports: counts per file and what was cut short or failed. */
export interface Report {
  subtree: number;
  related: number;
  checks: number;
  checkStatuses: { rows: number; capped: boolean };
  configs: number;
  configChanges: { rows: number; capped: boolean };
  incidents: number;
  logs: LogFile[];
  /** Why the logs of this many selectors were not read (no logs area, logs feature off). */
  logsSkipped?: { selectors: number; reason: string };
  /** Selectors past the per-snapshot cap or the logs deadline: not searched. */
  logsNotRead?: number;
}

/** The archive's README.md: what the snapshot is, its range, each file with its count, and what was cut short or failed. */
export function readme(plan: SnapshotPlan, report: Report): string {
  const c = plan.component;
  const capNote = (capped: boolean) =>
    capped ? ` **Capped at the ${SNAPSHOT_CSV_ROW_CAP.toLocaleString('en-US')} newest rows: older ones are not included.**` : '';
  const lines = [
    `# Snapshot of ${c.name}`,
    '',
    `A snapshot of the topology component **${c.name}** (id \`${c.id}\`${c.type ? `, type ${c.type}` : ''}) and everything below it, taken from the operations console.`,
    '',
    `- Taken at: ${plan.end.toISOString()}`,
    `- Time range: ${plan.start.toISOString()} to ${plan.end.toISOString()} (check results, config changes and logs)`,
    `- Related components: ${plan.related ? 'included (components linked to the subtree by selectors, with their checks)' : 'not included'}`,
    `- Component status: ${c.status ?? 'unknown'}${c.status_reason ? ` (${c.status_reason})` : ''}`,
    '',
    '## Files',
    '',
    '| File | What it holds | Count |',
    '|---|---|---|',
    `| components.json | The component and its descendants (not deleted), with properties, summary and log selectors${plan.related ? '; related components have `"related": true`' : ''} | ${report.subtree + report.related} (${report.subtree} in the subtree${plan.related ? `, ${report.related} related` : ''}) |`,
    `| components.csv | The same components, one row each | ${report.subtree + report.related} |`,
    `| checks.json | Checks linked to those components (without their spec), with the ids of the components they are linked to | ${report.checks} |`,
    `| check_statuses.csv | Results of those checks in the time range, newest first: check_id, check_name, time, status, duration (ms), message, error.${capNote(report.checkStatuses.capped)} | ${report.checkStatuses.rows} |`,
    `| configs.json | Config items linked to the subtree's components, without their \`config\` body | ${report.configs} |`,
    `| config_changes.csv | Changes of those config items in the time range, newest first.${capNote(report.configChanges.capped)} | ${report.configChanges.rows} |`,
    `| incidents.json | Incidents with evidence on the subtree's components (any time), with the ids of those components | ${report.incidents} |`,
    `| logs/ | One file per log selector of the subtree's components: the lines of the time range (at most ${SNAPSHOT_LOG_LINES.toLocaleString('en-US')} each, of at most ${MAX_SNAPSHOT_LOG_SELECTORS} selectors) | ${report.logs.filter((l) => !l.error).length} |`,
    '',
    'Times are ISO 8601 in UTC. CSV files follow RFC 4180 (comma separated, fields with commas, quotes or line breaks quoted).',
    '',
    '## Logs',
    '',
  ];
  if (report.logsSkipped) {
    lines.push(`Logs were not collected: ${report.logsSkipped.reason} (${report.logsSkipped.selectors} log selector(s) named by the components).`);
  } else if (!report.logs.length) {
    lines.push('No component of the subtree names logs.');
  }
  if (report.logsNotRead) {
    lines.push(
      `${report.logsNotRead} more log selector(s) of the subtree were not read: a snapshot reads at most ${MAX_SNAPSHOT_LOG_SELECTORS}; take a snapshot of a component lower in the tree for theirs.`,
    );
  }
  if (!report.logsSkipped) {
    for (const log of report.logs) {
      lines.push(
        log.error
          ? `- ${log.component} / ${log.selector}: **failed**: ${log.error}`
          : `- ${log.component} / ${log.selector}: ${log.path}, ${log.lines} line(s)${log.truncated ? ' (more lines matched: showing the first ones only)' : ''}`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
