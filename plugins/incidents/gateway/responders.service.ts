import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { Client } from 'pg';
import { INCIDENT_MESSAGES, ResponderSetupError, type ResolvedConnection, type ResponderIncident, type ResponderOption } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, notFound } from '@gateway/core/http/domain-error';
import { JobsService, type JobContext } from '@gateway/core/jobs';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import type { CreateResponderDto } from './dto/incident.dto';

export const RESPONDER_CREATE_JOB = 'responder.create';
export const RESPONDER_SWEEP_JOB = 'responder.sweep';
/** Retries after the first attempt, and the first retry's delay in seconds (doubled each time). */
export const RESPONDER_RETRY = { retryLimit: 3, retryDelay: 2 } as const;

interface ResponderRow {
  id: string;
  incident_id: string;
  type: 'person' | 'system';
  team_id: string | null;
  person_id: string | null;
  properties: Record<string, unknown>;
  external_id: string | null;
  status: string;
  attempts: number;
  error: string | null;
  deleted_at: string | null;
  [column: string]: unknown;
}

/**
 * Responder delivery (issue 3). A responder row, however inserted (data API POST or the domain endpoint), is
 * handed by the durable job `responder.create` to the handler its type contributes on the `responders` extension
 * point. The handler's external id is stored on the row; a failure is stored in `error` and the job retries
 * (3 retries, 2 s doubling). Types without a handler get status `no_integration` ('no integration configured').
 *
 * Inserts notify `responder_dispatch` (trigger), which a LISTEN connection turns into a job; a sweep every minute
 * enqueues rows that were never attempted (no replica was listening).
 */
