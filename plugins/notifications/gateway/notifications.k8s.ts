import { Injectable } from '@nestjs/common';
import { can, NANOS_PER_MILLI, parseDurationMs, type CustomService, type NotificationRule, type NotificationRuleInput } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';
import { K8S_RESOURCES, k8sVersionColumns, keepRowMeta, type K8sQuery, type K8sResourceKind, type K8sStoredObject, type K8sWrite } from '@gateway/core/k8s';
import { channelScheme } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ruleForReader } from './redact';
import { NotificationRulesService } from './rules.service';
import { clip, UUID } from './validation';

const GROUP = 'mission-control.flanksource.com';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The CRD's spec fields this console keeps (flanksource/mission-control's NotificationSpec). */
const SPEC_FIELDS = new Set(['events', 'title', 'template', 'filter', 'to', 'properties', 'repeatInterval', 'waitFor']);
/** The CRD's fields this console has no behaviour for: refused by name rather than dropped. */
const UNSUPPORTED = new Set(['fallback', 'groupBy', 'inhibit', 'waitForEvalPeriod']);
const TO_FIELDS = new Set(['person', 'team', 'url', 'connection', 'properties', 'name', 'custom']);

const NANOS: Record<string, number> = { h: 3_600_000_000_000, m: 60_000_000_000, s: 1_000_000_000, ms: 1_000_000 };

/** A Go duration (`5m`, `1h30m`, `90s`) in nanoseconds; null when it does not read as one. */
export function durationNanos(text: string): number | null {
  const ms = parseDurationMs(text.trim(), { units: ['h', 'm', 's', 'ms'], decimals: false });
  const total = ms === null ? null : ms * NANOS_PER_MILLI;
  return total !== null && Number.isSafeInteger(total) ? total : null;
}

/** Nanoseconds as the shortest Go duration (`300000000000` → `5m`, `5400000000000` → `1h30m`). */
export function nanosDuration(nanos: number): string {
  let rest = nanos;
  let text = '';
  for (const unit of ['h', 'm', 's', 'ms'] as const) {
    const n = Math.floor(rest / NANOS[unit]);
    if (n > 0) text += `${n}${unit}`;
    rest -= n * NANOS[unit];
  }
  return text || `${nanos}ns`;
}

