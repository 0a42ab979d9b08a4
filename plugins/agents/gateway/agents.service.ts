import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import {
  AGENT_DEFAULT_SCRAPE_INTERVAL,
  AGENT_SCRAPE_INTERVALS,
  LOCAL_AGENT_ID,
  type AgentFormValues,
  type AgentGenerateResponse,
  type AgentSummary,
} from '@contracts';
import { IdentityService } from '@gateway/core/auth/identity.service';
import { newSecret, sha256 } from '@gateway/core/auth/tokens';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { asDomainError } from '@gateway/core/database/db-errors';
import { loadUserYaml } from '@gateway/core/documents/user-yaml';
import { badRequest, conflict, notFound } from '@gateway/core/http/domain-error';

/** access_tokens.purpose of an agent's upstream credentials: one per agent person. */
export const AGENT_TOKEN_PURPOSE = 'agent';
/** The Basic user name of an agent's credentials (the password is the token). */
export const AGENT_USERNAME = 'token' as const;
/** The chart agents are installed with, in this repository's helm/ folder. */
export const AGENT_CHART = 'ops-console';
/** The properties row naming the Helm repository that serves the chart (README "Installation instructions"). */
export const CHART_REPOSITORY_PROPERTY = 'agents.chart_repository';
export const DEFAULT_CHART_REPOSITORY = 'https://charts.example.com/ops-console';

const NAME_MAX = 255;
const LABEL_KEY_MAX = 255;
const LABEL_VALUE_MAX = 4096;
const LABELS_MAX = 100;
/** Keys of `properties` the form's settings live under, beside the user's labels. */
const FORM_KEYS = ['kubernetes', 'pushTelemetry'] as const;

export const LOCAL_AGENT_REFUSED = 'The local agent cannot be changed or deleted';
export const RENAME_REFUSED = 'The name of an agent cannot be changed';
export const agentNameTaken = (name: string) => `An agent named "${name}" already exists`;
export const AGENT_NOT_FOUND = 'Agent not found';

/** The chart and repository the installation instructions use. */
export interface AgentChartInfo {
  chart: string;
  version: string | null;
  repository: { name: string; url: string };
  /** This console's public URL (PUBLIC_URL) when configured; the web falls back to its own origin. */
  publicUrl: string | null;
}

/** A live agent as other code sees it. */
export interface AgentRef {
  id: string;
  name: string;
  person_id: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form's values checked and normalised; every refusal is one sentence naming the field (400). */
export function validateAgentForm(input: unknown, { requireName }: { requireName: boolean }): Partial<AgentFormValues> & { description?: string | null } {
  if (!isObject(input)) throw badRequest('The body must be a JSON object');
  const out: Partial<AgentFormValues> & { description?: string | null } = {};
  if (input.name !== undefined || requireName) {
    if (typeof input.name !== 'string' || !input.name.trim()) throw badRequest('name: This field is required');
    const name = input.name.trim();
    if (name.length > NAME_MAX) throw badRequest(`name: at most ${NAME_MAX} characters`);
    if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest('name: control characters are not allowed');
    out.name = name;
  }
  if (input.properties !== undefined && input.properties !== null) {
    if (!isObject(input.properties)) throw badRequest('properties: must be a map of strings');
    const entries = Object.entries(input.properties);
    if (entries.length > LABELS_MAX) throw badRequest(`properties: at most ${LABELS_MAX} entries`);
    const labels: Record<string, string> = {};
    for (const [key, value] of entries) {
      if (!key.trim()) throw badRequest('properties: a key is empty');
      if (key.length > LABEL_KEY_MAX) throw badRequest(`properties: the key "${key.slice(0, 40)}…" is longer than ${LABEL_KEY_MAX} characters`);
      if ((FORM_KEYS as readonly string[]).includes(key)) throw badRequest(`properties: "${key}" is reserved for the form's settings`);
      if (typeof value !== 'string') throw badRequest(`properties.${key}: must be a string`);
      if (value.length > LABEL_VALUE_MAX) throw badRequest(`properties.${key}: at most ${LABEL_VALUE_MAX} characters`);
      labels[key] = value;
    }
    out.properties = labels;
  }
  if (input.kubernetes !== undefined && input.kubernetes !== null) {
    const k = input.kubernetes;
    if (!isObject(k)) throw badRequest('kubernetes: must be an object with enabled and interval');
    if (k.enabled !== undefined && typeof k.enabled !== 'boolean') throw badRequest('kubernetes.enabled: must be true or false');
    const interval = k.interval ?? AGENT_DEFAULT_SCRAPE_INTERVAL;
    if (typeof interval !== 'string' || !(AGENT_SCRAPE_INTERVALS as readonly string[]).includes(interval)) {
      throw badRequest(`kubernetes.interval: must be one of ${AGENT_SCRAPE_INTERVALS.join(', ')}`);
    }
    let exclusions: string[] | undefined;
    if (k.exclusions !== undefined && k.exclusions !== null) {
      if (!Array.isArray(k.exclusions) || k.exclusions.some((e) => typeof e !== 'string')) throw badRequest('kubernetes.exclusions: must be a list of strings');
      exclusions = k.exclusions as string[];
    }
    out.kubernetes = { enabled: k.enabled === true, interval, ...(exclusions ? { exclusions } : {}) };
  }
  if (input.pushTelemetry !== undefined && input.pushTelemetry !== null) {
    const t = input.pushTelemetry;
    if (!isObject(t)) throw badRequest('pushTelemetry: must be an object with enabled');
    if (t.enabled !== undefined && typeof t.enabled !== 'boolean') throw badRequest('pushTelemetry.enabled: must be true or false');
    if (t.topologyName !== undefined && t.topologyName !== null && typeof t.topologyName !== 'string')
      throw badRequest('pushTelemetry.topologyName: must be a string');
    const topologyName = typeof t.topologyName === 'string' ? t.topologyName.trim() : '';
    out.pushTelemetry = { enabled: t.enabled === true, ...(topologyName ? { topologyName } : {}) };
  }
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string') throw badRequest('description: must be a string');
    out.description = input.description as string | null;
  }
  return out;
}

