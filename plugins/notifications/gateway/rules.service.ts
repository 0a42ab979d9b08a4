import { Injectable } from '@nestjs/common';
import {
  can,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MESSAGES,
  type CustomService,
  type FilterCheck,
  type NotificationChannel,
  type NotificationRule,
  type NotificationRuleInput,
  type TemplatePreview,
} from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { ConnectionStore } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, conflict, notFound } from '@gateway/core/http/domain-error';
import { NOTIFICATION_CHANNELS, channelFor, channelScheme } from '@gateway/core/notifications';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { filterProblem } from './engine/filter';
import { markdownToHtml, renderMessage } from './engine/render';
import { RulesCache } from './engine/rules-cache';
import { sampleVariables } from './engine/variables';
import { ruleForReader } from './redact';
import type { FilterCheckDto, NotificationRuleDto, PageQueryDto, TemplatePreviewDto } from './notifications.dto';
import {
  MAX_CUSTOM_SERVICES,
  MAX_NAME,
  MAX_TEMPLATE,
  MAX_TEXT,
  clip,
  customServiceShape,
  eventsProblems,
  optionalText,
  optionalUuid,
  pageOf,
  refuse,
  repeatIntervalProblem,
  stringMapProblems,
  UUID,
  waitForProblem,
} from './validation';

/** What a rule write stores (every column the API sets). */
type RuleValues = Required<Omit<NotificationRuleInput, 'namespace'>> & { namespace: string };

const COLUMNS = `id, name, namespace, title, events, filter, template, properties, person_id, team_id, custom_services,
  repeat_interval, wait_for, source, error, created_by, created_at, updated_at, pending, failed, sent, avg_duration_ms,
  most_common_error`;

/** The columns of the rules list a caller may sort by. */
export const RULE_SORTS = [
  'name',
  'namespace',
  'title',
  'source',
  'repeat_interval',
  'wait_for',
  'pending',
  'failed',
  'sent',
  'avg_duration_ms',
  'created_at',
  'updated_at',
] as const;

type RuleRow = Omit<NotificationRule, 'wait_for'> & { wait_for: string | number | null };
const toRule = (row: RuleRow): NotificationRule => ({ ...row, wait_for: row.wait_for === null ? null : Number(row.wait_for) });

const notFoundRule = () => notFound('Notification not found');

/** The rule as this caller may see it: whole for writers, its credentials masked for everybody else (redact.ts). */
const forCaller = (rule: NotificationRule, principal: Pick<Principal, 'roles'> | null): NotificationRule =>
  !principal || can(principal.roles, 'notifications', 'write') ? rule : ruleForReader(rule);

/**
 * Notification rules (spec 03 §3, §5, §7; issue 15): list, read, create, change, soft delete, and the rule form's live
 * checks (filter, template preview). Every write is checked in full before anything is stored: the shape, the CEL
 * filter and the Go templates against a sample event (engine/), the recipients (people and teams exist, each "Others"
 * recipient reaches a registered channel by its URL scheme or connection type, and that channel accepts it).
 */
@Injectable()
export class NotificationRulesService {
  constructor(
    private readonly db: Db,
    private readonly evaluator: ExpressionEvaluator,
    private readonly connections: ConnectionStore,
    private readonly plugins: PluginHost,
    private readonly rulesCache: RulesCache,
  ) {}

  /** The registered channels, by type. */
  channels(): NotificationChannel[] {
    return this.plugins
      .contributions(NOTIFICATION_CHANNELS)
      .map((c) => c.instance)
      .sort((a, b) => a.type.localeCompare(b.type));
  }

