import { normaliseStatus, rollUpStatus, type ComponentCheckCounts, type ComponentStatus, type ComponentSummary } from '@contracts';

/** What the roll-up reads of one component: its own inputs and its children's rolled-up values. */
export interface RollupInputs {
  ownStatus: string | null;
  ownStatusReason: string | null;
  /** Linked checks by status (`healthy`, `unhealthy`, `unknown` for never run). */
  checks: Record<string, number>;
  /** Linked configs by health, and the name of one unhealthy (or warning) config for the reason. */
  configs: Record<string, number>;
  worstConfig: string | null;
  /** Open incidents about the component itself: type → severity → count. */
  incidents: Record<string, Record<string, number>>;
  /** Open insights of its linked configs: analysis type → severity → count. */
  insights: Record<string, Record<string, number>>;
  children: { name: string; status: string | null; summary: ComponentSummary | null; hidden: boolean }[];
  /** Components pulled in by its selectors: their status counts, their summaries do not (they belong elsewhere). */
  related: { name: string; status: string | null }[];
  /**
   * The summary counted over the component and everything below it, each check, incident and insight once (the
   * worker reads it so). Without it the summary is its own inputs plus its children's summaries, which counts twice
   * what two children share (an incident with evidence on both).
   */
  subtree?: ComponentSummary;
}

export interface RollupValue {
  status: ComponentStatus;
  health: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  statusReason: string | null;
  summary: ComponentSummary;
}

const addNested = (into: Record<string, Record<string, number>>, from: Record<string, Record<string, number>> | undefined) => {
  for (const [type, bySeverity] of Object.entries(from ?? {}))
    for (const [severity, n] of Object.entries(bySeverity ?? {})) {
      into[type] ??= {};
      into[type][severity] = (into[type][severity] ?? 0) + (Number(n) || 0);
    }
};

/**
 * One component's roll-up (issue 13): the worst of its own status, its linked checks, its linked configs, its
 * children and the components its selectors pull in (unhealthy > warning > healthy; nothing known → unknown), the
 * reason naming what made it so, and its summary: its own checks, incidents and insights plus its children's.
 */
export function rollUp(input: RollupInputs): RollupValue {
  const checks: ComponentCheckCounts = {
    healthy: input.checks.healthy ?? 0,
    unhealthy: input.checks.unhealthy ?? 0,
    warning: input.checks.warning ?? 0,
    unknown: input.checks.unknown ?? 0,
  };
  const incidents: Record<string, Record<string, number>> = {};
  const insights: Record<string, Record<string, number>> = {};
  addNested(incidents, input.incidents);
  addNested(insights, input.insights);
  const visibleChildren = input.children.filter((c) => !c.hidden);
  for (const child of input.subtree ? [] : visibleChildren) {
    const c = child.summary?.checks;
    if (c) for (const key of ['healthy', 'unhealthy', 'warning', 'unknown'] as const) checks[key] += Number(c[key]) || 0;
    addNested(incidents, child.summary?.incidents);
    addNested(insights, child.summary?.insights);
  }

  const ownChecksTotal = Object.values(input.checks).reduce((a, b) => a + b, 0);
  const checkStatus: ComponentStatus | null = ownChecksTotal
    ? (input.checks.unhealthy ?? 0) > 0
      ? 'unhealthy'
      : (input.checks.warning ?? 0) > 0
        ? 'warning'
        : (input.checks.healthy ?? 0) > 0
          ? 'healthy'
          : null
    : null;
  const configStatus: ComponentStatus | null =
    (input.configs.unhealthy ?? 0) > 0 ? 'unhealthy' : (input.configs.warning ?? 0) > 0 ? 'warning' : (input.configs.healthy ?? 0) > 0 ? 'healthy' : null;
  const parts = [input.ownStatus, checkStatus, configStatus, ...visibleChildren.map((c) => c.status), ...input.related.map((c) => c.status)];
  const status = rollUpStatus(parts);

  const reasons: string[] = [];
  if (status === 'unhealthy' || status === 'warning') {
    if (normaliseStatus(input.ownStatus) === status && input.ownStatusReason) reasons.push(input.ownStatusReason);
    const badChecks = status === 'unhealthy' ? (input.checks.unhealthy ?? 0) : (input.checks.warning ?? 0);
    if (badChecks) reasons.push(`${badChecks} of ${ownChecksTotal} checks ${status}`);
    if (configStatus === status && input.worstConfig) {
      const n = input.configs[status] ?? 0;
      reasons.push(n > 1 ? `${n} configs ${status} (${input.worstConfig}, ...)` : `config ${input.worstConfig} ${status}`);
    }
    const bad = [...visibleChildren, ...input.related].filter((c) => normaliseStatus(c.status) === status);
    if (bad.length) {
      const names = bad.slice(0, 3).map((c) => c.name);
      reasons.push(
        `${bad.length} of ${visibleChildren.length + input.related.length} components ${status} (${names.join(', ')}${bad.length > 3 ? ', ...' : ''})`,
      );
    }
  }
  const summary: ComponentSummary = input.subtree ? subtreeSummary(input.subtree) : { checks };
  if (!input.subtree && Object.keys(incidents).length) summary.incidents = incidents;
  if (!input.subtree && Object.keys(insights).length) summary.insights = insights;
  return {
    status,
    health: status === 'info' ? 'healthy' : status,
    statusReason: reasons.length ? reasons.join('; ').slice(0, 1_000) : null,
    summary,
  };
}

/** The subtree's counts in the stored shape: every check health present, empty groups left out. */
function subtreeSummary(subtree: ComponentSummary): ComponentSummary {
  const c = subtree.checks ?? ({} as Partial<ComponentCheckCounts>);
  const summary: ComponentSummary = {
    checks: { healthy: Number(c.healthy) || 0, unhealthy: Number(c.unhealthy) || 0, warning: Number(c.warning) || 0, unknown: Number(c.unknown) || 0 },
  };
  if (subtree.incidents && Object.keys(subtree.incidents).length) summary.incidents = subtree.incidents;
  if (subtree.insights && Object.keys(subtree.insights).length) summary.insights = subtree.insights;
  return summary;
}
