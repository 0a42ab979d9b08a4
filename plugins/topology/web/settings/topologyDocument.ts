import { z } from 'zod';
import { DEFAULT_TOPOLOGY_SCHEDULE, DNS1123_PATTERN, MIN_TOPOLOGY_EVERY_MS, TOPOLOGY_API_VERSION, TOPOLOGY_KIND } from '@contracts';
import { type ResourceModel, type ResourceParseResult, isPlainObject, parseResourceYaml, resourceYaml } from '@web/core/editor/resourceDocument';
import { REQUIRED_MESSAGE } from '@web/core/forms/fieldValues';
import { TOPOLOGY_STARTERS, type TopologyStarterDocument } from './topologyStarters';

/**
 * The topology editor's one model and its Topology YAML (spec 03 resource spec editors, issue 13): the core resource
 * document with the Topology kind; `spec` holds `schedule`, `icon`, `type` and `components`. The document's rules are
 * the gateway's (`POST /api/topologies/validate`); the form checks only its own fields.
 */
export type TopologyModel = ResourceModel;

/** Spec 03 §3: a topology's namespace defaults to 'default'. */
export const DEFAULT_NAMESPACE = 'default';

export function newTopologyModel(): TopologyModel {
  return { name: '', namespace: DEFAULT_NAMESPACE, labels: [], spec: { schedule: DEFAULT_TOPOLOGY_SCHEDULE } };
}

export function toTopologyYaml(model: TopologyModel): string {
  return resourceYaml({ apiVersion: TOPOLOGY_API_VERSION, kind: TOPOLOGY_KIND }, model, model.spec);
}

export function parseTopologyYaml(text: string): ResourceParseResult {
  return parseResourceYaml(text, { kind: TOPOLOGY_KIND, defaultNamespace: DEFAULT_NAMESPACE });
}

/** The Form tab lists the top-level components as entries of one group (each edited in the Code tab). */
export const COMPONENTS_KEY = 'components';

/**
 * A starter's components added to the spec (after those already there, a repeated name numbered so siblings stay
 * distinct); its icon and type fill the topology's only where it has none, and the schedule already set is kept.
 */
export function addStarter(spec: Record<string, unknown>, starterId: string): Record<string, unknown> {
  const starter = TOPOLOGY_STARTERS.find((s) => s.id === starterId);
  if (!starter) return spec;
  // A copy: the starter stays as written whatever the form does to the model.
  const { components: added, ...rest } = JSON.parse(JSON.stringify(starter.document.spec)) as TopologyStarterDocument['spec'];
  const existing = Array.isArray(spec[COMPONENTS_KEY]) ? (spec[COMPONENTS_KEY] as unknown[]) : [];
  const taken = new Set(existing.map((c) => (isPlainObject(c) ? c.name : undefined)).filter((name): name is string => typeof name === 'string'));
  const renamed = added.map((component) => {
    const base = String(component.name);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
    taken.add(name);
    return { ...component, name };
  });
  return { ...rest, ...spec, [COMPONENTS_KEY]: [...existing, ...renamed] };
}

// --- The form's own rules -------------------------------------------------------------------------------------

/** The gateway's rule for a topology's name and namespace (Kubernetes-style), in its words. */
export const NAME_FORMAT_MESSAGE = "use lowercase letters, digits, '-' and '.'";
const NAME_MAX_LENGTH = 253;

export const SCHEDULE_TOO_FAST_MESSAGE = `A topology runs at most once a minute (@every ${MIN_TOPOLOGY_EVERY_MS / 60_000}m or slower)`;

const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `@every <duration>` in ms (the gateway's duration syntax: `30s`, `1m`, `1h30m`); null for cron, macros and
 * anything else, which are the gateway's to judge. The settings schedule list offers `@every 30s`, below a
 * topology's minimum, so the form says so before Save.
 */
export function everyMs(schedule: string): number | null {
  const match = /^@every\s+(\S+)$/.exec(schedule.trim());
  if (!match) return null;
  const parts = [...match[1].matchAll(DURATION_PART)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== match[1]) return null;
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_MS[unit], 0);
}

export interface TopologyFormProblem {
  /** A react-hook-form path: `name`, `namespace`, `spec.schedule`. */
  path: string;
  /** How the save error names the field. */
  where: string;
  message: string;
}

function nameProblem(value: string): string | null {
  if (!value.trim()) return REQUIRED_MESSAGE;
  return value.length > NAME_MAX_LENGTH || !DNS1123_PATTERN.test(value) ? NAME_FORMAT_MESSAGE : null;
}

/**
 * What the form refuses to send, by the gateway's rules for the form's own fields: a Kubernetes-style name and
 * namespace, and a schedule no faster than a topology may run.
 */
export function topologyFormProblems(model: TopologyModel): TopologyFormProblem[] {
  const problems: TopologyFormProblem[] = [];
  const name = nameProblem(model.name);
  if (name) problems.push({ path: 'name', where: 'Name', message: name });
  const namespace = nameProblem(model.namespace);
  if (namespace) problems.push({ path: 'namespace', where: 'Namespace', message: namespace });
  const schedule = model.spec.schedule;
  if (schedule !== undefined && schedule !== null && typeof schedule !== 'string') {
    problems.push({ path: 'spec.schedule', where: 'Schedule', message: 'must be text such as @every 5m or a cron expression' });
  } else if (typeof schedule === 'string') {
    const ms = everyMs(schedule);
    if (ms !== null && ms < MIN_TOPOLOGY_EVERY_MS) problems.push({ path: 'spec.schedule', where: 'Schedule', message: SCHEDULE_TOO_FAST_MESSAGE });
  }
  return problems;
}

/** The problems as the save error says them: `<where>: <message>`. */
export const formProblems = (model: TopologyModel) => topologyFormProblems(model).map((p) => `${p.where}: ${p.message}`);

/** The form's zod schema (react-hook-form + zod): each problem on its field. */
export const topologyFormSchema = z.custom<TopologyModel>().superRefine((model, ctx) => {
  for (const problem of topologyFormProblems(model)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem.message, path: problem.path.split('.') });
});