/** The stored `properties`: the user's labels plus the form's settings under their own keys. */
export function storedProperties(labels: Record<string, string>, form: Pick<AgentFormValues, 'kubernetes' | 'pushTelemetry'>): Record<string, unknown> {
  return {
    ...labels,
    ...(form.kubernetes ? { kubernetes: form.kubernetes } : {}),
    ...(form.pushTelemetry ? { pushTelemetry: form.pushTelemetry } : {}),
  };
}

/** Splits stored `properties` back into the labels and the form's settings. */
export function formFromProperties(
  properties: Record<string, unknown> | null | undefined,
): Pick<AgentFormValues, 'properties' | 'kubernetes' | 'pushTelemetry'> {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties ?? {})) if (typeof value === 'string') labels[key] = value;
  const k = properties?.kubernetes;
  const t = properties?.pushTelemetry;
  return {
    properties: labels,
    ...(isObject(k) ? { kubernetes: k as unknown as AgentFormValues['kubernetes'] } : {}),
    ...(isObject(t) ? { pushTelemetry: t as unknown as AgentFormValues['pushTelemetry'] } : {}),
  };
}

/**
 * Agents (spec 02 Agents): an agent is a row of `agents` and a person of type 'agent' (no password, no email, no role:
 * it cannot sign in, and the push endpoint only accepts the person of a live agent) whose one access token
 * (purpose 'agent', stored hashed) is the agent's upstream password. The database keeps the rules for every path
 * (migration AgentLifecycle): read-only name, the local agent untouchable, a soft delete revoking the token and, with
 * cleanup, removing the agent's rows in the same transaction.
 */