  /** `principal`: the caller (readers without write see the rules' credentials masked); null: whole (internal). */
  async list(query: PageQueryDto, principal: Pick<Principal, 'roles'> | null): Promise<{ data: NotificationRule[]; totalEntries: number }> {
    const problems: string[] = [];
    const page = pageOf(query, { sortable: RULE_SORTS, sortBy: 'name', sortOrder: 'asc', pageSize: 50, maxPageSize: 200 }, problems);
    refuse(problems);
    const [rows, total] = await Promise.all([
      this.db.query<RuleRow>(
        `select ${COLUMNS} from notifications_with_status where deleted_at is null
          order by ${page.sortBy} ${page.sortOrder} nulls last, id limit $1 offset $2`,
        [page.limit, page.offset],
      ),
      this.db.one<{ n: number }>(`select count(*)::int as n from notifications where deleted_at is null`),
    ]);
    return { data: rows.map((row) => forCaller(toRule(row), principal)), totalEntries: total?.n ?? 0 };
  }

  /** `principal` as for list. */
  async get(id: string, principal: Pick<Principal, 'roles'> | null = null): Promise<NotificationRule> {
    if (!UUID.test(id)) throw notFoundRule();
    const row = await this.db.one<RuleRow>(`select ${COLUMNS} from notifications_with_status where id = $1 and deleted_at is null`, [id]);
    if (!row) throw notFoundRule();
    return forCaller(toRule(row), principal);
  }

  async create(body: NotificationRuleDto, principal: Principal): Promise<NotificationRule> {
    const values = await this.check(body, null);
    await this.ensureUnique(values, null);
    const row = await this.write(
      () =>
        this.db.one<{ id: string }>(
          `insert into notifications (name, namespace, title, events, filter, template, properties, person_id, team_id,
                                    custom_services, repeat_interval, wait_for, source, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'UI', $13) returning id`,
          [...this.params(values), principal.personId],
        ),
      values,
    );
    this.rulesCache.invalidate();
    return this.get(row!.id);
  }

  async update(id: string, body: NotificationRuleDto): Promise<NotificationRule> {
    const current = await this.get(id);
    const values = await this.check(body, current);
    await this.ensureUnique(values, id);
    const row = await this.write(
      () =>
        this.db.one<{ id: string }>(
          `update notifications set name = $1, namespace = $2, title = $3, events = $4, filter = $5, template = $6,
                  properties = $7, person_id = $8, team_id = $9, custom_services = $10, repeat_interval = $11,
                  wait_for = $12, error = null, updated_at = now()
            where id = $13 and deleted_at is null returning id`,
          [...this.params(values), id],
        ),
      values,
    );
    if (!row) throw notFoundRule();
    this.rulesCache.invalidate();
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw notFoundRule();
    const row = await this.db.one(`update notifications set deleted_at = now() where id = $1 and deleted_at is null returning id`, [id]);
    if (!row) throw notFoundRule();
    this.rulesCache.invalidate();
  }

  /** The rule form's filter check: compiles and runs on a sample of each named event; 200 either way. */
  async validateFilter(body: FilterCheckDto): Promise<FilterCheck> {
    if (body.filter === null || body.filter === undefined || body.filter === '') return { ok: true };
    if (typeof body.filter !== 'string') return { ok: false, error: 'filter: must be a string' };
    if (body.filter.length > MAX_TEXT) return { ok: false, error: `filter: at most ${MAX_TEXT} characters` };
    let events: string[] = [];
    if (body.events !== undefined && body.events !== null && !(Array.isArray(body.events) && body.events.length === 0)) {
      const checked = eventsProblems(body.events);
      if (checked.problems.length) return { ok: false, error: checked.problems.join('; ') };
      events = checked.expanded;
    }
    const problem = await filterProblem(body.filter, events, this.evaluator);
    return problem ? { ok: false, error: problem } : { ok: true };
  }

  /** The template preview: title and body rendered against a sample of `event`, and the body as the email's HTML. */
  async preview(body: TemplatePreviewDto): Promise<TemplatePreview> {
    const problems: string[] = [];
    let event = '';
    if (body.event === undefined || body.event === null || body.event === '') problems.push(`event: ${NOTIFICATION_MESSAGES.required}`);
    else if (typeof body.event !== 'string' || !(NOTIFICATION_EVENTS as readonly string[]).includes(body.event)) {
      problems.push(`event: unknown event '${clip(String(body.event))}' (known: ${NOTIFICATION_EVENTS.join(', ')})`);
    } else event = body.event;
    const title = optionalText(body.title, 'title', MAX_TEXT, problems);
    const template = optionalText(body.template, 'template', MAX_TEMPLATE, problems);
    refuse(problems);
    refuse(await this.templateProblems(title, template, [event]));
    const rendered = await renderMessage({ title, template }, event, sampleVariables(event), this.evaluator);
    return { title: rendered.title, body: rendered.body, html: markdownToHtml(rendered.body) };
  }

