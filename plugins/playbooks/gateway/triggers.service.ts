import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PlaybookEventTrigger, PlaybookScope, SearchableResource } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, loadConfig, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, secretResolver } from '@gateway/core/connections';
import { CredentialLedger } from '@gateway/core/outbound';
import { Db } from '@gateway/core/database/db.service';
import { EVENT_HANDLERS, type EventHandler, type QueuedEvent } from '@gateway/core/events';
import { badRequest, DomainError, notFound, unauthorized } from '@gateway/core/http/domain-error';
import { compileSchedule } from '@gateway/core/jobs';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import type { PlaybookRow } from './playbooks.service';
import { PlaybookResourcesService } from './resources.service';
import { PlaybookRunsService } from './runs.service';
import { matchesSelector, playbookApplies, SELECTOR_KEY } from './selectors';
import { condition, scopeVariables } from './templates';

/** Queue event → the trigger list it feeds and the event name written there (`check.failed` → canary `failed`). */
function triggerOf(name: string): { list: 'canary' | 'config' | 'component' | 'incident'; event: string; kind: SearchableResource | 'incident' } | null {
  if (name === 'check.passed' || name === 'check.failed') return { list: 'canary', event: name.slice(6), kind: 'check' };
  if (name.startsWith('config.')) return { list: 'config', event: name.slice(7), kind: 'config' };
  if (name.startsWith('component.')) return { list: 'component', event: name.slice(10), kind: 'component' };
  if (name === 'incident.created' || name === 'incident.status.updated') return { list: 'incident', event: name.slice(9), kind: 'incident' };
  return null;
}

/** Headers never kept with a webhook's run (credentials, sessions, signatures). */
const CREDENTIAL_HEADER = /auth|token|key|secret|cookie|session|signature|password|credential/i;

const COLUMNS = 'id, name, namespace, title, icon, description, category, source, spec, created_by, created_at, updated_at';

/**
 * What starts runs besides a person: events of the queue (a check failing, a config changing, a component's health,
 * an incident), schedules (`on.schedule`, claimed across replicas from `playbook_schedules`), and webhooks
 * (`POST /api/playbook/webhook/{path}`). An event starts at most one run per playbook (the event id is unique per
 * playbook on the run), so a redelivered event does not run a playbook twice.
 */
@Injectable()
@Extension(EVENT_HANDLERS, 'playbooks')
export class PlaybookTriggersService implements EventHandler, OnApplicationBootstrap, OnModuleDestroy {
  readonly events = ['check.passed', 'check.failed', 'config.*', 'component.*', 'incident.created', 'incident.status.updated'];
  private readonly logger = new Logger(PlaybookTriggersService.name);
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly settings: AppConfig['playbooks'];

  constructor(
    private readonly db: Db,
    private readonly runs: PlaybookRunsService,
    private readonly resources: PlaybookResourcesService,
    private readonly evaluator: ExpressionEvaluator,
    private readonly connections: ConnectionStore,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
  ) {
    this.settings = config?.playbooks ?? loadConfig({}).playbooks;
  }

  onApplicationBootstrap(): void {
    if (!this.settings.worker) return;
    this.timer = setInterval(() => void this.tickSchedules(), Math.max(this.settings.tickMs, 1000));
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
  }

  /** One queue event: every playbook with a matching trigger, whose selectors and filter accept the resource, runs. */
  async handle(event: QueuedEvent): Promise<void> {
    const trigger = triggerOf(event.name);
    if (!trigger) return;
    const playbooks = await this.db.query<PlaybookRow>(`SELECT ${COLUMNS} FROM playbooks WHERE deleted_at IS NULL AND spec -> 'on' ? $1`, [trigger.list]);
    if (!playbooks.length) return;
    const id = String(event.properties.id ?? '');
    if (!id) return;
    const incident =
      trigger.kind === 'incident'
        ? await this.db.one<Record<string, unknown>>(`SELECT id, title, status, severity, type FROM incidents WHERE id = $1`, [id])
        : null;
    const resource = trigger.kind === 'incident' ? null : await this.resources.load(trigger.kind, id);
    if (!incident && !resource) return; // deleted since: nothing to run against
    const eventScope: PlaybookScope['event'] = { name: event.name, properties: event.properties, created_at: event.created_at };
    for (const playbook of playbooks) {
      const entries = (playbook.spec.on?.[trigger.list] ?? []) as PlaybookEventTrigger[];
      const matching = entries.filter((t) => t.event === trigger.event || (trigger.list === 'config' && t.event === 'changed' && trigger.event === 'updated'));
      if (!matching.length) continue;
      if (resource && trigger.kind !== 'incident' && !playbookApplies(playbook.spec, trigger.kind, resource)) {
        // A trigger with no selectors of its kind applies to every resource of the event.
        const selectors = playbook.spec[SELECTOR_KEY[trigger.kind]];
        if (selectors?.length) continue;
      }
      const variables = {
        ...scopeVariables({
          params: {},
          playbook: { id: playbook.id, name: playbook.name, title: playbook.title },
          run: { id: '', created_by: null },
          actions: {},
          event: eventScope,
        }),
        [trigger.kind]: resource ?? incident,
      };
      let fires = false;
      for (const entry of matching) {
        if (entry.labels && resource && !matchesSelector(resource, { labels: entry.labels })) continue;
        if (!entry.filter) {
          fires = true;
          break;
        }
        try {
          if (await condition(entry.filter, variables, this.evaluator)) {
            fires = true;
            break;
          }
        } catch (error) {
          this.logger.warn(`Playbook ${playbook.namespace}/${playbook.name}: the filter of its ${trigger.list} trigger failed: ${(error as Error).message}`);
        }
      }
      if (!fires) continue;
      const kind = trigger.kind === 'incident' ? null : trigger.kind;
      const applies = kind && resource && (playbook.spec[SELECTOR_KEY[kind]] ?? []).length > 0;
      try {
        await this.runs.submit({
          playbook,
          resource: applies ? { kind: kind!, id } : null,
          params: {},
          principal: null,
          trigger: `event:${event.name}`,
          eventId: event.id,
          event: eventScope,
        });
      } catch (error) {
        // Parameters without defaults, filters excluding the resource: this playbook does not run for the event.
        if (error instanceof DomainError) this.logger.log(`Playbook ${playbook.namespace}/${playbook.name} not run for ${event.name} ${id}: ${error.message}`);
        else throw error;
      }
    }
  }