@Injectable()
export class RespondersService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Responders');
  private listener: Client | null = null;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    private readonly plugins: PluginHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Global, provided when the connections plugin is part of the app.
    @Optional() private readonly connections?: ConnectionStore,
  ) {}

  onModuleInit(): void {
    this.jobs.work<{ responderId: string }>(RESPONDER_CREATE_JOB, (job) => this.deliver(job));
    this.jobs.work(RESPONDER_SWEEP_JOB, () => this.sweep());
    this.jobs.schedule(RESPONDER_SWEEP_JOB, '* * * * *');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen().catch((error) => this.logger.warn(`LISTEN responder_dispatch failed: ${(error as Error).message}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  /** POST /api/incidents/:id/responders: a team (with properties.responderType) or a person. */
  async create(incidentId: string, body: CreateResponderDto, personId: string): Promise<ResponderRow> {
    if (!body.team_id === !body.person_id) throw badRequest('Choose either a team or a person');
    const properties = { ...(body.properties ?? {}) };
    if (body.person_id) properties.responderType ??= 'person';
    if (body.team_id && typeof properties.responderType !== 'string') throw badRequest('Please provide valid value', 'bad_request', { field: 'responderType' });
    const type = body.type ?? (body.person_id ? 'person' : 'system');
    const row = await mapDbErrors(async () => {
      const incident = await this.db.one('SELECT id FROM incidents WHERE id = $1', [incidentId]);
      if (!incident) throw notFound('Incident not found');
      return (
        await this.db.query<ResponderRow>(
          `INSERT INTO responders (incident_id, type, team_id, person_id, properties, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
          [incidentId, type, body.team_id ?? null, body.person_id ?? null, JSON.stringify(properties), personId],
        )
      )[0];
    });
    await this.enqueue(row.id).catch((error) => this.logger.warn(`Could not enqueue responder ${row.id}: ${(error as Error).message}`));
    return row;
  }

  async enqueue(responderId: string): Promise<void> {
    await this.jobs.send(RESPONDER_CREATE_JOB, { responderId }, { ...RESPONDER_RETRY, singletonKey: responderId });
  }

  /** GET /api/incidents/responder-options/:type/:key. Failures give an empty list (spec §8). */
  async options(type: string, key: string, connectionRef: string | undefined, params: Record<string, string>): Promise<ResponderOption[]> {
    const handler = this.plugins.find(RESPONDER_HANDLERS, type);
    if (!handler?.options) return [];
    try {
      const connection = await this.resolveConnection(connectionRef);
      return await handler.options(key, params, connection);
    } catch (error) {
      this.logger.warn(`Options ${type}/${key}: ${(error as Error).message}`);
      return [];
    }
  }

  /** The job: hand the responder to its handler and store the outcome on the row. */
  async deliver(job: JobContext<{ responderId: string }>): Promise<void> {
    const r = (
      await this.db.query<ResponderRow & { team_spec: Record<string, unknown> | null }>(
        `SELECT r.*, t.spec AS team_spec FROM responders r LEFT JOIN teams t ON t.id = r.team_id WHERE r.id = $1`,
        [job.data.responderId],
      )
    )[0];
    if (!r || r.deleted_at || r.status === 'created' || r.status === 'no_integration') return;
    // A second job for the same responder (the endpoint and every replica's LISTEN both enqueue; stately queues
    // only keep one queued at a time) is a no-op once another job has made an attempt: that job owns the retries.
    if (job.retryCount === 0 && r.attempts > 0) return;
    const handlerType = typeof r.properties?.responderType === 'string' ? (r.properties.responderType as string) : r.person_id ? 'person' : '';
    const handler = this.plugins.find(RESPONDER_HANDLERS, handlerType);
    if (!handler) {
      await this.db.query(`UPDATE responders SET status = 'no_integration', error = $2, last_attempt = now() WHERE id = $1`, [
        r.id,
        INCIDENT_MESSAGES.noIntegration,
      ]);
      return;
    }
    try {
      const incident = await this.incident(r.incident_id);
      const connection = await this.resolveConnection(this.connectionRef(r, handlerType));
      const { externalId } = await handler.create({ incident, responderId: r.id, fields: fieldsOf(r.properties), connection });
      await this.db.query(
        `UPDATE responders SET status = 'created', external_id = $2, error = NULL, error_setting = NULL, attempts = attempts + 1, last_attempt = now() WHERE id = $1`,
        [r.id, externalId],
      );
    } catch (error) {
      const message = (error as Error)?.message || String(error);
      const final = job.retryCount >= job.retryLimit;
      // Something to set up: operators read the plain sentence, admins get the page that fixes it, the log the reason.
      const setting = error instanceof ResponderSetupError ? error.setting : null;
      if (error instanceof ResponderSetupError) this.logger.warn(`Responder ${r.id}: ${error.reason}`);
      await this.db.query(`UPDATE responders SET status = $2, error = $3, error_setting = $4, attempts = attempts + 1, last_attempt = now() WHERE id = $1`, [
        r.id,
        final ? 'failed' : 'pending',
        message,
        setting,
      ]);
      throw error;
    }
  }

  /** Rows never attempted whose insert notification nobody heard. */
  async sweep(): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM responders WHERE status = 'pending' AND deleted_at IS NULL AND attempts = 0 AND created_at < now() - interval '30 seconds'
        ORDER BY created_at LIMIT 500`,
    );
    for (const { id } of rows) await this.enqueue(id);
    return rows.length;
  }

  /**
   * Which connection a responder uses: `properties.connection` (or `instance`, the Jira instance choice), else the
   * team spec's `responder_clients[type].connection`.
   */
  private connectionRef(r: ResponderRow & { team_spec: Record<string, unknown> | null }, type: string): string | null {
    const p = r.properties ?? {};
    const own = p.connection ?? p.instance;
    if (typeof own === 'string' && own) return own;
    const client = (r.team_spec?.responder_clients as Record<string, Record<string, unknown>> | undefined)?.[type];
    const ref = client?.connection ?? (client?.values as Record<string, unknown> | undefined)?.connection;
    return typeof ref === 'string' && ref ? ref : null;
  }

  private async resolveConnection(ref: string | null | undefined): Promise<ResolvedConnection | null> {
    if (!ref) return null;
    if (!this.connections) throw new Error('Connections are not available in this gateway');
    const connection = await this.connections.resolve(ref);
    if (!connection) throw new Error(`Connection '${ref}' not found`);
    return connection;
  }

  private async incident(id: string): Promise<ResponderIncident> {
    const row = await this.db.one<Omit<ResponderIncident, 'url'>>(
      'SELECT id, incident_id, title, description, severity, status, type FROM incidents WHERE id = $1',
      [id],
    );
    if (!row) throw new Error('The incident no longer exists');
    // PUBLIC_URL (validated, no trailing slash); unset → a link relative to the console's root.
    return { ...row, url: `${this.config.publicUrl ?? ''}/incidents/${row.id}` };
  }

  private async listen(): Promise<void> {
    if (this.closing) return;
    const options = this.db.pool.options as ConstructorParameters<typeof Client>[0];
    const client = new Client(options);
    client.on('error', (error) => {
      this.logger.warn(`Responder listener lost its connection: ${error.message}`);
      if (this.listener === client) this.listener = null;
      if (!this.closing) setTimeout(() => void this.listen().catch(() => undefined), 5000).unref();
    });
    client.on('notification', (message) => {
      if (message.channel === 'responder_dispatch' && message.payload) {
        void this.enqueue(message.payload).catch((error) => this.logger.warn(`Could not enqueue responder ${message.payload}: ${(error as Error).message}`));
      }
    });
    await client.connect();
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    await client.query('LISTEN responder_dispatch');
    this.listener = client;
  }
}

/** The form values handed to the handler: properties without `responderType`, as strings. */
function fieldsOf(properties: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (key === 'responderType' || value === null || value === undefined) continue;
    fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return fields;
}