/** The name an unnamed `to.url` / `to.connection` recipient gets: the channel (`slack`, `generic`) or the connection. */
export function recipientName(service: Pick<CustomService, 'url' | 'connection'>): string {
  if (service.url) return (channelScheme(service.url) ?? 'url').split('+')[0];
  const reference = (service.connection ?? '').replace(/^connection:\/\//, '');
  return reference.split('/').filter(Boolean).pop() || 'connection';
}

type Row = NotificationRule & {
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  rv: string;
  created: string;
};

/**
 * A rule as the CRD's spec. One "Others" recipient is `to.url` or `to.connection` with `to.properties` (and `to.name`
 * when it is not the default one); several are `to.custom` (this console's extension: a list of {name, url |
 * connection, properties}).
 */
export function ruleToSpec(rule: NotificationRule): Record<string, unknown> {
  const to: Record<string, unknown> = {};
  if (rule.person_id) to.person = rule.person_id;
  if (rule.team_id) to.team = rule.team_id;
  const services = rule.custom_services ?? [];
  if (services.length === 1) {
    const [service] = services;
    if (service.url) to.url = service.url;
    if (service.connection) to.connection = service.connection;
    if (service.properties && Object.keys(service.properties).length) to.properties = service.properties;
    if (service.name !== recipientName(service)) to.name = service.name;
  } else if (services.length > 1) to.custom = services;
  const spec: Record<string, unknown> = { events: rule.events ?? [] };
  if (rule.title) spec.title = rule.title;
  if (rule.template) spec.template = rule.template;
  if (rule.filter) spec.filter = rule.filter;
  spec.to = to;
  if (rule.properties && Object.keys(rule.properties).length) spec.properties = rule.properties;
  if (rule.repeat_interval) spec.repeatInterval = rule.repeat_interval;
  if (rule.wait_for !== null && rule.wait_for !== undefined) spec.waitFor = nanosDuration(Number(rule.wait_for));
  return spec;
}

/**
 * The CRD's spec as the rules API's input, every field given (an apply replaces the rule whole). Only the mapping is
 * checked here (field names, the recipients' form, `waitFor` as a duration); the rules service checks the rest.
 * `person` is an id or an email, `team` an id or a name (as in the CRD): `resolve` finds them.
 */
export async function specToRule(
  spec: Record<string, unknown>,
  resolve: { person(email: string): Promise<string | null>; team(name: string): Promise<string | null> },
): Promise<Omit<NotificationRuleInput, 'name' | 'namespace'>> {
  const problems: string[] = [];
  for (const key of Object.keys(spec)) {
    if (UNSUPPORTED.has(key)) problems.push(`spec.${key}: not supported by this console`);
    else if (!SPEC_FIELDS.has(key)) problems.push(`spec.${key}: unknown field (known: ${[...SPEC_FIELDS].join(', ')})`);
  }
  const raw = spec.to ?? {};
  const to: Record<string, unknown> = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (to !== raw) problems.push('spec.to: must be an object (person, team, url, connection, properties)');
  for (const key of Object.keys(to)) {
    if (key === 'email') problems.push('spec.to.email: not supported by this console: name a person (spec.to.person) or an smtp:// URL (spec.to.url)');
    else if (key === 'playbook') problems.push('spec.to.playbook: not supported by this console');
    else if (!TO_FIELDS.has(key)) problems.push(`spec.to.${key}: unknown field (known: person, team, url, connection, properties)`);
  }

  const reference = async (value: unknown, field: string, find: (text: string) => Promise<string | null>, what: string): Promise<unknown> => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') {
      problems.push(`${field}: must be a string`);
      return null;
    }
    if (UUID.test(value.trim())) return value.trim();
    const id = await find(value.trim());
    if (!id) problems.push(`${field}: ${what} '${clip(value)}' not found`);
    return id;
  };
  const person_id = await reference(to.person, 'spec.to.person', (email) => resolve.person(email), 'person');
  const team_id = await reference(to.team, 'spec.to.team', (name) => resolve.team(name), 'team');

  // The rules service checks the services' shapes and channels; a single one gets its default name.
  let custom_services: unknown = null;
  const single = to.url !== undefined || to.connection !== undefined;
  if (single) {
    const service: Record<string, unknown> = { url: to.url ?? null, connection: to.connection ?? null, properties: to.properties ?? {} };
    service.name =
      to.name ?? recipientName({ url: typeof to.url === 'string' ? to.url : null, connection: typeof to.connection === 'string' ? to.connection : null });
    custom_services = [service];
  } else if (to.properties !== undefined || to.name !== undefined) {
    problems.push('spec.to.properties, spec.to.name: belong to a url or connection recipient');
  }
  if (to.custom !== undefined && to.custom !== null) {
    custom_services = Array.isArray(to.custom) && Array.isArray(custom_services) ? [...(custom_services as unknown[]), ...to.custom] : to.custom;
  }

  let wait_for: unknown = null;
  if (spec.waitFor !== undefined && spec.waitFor !== null && spec.waitFor !== '') {
    const nanos = typeof spec.waitFor === 'string' ? durationNanos(spec.waitFor) : null;
    if (nanos === null) problems.push(`spec.waitFor: '${clip(String(spec.waitFor))}' is not a duration (such as 5m or 1h)`);
    wait_for = nanos;
  }
  if (problems.length) throw badRequest(problems.join('; '), 'validation_failed', problems);

  return {
    events: spec.events as string[],
    title: (spec.title ?? null) as string | null,
    template: (spec.template ?? null) as string | null,
    filter: (spec.filter ?? null) as string | null,
    properties: (spec.properties ?? {}) as Record<string, string>,
    person_id: person_id as string | null,
    team_id: team_id as string | null,
    custom_services: custom_services as CustomService[] | null,
    repeat_interval: (spec.repeatInterval ?? null) as string | null,
    wait_for: wait_for as number | null,
  };
}

/**
 * mission-control.flanksource.com/v1 Notification on /api/k8s (kubectl): the rules of this plugin, written through
 * NotificationRulesService, so a kubectl apply is checked exactly as the rule form is (shape, CEL filter, templates,
 * recipients and their channels) and answers its problems as `Invalid`. Delete is the rules' soft delete. Reads show
 * the rule as the rules API does: whole to writers, its credentials masked (redact.ts) for everybody else, who also
 * get no last-applied annotation (a copy of the applied spec). Labels and annotations live in the rule's own row.
 */