  // --- checks ---------------------------------------------------------------------------------------------------

  /** The values a write stores: `body` over `current` (PATCH) or alone (POST), checked in full. */
  private async check(body: NotificationRuleDto, current: NotificationRule | null): Promise<RuleValues> {
    const given = <K extends keyof NotificationRuleDto>(key: K): boolean => body[key] !== undefined;
    const pick = <K extends keyof NotificationRuleDto & keyof NotificationRule>(key: K): unknown => (given(key) || !current ? body[key] : current[key]);
    const problems: string[] = [];

    let name = '';
    const rawName = pick('name');
    if (rawName === undefined || rawName === null || (typeof rawName === 'string' && !rawName.trim())) problems.push(`name: ${NOTIFICATION_MESSAGES.required}`);
    else if (typeof rawName !== 'string') problems.push('name: must be a string');
    else if (rawName.trim().length > MAX_NAME) problems.push(`name: at most ${MAX_NAME} characters`);
    else name = rawName.trim();

    let namespace = 'default';
    const rawNamespace = pick('namespace');
    if (rawNamespace !== undefined && rawNamespace !== null && rawNamespace !== '') {
      if (typeof rawNamespace !== 'string') problems.push('namespace: must be a string');
      else if (rawNamespace.trim().length > MAX_NAME) problems.push(`namespace: at most ${MAX_NAME} characters`);
      else namespace = rawNamespace.trim() || 'default';
    }

    const title = optionalText(pick('title'), 'title', MAX_TEXT, problems);
    const { events, expanded, problems: eventProblems } = eventsProblems(pick('events'));
    problems.push(...eventProblems);
    const filter = optionalText(pick('filter'), 'filter', MAX_TEXT, problems);
    const template = optionalText(pick('template'), 'template', MAX_TEMPLATE, problems);
    const { map: properties, problems: propertyProblems } = stringMapProblems(pick('properties'), 'properties');
    problems.push(...propertyProblems);

    const repeat = pick('repeat_interval');
    const repeatProblem = repeatIntervalProblem(repeat);
    if (repeatProblem) problems.push(repeatProblem);
    const repeat_interval = repeatProblem || typeof repeat !== 'string' || !repeat.trim() ? null : repeat.trim();
    const wait = pick('wait_for');
    const waitProblem = waitForProblem(wait);
    if (waitProblem) problems.push(waitProblem);
    const wait_for = waitProblem || typeof wait !== 'number' ? null : wait;

    const person_id = optionalUuid(pick('person_id'), 'person_id', problems);
    const team_id = optionalUuid(pick('team_id'), 'team_id', problems);
    const custom_services = this.customShapes(pick('custom_services'), problems);
    const rawPerson = pick('person_id');
    const rawTeam = pick('team_id');
    const noRecipient = !rawPerson && !rawTeam && !(Array.isArray(pick('custom_services')) && (pick('custom_services') as unknown[]).length);
    if (noRecipient) problems.push('recipients: at least one of person_id, team_id or custom_services is required');
    refuse(problems);

    // What needs the database, the evaluator or the channels, once the shape is right.
    if (person_id && !(await this.db.one(`select 1 from people where id = $1 and deleted_at is null`, [person_id])))
      problems.push('person_id: person not found');
    if (team_id && !(await this.db.one(`select 1 from teams where id = $1 and deleted_at is null`, [team_id]))) problems.push('team_id: team not found');
    for (const [i, service] of (custom_services ?? []).entries()) problems.push(...(await this.channelProblems(service, i)));
    if (filter) {
      const problem = await filterProblem(filter, expanded, this.evaluator);
      if (problem) problems.push(problem.startsWith('filter') ? problem : `filter: ${problem}`);
    }
    problems.push(...(await this.templateProblems(title, template, expanded)));
    refuse(problems);

    return { name, namespace, title, events, filter, template, properties, person_id, team_id, custom_services, repeat_interval, wait_for };
  }

