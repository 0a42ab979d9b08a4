import type { NotificationMessage, NotificationResourceType } from '@contracts';
import { resolvesIncident } from './decisions';
import type { EngineRule } from './rules-cache';
import type { EventVariables, LoadedVariables } from './variables';

/** Stable per rule and resource: an Opsgenie alias, a PagerDuty dedup_key, a thread key. */
export const groupKey = (ruleId: string, resourceId: string) => `${ruleId}:${resourceId}`;

/** The message every channel of a rule gets for an event (before the recipient's own properties). */
export function messageOf(
  rule: Pick<EngineRule, 'id' | 'properties'>,
  event: string,
  loaded: LoadedVariables,
  rendered: { title: string; body: string },
  count = 1,
): NotificationMessage {
  const resource = resourceOf(loaded.resourceType, loaded.variables);
  return {
    title: rendered.title,
    body: rendered.body,
    event,
    resource: resource ? { id: loaded.resourceId, type: loaded.resourceType, ...resource } : null,
    url: typeof loaded.variables.permalink === 'string' ? loaded.variables.permalink : null,
    properties: { ...rule.properties },
    groupKey: groupKey(rule.id, loaded.resourceId),
    resolved: resolvesIncident(event),
    count,
  };
}

function resourceOf(type: NotificationResourceType, variables: EventVariables): { name: string; health: string | null; status: string | null } | null {
  const key = type === 'playbook_run' ? 'run' : type;
  const r = variables[key] as Record<string, unknown> | undefined;
  if (!r) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const playbook = (variables.playbook ?? {}) as Record<string, unknown>;
  const name =
    str(r.name) ?? str(r.title) ?? (type === 'playbook_run' ? (str(playbook.title) ?? str(playbook.name)) : null) ?? str(r.incident_id) ?? String(r.id ?? '');
  const health = type === 'check' ? str(r.status) : str(r.health);
  return { name, health, status: str(r.status) };
}