@Injectable()
export class AgentsService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Creates the agent, its person and its access token; the token is in the answer only. */
  async generate(input: unknown, createdBy: string): Promise<AgentGenerateResponse> {
    const form = validateAgentForm(input, { requireName: true });
    const name = form.name!;
    const token = newSecret('oc_');
    try {
      return await this.db.transaction(async (tx) => {
        if ((await tx.query(`SELECT 1 FROM agents WHERE name = $1 AND deleted_at IS NULL`, [name])).rowCount)
          throw conflict(agentNameTaken(name), 'agent_exists');
        const person = await tx.query<{ id: string }>(`INSERT INTO people (name, type) VALUES ($1, 'agent') RETURNING id`, [`agent: ${name}`]);
        const personId = person.rows[0].id;
        const agent = await tx.query<{ id: string }>(
          `INSERT INTO agents (name, description, properties, person_id, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [name, form.description ?? null, JSON.stringify(storedProperties(form.properties ?? {}, form)), personId, createdBy],
        );
        await tx.query(`INSERT INTO access_tokens (name, purpose, value_hash, person_id, created_by) VALUES ($1, $2, $3, $4, $5)`, [
          `agent: ${name}`,
          AGENT_TOKEN_PURPOSE,
          sha256(token),
          personId,
          createdBy,
        ]);
        return { id: agent.rows[0].id, name, username: AGENT_USERNAME, access_token: token };
      });
    } catch (error) {
      throw asDomainError(error, { unique: agentNameTaken(name), uniqueCode: 'agent_exists' });
    }
  }

  /** A live agent's row of `agents_summary`; 404 for a missing, deleted or the local agent. */
  async get(id: string): Promise<AgentSummary> {
    if (!UUID.test(id)) throw notFound(AGENT_NOT_FOUND);
    const row = await this.db.one<AgentSummary>(`SELECT * FROM agents_summary WHERE id = $1`, [id]);
    if (!row) throw notFound(AGENT_NOT_FOUND);
    return row;
  }

  /** Changes properties, the form's settings or the description; a different name is refused (400). */
  async update(id: string, input: unknown): Promise<AgentSummary> {
    const current = await this.live(id);
    const form = validateAgentForm(input, { requireName: false });
    if (form.name !== undefined && form.name !== current.name) throw badRequest(RENAME_REFUSED, 'agent_name_read_only');
    const before = formFromProperties(current.properties);
    const properties = storedProperties(form.properties ?? before.properties ?? {}, {
      kubernetes: form.kubernetes ?? before.kubernetes,
      pushTelemetry: form.pushTelemetry ?? before.pushTelemetry,
    });
    try {
      await this.db.query(`UPDATE agents SET properties = $2, description = CASE WHEN $3 THEN $4 ELSE description END WHERE id = $1`, [
        id,
        JSON.stringify(properties),
        form.description !== undefined,
        form.description ?? null,
      ]);
    } catch (error) {
      throw asDomainError(error);
    }
    return this.get(id);
  }

  /**
   * Soft delete: deleted_at now; the agent's token stops working at once (its person is deleted, which revokes its
   * tokens; this replica forgets it now, others within AUTH_CACHE_MS). With `cleanup` the rows the agent pushed go in
   * the same transaction.
   */
  async remove(id: string, cleanup: boolean): Promise<void> {
    await this.live(id);
    const rows = await this.db
      .query<{ person_id: string | null }>(`UPDATE agents SET cleanup = $2, deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING person_id`, [
        id,
        cleanup,
      ])
      .catch((error: unknown) => {
        throw asDomainError(error);
      });
    if (!rows.length) throw notFound(AGENT_NOT_FOUND);
    if (rows[0].person_id) this.identity.evictPerson(rows[0].person_id);
  }

  /** The live agent a person acts for (the push endpoint's check), or undefined. */
  async agentOfPerson(personId: string): Promise<AgentRef | undefined> {
    return this.db.one<AgentRef>(`SELECT id, name, person_id FROM agents WHERE person_id = $1 AND deleted_at IS NULL AND id <> $2`, [personId, LOCAL_AGENT_ID]);
  }

  /** After a data-API write to agents: forget on this replica the identities of agents it deleted. */
  async evictDeletedIn(tx: PoolClient): Promise<void> {
    const { rows } = await tx.query<{ person_id: string }>(
      `SELECT person_id FROM agents WHERE xmin = pg_current_xact_id()::xid AND deleted_at IS NOT NULL AND person_id IS NOT NULL`,
    );
    for (const { person_id } of rows) this.identity.evictPerson(person_id);
  }

  /** The chart's name and version (helm/ops-console/Chart.yaml) and the Helm repository setting. */
  async chart(): Promise<AgentChartInfo> {
    let chart = AGENT_CHART;
    let version: string | null = null;
    try {
      const text = await fs.readFile(path.join(this.config.helmDir, AGENT_CHART, 'Chart.yaml'), 'utf8');
      const meta = loadUserYaml(text.slice(0, 64 * 1024));
      if (isObject(meta)) {
        if (typeof meta.name === 'string' && meta.name.trim()) chart = meta.name.trim();
        if (typeof meta.version === 'string' || typeof meta.version === 'number') version = String(meta.version);
      }
    } catch {
      // Not shipped here (an image without helm/): the snippets name the chart without a version (the newest).
    }
    // PROPERTIES (the config's local properties) wins over the properties table, as for feature flags.
    const local = this.config.localProperties[CHART_REPOSITORY_PROPERTY]?.trim();
    const setting = local ? undefined : await this.db.one<{ value: string }>(`SELECT value FROM properties WHERE name = $1`, [CHART_REPOSITORY_PROPERTY]);
    const url = local || setting?.value.trim() || DEFAULT_CHART_REPOSITORY;
    return { chart, version, repository: { name: chart, url }, publicUrl: this.config.publicUrl };
  }

  /** A live, remote agent (the local one is refused: 400). */
  private async live(id: string): Promise<{ id: string; name: string; properties: Record<string, unknown> }> {
    if (id === LOCAL_AGENT_ID) throw badRequest(LOCAL_AGENT_REFUSED, 'local_agent');
    if (!UUID.test(id)) throw notFound(AGENT_NOT_FOUND);
    const row = await this.db.one<{ id: string; name: string; properties: Record<string, unknown> }>(
      `SELECT id, name, properties FROM agents WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!row) throw notFound(AGENT_NOT_FOUND);
    return row;
  }
}