@Injectable()
@Extension(K8S_RESOURCES, `notifications.${GROUP}`)
export class NotificationK8sKind implements K8sResourceKind {
  readonly group = GROUP;
  readonly version = 'v1';
  readonly kind = 'Notification';
  readonly plural = 'notifications';
  readonly singular = 'notification';
  readonly shortNames = ['notification'];
  readonly namespaced = true as const;
  readonly read = 'notifications' as const;
  readonly write = 'notifications' as const;
  readonly feature = 'settings.notifications' as const;
  readonly table = 'notifications';

  readonly printerColumns = [
    {
      name: 'Events',
      type: 'string' as const,
      description: 'The events it notifies',
      value: (o: K8sStoredObject) => ((o.spec.events as string[]) ?? []).join(','),
    },
    { name: 'Sent', type: 'integer' as const, description: 'Messages sent', value: (o: K8sStoredObject) => Number(o.status?.sent ?? 0) },
    { name: 'Failed', type: 'integer' as const, description: 'Messages that failed', value: (o: K8sStoredObject) => Number(o.status?.failed ?? 0) },
    {
      name: 'Error',
      type: 'string' as const,
      description: 'Why the rule cannot send',
      priority: 1,
      value: (o: K8sStoredObject) => (o.status?.error as string | undefined) ?? null,
    },
  ];

  constructor(
    private readonly db: Db,
    private readonly rules: NotificationRulesService,
  ) {}

  async list(query: K8sQuery): Promise<K8sStoredObject[]> {
    const rows = await this.db.query<Row>(
      `SELECT n.id, n.name, n.namespace, n.title, n.events, n.filter, n.template, n.properties, n.person_id, n.team_id,
              n.custom_services, n.repeat_interval, n.wait_for, n.error, n.labels, n.annotations, s.sent, s.failed, s.pending,
              ${k8sVersionColumns('n')}
         FROM notifications n JOIN notifications_with_status s ON s.id = n.id
        WHERE n.deleted_at IS NULL AND ($1::text IS NULL OR n.namespace = $1) AND ($2::text IS NULL OR n.name = $2)
        ORDER BY n.namespace, n.name`,
      [query.namespace ?? null, query.name ?? null],
    );
    const whole = can(query.principal.roles, 'notifications', 'write');
    return rows.map((row) => {
      const rule = whole ? row : ruleForReader(row);
      const annotations = { ...(row.annotations ?? {}) };
      if (!whole) delete annotations[LAST_APPLIED];
      const status: Record<string, unknown> = { sent: row.sent ?? 0, failed: row.failed ?? 0, pending: row.pending ?? 0 };
      if (row.error) status.error = row.error;
      return {
        uid: row.id,
        name: row.name,
        namespace: row.namespace,
        resourceVersion: row.rv,
        creationTimestamp: row.created,
        labels: row.labels ?? {},
        annotations,
        spec: ruleToSpec({ ...rule, wait_for: rule.wait_for === null ? null : Number(rule.wait_for) }),
        status,
      };
    });
  }

  async create(write: K8sWrite): Promise<void> {
    const input = await this.input(write);
    const rule = await this.rules.create({ ...input, name: write.name, namespace: write.namespace }, write.principal);
    await this.keepMeta(rule.id, write);
  }

  async update(uid: string, write: K8sWrite): Promise<void> {
    const input = await this.input(write);
    await this.rules.update(uid, { ...input, name: write.name, namespace: write.namespace });
    await this.keepMeta(uid, write);
  }

  async remove(uid: string, _principal: Principal): Promise<void> {
    await this.rules.remove(uid);
  }

  private input(write: K8sWrite) {
    return specToRule(write.spec, {
      person: async (email) =>
        (await this.db.one<{ id: string }>(`SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL`, [email]))?.id ?? null,
      team: async (name) => (await this.db.one<{ id: string }>(`SELECT id FROM teams WHERE name = $1 AND deleted_at IS NULL`, [name]))?.id ?? null,
    });
  }

  /** The labels and annotations, in the rule's row (written right after the rule; the version is the rule's). */
  private keepMeta(id: string, write: K8sWrite): Promise<void> {
    return keepRowMeta(this.db, 'notifications', id, write);
  }
}