  /** Runs the schedules that are due (each claimed by one replica) and moves them to their next time. */
  tickSchedules(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        const due = await this.db.query<{ playbook_id: string; position: number; schedule: string }>(
          `WITH due AS (SELECT playbook_id, position FROM playbook_schedules WHERE next_run <= now() ORDER BY next_run LIMIT 50 FOR UPDATE SKIP LOCKED)
           UPDATE playbook_schedules s SET next_run = now() + interval '1 hour' FROM due
            WHERE s.playbook_id = due.playbook_id AND s.position = due.position RETURNING s.playbook_id, s.position, s.schedule`,
        );
        for (const entry of due) {
          const next = compileSchedule(entry.schedule).next(new Date());
          await this.db.query(`UPDATE playbook_schedules SET next_run = $3 WHERE playbook_id = $1 AND position = $2`, [
            entry.playbook_id,
            entry.position,
            next ?? new Date(8.64e15),
          ]);
          const playbook = await this.db.one<PlaybookRow>(`SELECT ${COLUMNS} FROM playbooks WHERE id = $1 AND deleted_at IS NULL`, [entry.playbook_id]);
          if (!playbook) continue;
          await this.runs
            .submit({ playbook, resource: null, params: {}, principal: null, trigger: 'schedule' })
            .catch((error) => this.logger.warn(`Scheduled run of ${playbook.namespace}/${playbook.name} not started: ${(error as Error).message}`));
        }
      } catch (error) {
        this.logger.warn(`Playbook schedules: ${(error as Error).message}`);
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /**
   * `POST /api/playbook/webhook/{path}`: the playbook whose `on.webhook.path` it is, authenticated as it says (basic
   * or bearer token; none when it names no authentication), runs with the request in `.request`.
   */
  async webhook(path: string, request: { body: unknown; headers: Record<string, string>; params: Record<string, string> }): Promise<{ run_id: string }> {
    if (path.includes('\0')) throw badRequest('The webhook path holds a NUL character');
    const playbook = await this.db.one<PlaybookRow>(`SELECT ${COLUMNS} FROM playbooks WHERE deleted_at IS NULL AND spec #>> '{on,webhook,path}' = $1`, [path]);
    if (!playbook) throw notFound('No playbook has this webhook');
    const auth = playbook.spec.on?.webhook?.authentication;
    if (auth) {
      const resolve = secretResolver((name) => this.connections.resolve(name), new CredentialLedger());
      const value = async (v: unknown) =>
        typeof v === 'string' ? v : typeof (v as { value?: unknown })?.value === 'string' ? (v as { value: string }).value : await resolve(v);
      const header = request.headers.authorization ?? '';
      let ok = false;
      if (auth.basic && header.startsWith('Basic ')) {
        const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
        ok = same(user, await value(auth.basic.username)) && same(rest.join(':'), await value(auth.basic.password));
      }
      if (!ok && auth.token !== undefined && header.startsWith('Bearer ')) ok = same(header.slice(7), await value(auth.token));
      if (!ok) throw unauthorized('The webhook needs valid credentials', 'webhook_unauthorized');
    }
    // What is kept of the request is readable by every reader of runs: no credential-looking header goes in.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !CREDENTIAL_HEADER.test(name)));
    const id = await this.runs.submit({ playbook, resource: null, params: {}, principal: null, trigger: 'webhook', request: { ...request, headers } });
    return { run_id: id! };
  }
}

function same(given: string, expected: string | null): boolean {
  if (expected === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