  private customShapes(value: unknown, problems: string[]): CustomService[] | null {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value)) {
      problems.push('custom_services: must be a list of {name, url} or {name, connection}');
      return null;
    }
    if (value.length > MAX_CUSTOM_SERVICES) {
      problems.push(`custom_services: at most ${MAX_CUSTOM_SERVICES} recipients`);
      return null;
    }
    const services: CustomService[] = [];
    value.forEach((raw, i) => {
      const service = customServiceShape(raw, i, problems);
      if (!service) return;
      // The recipient key is `custom:<name>`: two with one name would share one delivery record.
      if (services.some((s) => s.name === service.name)) problems.push(`custom_services[${i}].name: '${clip(service.name)}' is used twice`);
      else services.push(service);
    });
    return value.length ? services : null;
  }

  /** One "Others" recipient against the registered channels (problems prefixed `custom_services[i].`). */
  private async channelProblems(service: CustomService, index: number): Promise<string[]> {
    const at = `custom_services[${index}]`;
    const channels = this.channels();
    const known = channels.flatMap((c) => c.schemes);
    if (service.url) {
      const scheme = channelScheme(service.url);
      const channel = channelFor(channels, { url: service.url });
      if (!channel) {
        return [
          scheme
            ? `${at}.url: unknown channel scheme '${clip(scheme, 40)}' (known: ${known.join(', ') || 'none'})`
            : `${at}.url: a channel URL starts with its scheme (known: ${known.map((s) => `${s}://`).join(', ') || 'none'})`,
        ];
      }
      return channel.validate({ url: service.url, connection: null, properties: service.properties ?? {} }).map((p) => `${at}.${p}`);
    }
    const connection = await this.connections.resolve(service.connection);
    if (!connection) return [`${at}.connection: connection '${clip(service.connection ?? '')}' not found`];
    const channel = channelFor(channels, { connectionType: connection.type });
    if (!channel) {
      const types = [...new Set(channels.flatMap((c) => c.connectionTypes))];
      return [`${at}.connection: no channel takes connections of type '${connection.type}' (channels take: ${types.join(', ') || 'none'})`];
    }
    return channel.validate({ url: null, connection, properties: service.properties ?? {} }).map((p) => `${at}.${p}`);
  }

  /** Title and body each rendered against a sample of every event (a template error names its field). */
  private async templateProblems(title: string | null, template: string | null, events: readonly string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const [field, rule] of [
      ['title', { title, template: null }],
      ['template', { title: null, template }],
    ] as const) {
      if (!rule.title && !rule.template) continue;
      for (const event of events) {
        try {
          await renderMessage(rule, event, sampleVariables(event), this.evaluator);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          problems.push(message.startsWith(`${field}:`) ? message : `${field}: ${message}`);
          break;
        }
      }
    }
    return problems;
  }

  private async ensureUnique(values: RuleValues, id: string | null): Promise<void> {
    const clash = await this.db.one(`select 1 from notifications where namespace = $1 and name = $2 and deleted_at is null and id is distinct from $3`, [
      values.namespace,
      values.name,
      id,
    ]);
    if (clash) throw conflict(`A notification named ${values.name} already exists`);
  }

  /** A write, with the unique index's answer (a race the pre-check missed) as the same 409. */
  private async write<T>(work: () => Promise<T>, values: RuleValues): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict(`A notification named ${values.name} already exists`);
      if ((error as { code?: string }).code === '23503') throw badRequest('person_id or team_id: no longer exists');
      throw error;
    }
  }

  private params(v: RuleValues): unknown[] {
    return [
      v.name,
      v.namespace,
      v.title,
      v.events,
      v.filter,
      v.template,
      JSON.stringify(v.properties),
      v.person_id,
      v.team_id,
      v.custom_services === null ? null : JSON.stringify(v.custom_services),
      v.repeat_interval,
      v.wait_for,
    ];
  }
}
