import type { ComponentStatus } from '@contracts';
import { withQuery } from '@web/core/api';
import { componentPath, type TopologyComponent } from '../topologyApi';
import { componentStatus, orderComponents } from './ordering';

/** A card's summary lines (spec 02 §3): checks by health, incidents and insights by type and severity, children. */

export type SummaryColour = 'red' | 'orange' | 'yellow' | 'green' | 'grey';

export interface SummaryCount {
  count: number;
  /** What the count is of: 'unhealthy', 'critical'… (its accessible name is `${count} ${what}`). */
  what: string;
  colour: SummaryColour;
  to?: string;
}

export interface SummaryLine {
  key: string;
  kind: 'checks' | 'incidents' | 'insights' | 'child';
  label: string;
  to?: string;
  counts: SummaryCount[];
  /** A child component line: the child, drawn with its icon and health. */
  child?: TopologyComponent;
  status?: ComponentStatus;
  colour?: SummaryColour;
}

/** A component's health colour: unhealthy red, warning orange, healthy and info green, unknown grey. */
export function statusColour(status: ComponentStatus): SummaryColour {
  return status === 'unhealthy' ? 'red' : status === 'warning' ? 'orange' : status === 'healthy' || status === 'info' ? 'green' : 'grey';
}

const CHECK_COLOURS: Record<'unhealthy' | 'warning' | 'healthy' | 'unknown', SummaryColour> = {
  unhealthy: 'red',
  warning: 'orange',
  healthy: 'green',
  unknown: 'grey',
};

/** Incident severities: critical and blocker red, high orange, medium and low green, others grey. */
export function incidentSeverityColour(severity: string): SummaryColour {
  switch (severity.toLowerCase()) {
    case 'critical':
    case 'blocker':
      return 'red';
    case 'high':
      return 'orange';
    case 'medium':
    case 'low':
      return 'green';
    default:
      return 'grey';
  }
}

/** Insight severities (spec 02 Insights): critical red, warning yellow, others grey. */
export function insightSeverityColour(severity: string): SummaryColour {
  switch (severity.toLowerCase()) {
    case 'critical':
      return 'red';
    case 'warning':
      return 'yellow';
    default:
      return 'grey';
  }
}

/** `technicalDebt`, `technical_debt` → 'Technical Debt'. */
export function humanize(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

const SEVERITY_ORDER = ['blocker', 'critical', 'high', 'warning', 'medium', 'low', 'info'];
const bySeverity = ([a]: [string, number], [b]: [string, number]) => {
  const rank = (s: string) => (SEVERITY_ORDER.includes(s.toLowerCase()) ? SEVERITY_ORDER.indexOf(s.toLowerCase()) : SEVERITY_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

export const incidentsLink = (id: string, type: string) => withQuery('/incidents', { type, component: id });
export const incidentSeverityLink = (id: string, type: string, severity: string) => withQuery('/incidents', { severity, component: id, type });
export const insightsLink = (id: string, type: string, severity?: string) => withQuery('/catalog/insights', { component: id, type, severity });

export interface SummaryOptions {
  /** The incidents feature is on (its lines hide when it is off). */
  incidents: boolean;
  /** The config feature is on (insights are the catalogue's). */
  insights: boolean;
}

export function summaryLines(component: TopologyComponent, options: SummaryOptions = { incidents: true, insights: true }): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const summary = component.summary ?? {};
  const checks = summary.checks;
  if (checks) {
    const counts = (['unhealthy', 'warning', 'healthy', 'unknown'] as const)
      .filter((health) => (checks[health] ?? 0) > 0)
      .map((health) => ({ count: checks[health], what: health, colour: CHECK_COLOURS[health] }));
    if (counts.length) lines.push({ key: 'checks', kind: 'checks', label: 'Checks', counts });
  }
  if (options.incidents) {
    for (const [type, severities] of Object.entries(summary.incidents ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      const counts = Object.entries(severities ?? {})
        .filter(([, count]) => count > 0)
        .sort(bySeverity)
        .map(([severity, count]) => ({
          count,
          what: severity,
          colour: incidentSeverityColour(severity),
          to: incidentSeverityLink(component.id, type, severity),
        }));
      if (counts.length) lines.push({ key: `incidents:${type}`, kind: 'incidents', label: humanize(type), to: incidentsLink(component.id, type), counts });
    }
  }
  if (options.insights) {
    for (const [type, severities] of Object.entries(summary.insights ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      const counts = Object.entries(severities ?? {})
        .filter(([, count]) => count > 0)
        .sort(bySeverity)
        .map(([severity, count]) => ({ count, what: severity, colour: insightSeverityColour(severity), to: insightsLink(component.id, type, severity) }));
      if (counts.length) lines.push({ key: `insights:${type}`, kind: 'insights', label: humanize(type), to: insightsLink(component.id, type), counts });
    }
  }
  for (const child of orderComponents(component.components ?? [], 'name', 'asc')) {
    const status = componentStatus(child);
    lines.push({
      key: `child:${child.id}`,
      kind: 'child',
      label: child.name,
      to: componentPath(child.id),
      counts: [],
      child,
      status,
      colour: statusColour(status),
    });
  }
  return lines;
}
