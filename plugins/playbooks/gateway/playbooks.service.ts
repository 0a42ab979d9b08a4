import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import {
  DEFAULT_PLAYBOOK_CATEGORY,
  type PlaybookDocument,
  type PlaybookListItem,
  type PlaybookParamsResponse,
  type PlaybookRecord,
  type PlaybookScope,
  type PlaybookSpec,
  type SearchableResource,
} from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { Db, type Queryable } from '@gateway/core/database/db.service';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import { documentReader, DocumentError, loadUserYaml, type DocumentBodyDto, type DocumentProblem } from '@gateway/core/documents';
import { badRequest, forbidden, notFound } from '@gateway/core/http/domain-error';
import { compileSchedule } from '@gateway/core/jobs';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { can } from '@contracts';
import type { PlaybookBodyDto } from './dto/playbook.dto';
import { parsePlaybookYaml, playbookYaml, runsOnNames, validatePlaybook, type ActionTypes, type ParsedPlaybook } from './playbook-document';
import { KINDS, PlaybookResourcesService } from './resources.service';
import { playbookApplies, takesNoResource, type ResourceRow } from './selectors';
import { renderText } from './templates';

/** The spec form's body: the whole document, or its fields with the spec as YAML text or an object. */
export type PlaybookBody = PlaybookBodyDto;

/** A stored playbook (the contract's record). */
export type PlaybookRow = PlaybookRecord;

const COLUMNS = 'id, name, namespace, title, icon, description, category, source, spec, created_by, created_at, updated_at';

/** A resource reference of a request: exactly one of the three ids. */
export function resourceOf(request: {
  config_id?: string | null;
  check_id?: string | null;
  component_id?: string | null;
}): { kind: SearchableResource; id: string } | null {
  const given = KINDS.filter((kind) => request[`${kind}_id`]);
  if (given.length > 1) throw badRequest('Give one resource: config_id, check_id or component_id');
  return given.length ? { kind: given[0], id: request[`${given[0]}_id`] as string } : null;
}

/**
 * Playbook writes (spec 02: title and spec required; nothing saved on error, 400 `invalid_playbook` naming every
 * field), which playbooks apply to a resource, and their parameters with defaults for one. Saving an `exec` action
 * needs write on `exec` (admins), as an exec check does.
 */
@Injectable()
export class PlaybooksService {
  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly resources: PlaybookResourcesService,
    private readonly evaluator: ExpressionEvaluator,
  ) {}

  types(): ActionTypes {
    return { ids: this.plugins.ids(ACTION_TYPES).sort(), find: (type) => this.plugins.find(ACTION_TYPES, type) };
  }

  // The reader takes any document body; the playbook's also carries the spec form's fields.
  private readonly reader = documentReader((body: DocumentBodyDto) => this.read(body as PlaybookBody), 'invalid_playbook');

  parse(body: PlaybookBody): ParsedPlaybook {
    return this.reader.parse(body as DocumentBodyDto);
  }

  validate(body: PlaybookBody): { errors: DocumentProblem[] } {
    return this.reader.validate(body as DocumentBodyDto);
  }

  private read(body: PlaybookBody): ParsedPlaybook {
    if (typeof body.yaml === 'string') return parsePlaybookYaml(body.yaml, this.types());
    let spec: unknown = body.spec;
    if (typeof spec === 'string') {
      try {
        spec = loadUserYaml(spec);
      } catch (error) {
        throw new DocumentError([`spec: ${(error as Error).message}`]);
      }
    }
    if (spec === undefined || spec === null || spec === '') throw new DocumentError(['spec: required', ...(body.title ? [] : ['spec.title: required'])]);
    return validatePlaybook({ ...body, spec }, this.types());
  }

  async get(id: string): Promise<PlaybookDocument> {
    const row = await this.row(id);
    return { ...row, yaml: playbookYaml(row) };
  }

  async row(id: string, db: Queryable = this.db.pool): Promise<PlaybookRow> {
    const { rows } = await db.query<PlaybookRow>(`SELECT ${COLUMNS} FROM playbooks WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!rows[0]) throw notFound('Playbook not found');
    return rows[0];
  }

  async create(body: PlaybookBody, principal: Principal): Promise<PlaybookDocument> {
    const parsed = this.parse(body);
    this.assertMayWrite(parsed, principal);
    await this.assertApprovers(parsed.spec);
    await this.assertAgents(parsed.spec);
    const id = await this.write(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO playbooks (name, namespace, title, icon, description, category, spec, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [parsed.name, parsed.namespace, parsed.title, parsed.icon, parsed.description, parsed.category, parsed.spec, principal.personId],
      );
      await this.syncSchedules(tx, rows[0].id, parsed.spec);
      return rows[0].id;
    });
    return this.get(id);
  }

  async update(id: string, body: PlaybookBody, principal: Principal): Promise<PlaybookDocument> {
    const parsed = this.parse(body);
    const current = await this.row(id);
    this.assertMayWrite(parsed, principal, current.spec);
    await this.assertApprovers(parsed.spec);
    await this.assertAgents(parsed.spec);
    await this.write(async (tx) => {
      await tx.query(
        `UPDATE playbooks SET name = $2, namespace = $3, title = $4, icon = $5, description = $6, category = $7, spec = $8 WHERE id = $1 AND deleted_at IS NULL`,
        [id, parsed.name, parsed.namespace, parsed.title, parsed.icon, parsed.description, parsed.category, parsed.spec],
      );
      await this.syncSchedules(tx, id, parsed.spec);
    });
    return this.get(id);
  }

  /** Soft delete (spec 02 §4); runs keep their history, schedules stop. */
  async remove(id: string, principal: Principal): Promise<void> {
    const current = await this.row(id);
    if (this.specRunsCode(current.spec) && !can(principal.roles, 'exec', 'write')) {
      throw forbidden('Deleting a playbook with an exec action needs write on exec (admins)');
    }
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE playbooks SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id]);
      await tx.query(`DELETE FROM playbook_schedules WHERE playbook_id = $1`, [id]);
    });
  }

  /**
   * Keeps playbooks written through the data API (`POST|PATCH /api/db/playbooks`) valid: runs in that write's
   * transaction, so an invalid spec answers 400 and rolls the write back; the title and look follow the spec.
   */
  async syncWrittenRows(tx: PoolClient, principal: Principal): Promise<void> {
    const { rows } = await tx.query<PlaybookRow & { deleted_at: string | null }>(`SELECT ${COLUMNS}, deleted_at FROM playbooks WHERE updated_at = now()`);
    for (const row of rows) {
      // The spec this write replaced (kept by the playbooks_keep_prior trigger; none for an insert).
      const { rows: prior } = await tx.query<{ spec: string | null }>(`SELECT current_setting($1, true) AS spec`, [
        `console.playbook_prior_${row.id.replace(/-/g, '')}`,
      ]);
      const stored = prior[0]?.spec ? (JSON.parse(prior[0].spec) as PlaybookSpec) : undefined;
      if (row.deleted_at) {
        if (stored && this.specRunsCode(stored) && !can(principal.roles, 'exec', 'write')) {
          throw forbidden('Deleting a playbook with an exec action needs write on exec (admins)');
        }
        await tx.query(`DELETE FROM playbook_schedules WHERE playbook_id = $1`, [row.id]);
        continue;
      }
      const parsed = this.parse({
        name: row.name,
        namespace: row.namespace,
        title: row.title ?? undefined,
        spec: row.spec as unknown as Record<string, unknown>,
      });
      this.assertMayWrite(parsed, principal, stored);
      await this.assertApprovers(parsed.spec, tx);
      await this.assertAgents(parsed.spec, tx);
      await tx.query(`UPDATE playbooks SET title = $2, icon = $3, description = $4, category = $5, spec = $6 WHERE id = $1`, [
        row.id,
        parsed.title,
        parsed.icon,
        parsed.description,
        parsed.category,
        parsed.spec,
      ]);
      await this.syncSchedules(tx, row.id, parsed.spec);
    }
  }

  /** Playbooks that apply to the resource (all of them, with their parameters, when none is given). */
  async listFor(resource: { kind: SearchableResource; id: string } | null): Promise<PlaybookListItem[]> {
    const rows = await this.db.query<PlaybookRow>(`SELECT ${COLUMNS} FROM playbooks WHERE deleted_at IS NULL ORDER BY coalesce(title, name)`);
    let target: ResourceRow | null = null;
    if (resource) {
      target = await this.resources.load(resource.kind, resource.id);
      if (!target) throw notFound(`The ${resource.kind} was not found`);
    }
    return rows
      .filter((row) => !resource || playbookApplies(row.spec, resource.kind, target!))
      .map((row) => ({
        id: row.id,
        name: row.name,
        title: row.title,
        icon: row.icon,
        description: row.description,
        category: row.category || DEFAULT_PLAYBOOK_CATEGORY,
        parameters: row.spec.parameters ?? [],
      }));
  }

  /** The parameters with their defaults rendered for the resource (`{{ .config.name }}`). */
  async params(id: string, request: { config_id?: string; check_id?: string; component_id?: string }): Promise<PlaybookParamsResponse> {
    const playbook = await this.row(id);
    const ref = resourceOf(request);
    const scope: PlaybookScope = {
      params: {},
      playbook: { id: playbook.id, name: playbook.name, title: playbook.title },
      run: { id: '', created_by: null },
      actions: {},
    };
    if (ref) {
      const resource = await this.resources.load(ref.kind, ref.id);
      if (!resource) throw notFound(`The ${ref.kind} was not found`);
      if (!playbookApplies(playbook.spec, ref.kind, resource)) throw badRequest(`This playbook does not apply to this ${ref.kind}`);
      scope[ref.kind] = resource;
    } else if (!takesNoResource(playbook.spec)) {
      throw badRequest('Select a resource: this playbook runs against a config, check or component');
    }
    const params = await Promise.all(
      (playbook.spec.parameters ?? []).map(async (param) => {
        if (param.default === undefined || param.default === null) return param;
        try {
          return { ...param, default: await renderText(String(param.default), scope, this.evaluator) };
        } catch {
          // A default that cannot be rendered for this resource is offered empty: the user types the value.
          return { ...param, default: '' };
        }
      }),
    );
    return { params };
  }

  /**
   * Every listed approver must be someone: a person by id or email, a team by id or name (a typo would otherwise
   * leave runs waiting for nobody, or an `all` approval short of one). 400 naming each unknown one.
   */
  async assertApprovers(spec: PlaybookSpec, db: Queryable = this.db.pool): Promise<void> {
    const people = spec.approval?.approvers.people ?? [];
    const teams = spec.approval?.approvers.teams ?? [];
    if (!people.length && !teams.length) return;
    const { rows } = await db.query<{ kind: string; i: number }>(
      `SELECT 'people' AS kind, i FROM unnest($1::text[]) WITH ORDINALITY AS e(v, i)
        WHERE NOT EXISTS (SELECT 1 FROM people p WHERE p.deleted_at IS NULL AND (p.id::text = e.v OR lower(p.email::text) = lower(e.v)))
       UNION ALL
       SELECT 'teams', i FROM unnest($2::text[]) WITH ORDINALITY AS e(v, i)
        WHERE NOT EXISTS (SELECT 1 FROM teams t WHERE t.deleted_at IS NULL AND (t.id::text = e.v OR lower(t.name) = lower(e.v)))`,
      [people, teams],
    );
    if (!rows.length) return;
    const problems = rows.map(({ kind, i }) => {
      const index = Number(i) - 1;
      const value = kind === 'people' ? people[index] : teams[index];
      return `spec.approval.approvers.${kind}[${index}]: no ${kind === 'people' ? 'person has the email or id' : 'team has the name or id'} '${value}'`;
    });
    throw badRequest(problems.join('; '), 'invalid_playbook');
  }

  /** Every agent named in `runsOn` is registered (and not deleted); 400 naming each one that is not. */
  async assertAgents(spec: PlaybookSpec, db: Queryable = this.db.pool): Promise<void> {
    const named = runsOnNames(spec);
    if (!named.length) return;
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM agents WHERE deleted_at IS NULL AND name = ANY($1::text[])`, [
      named.map((n) => n.name),
    ]);
    const known = new Set(rows.map((r) => r.name));
    const problems = named.filter((n) => !known.has(n.name)).map((n) => `${n.at}: no agent is named '${n.name}'`);
    if (problems.length) throw badRequest(problems.join('; '), 'invalid_playbook');
  }

  specRunsCode(spec: PlaybookSpec): boolean {
    const types = this.types();
    return (spec.actions ?? []).some((action) => Object.keys(action).some((key) => types.find(key)?.runsCode));
  }

  /** An exec action (code on the console's machine) in the new or the stored spec: only writers of `exec` (admins). */
  private assertMayWrite(parsed: ParsedPlaybook, principal: Principal, stored?: PlaybookSpec): void {
    if ((parsed.runsCode || (stored && this.specRunsCode(stored))) && !can(principal.roles, 'exec', 'write')) {
      throw forbidden('A playbook with an exec action runs scripts on the console’s machine: saving it needs write on exec (admins)');
    }
  }

  /** One `playbook_schedules` row per `on.schedule[]` entry, due at its next time (kept when unchanged). */
  private async syncSchedules(tx: PoolClient, id: string, spec: PlaybookSpec): Promise<void> {
    const entries = (spec.on?.schedule ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.schedule).trim());
    await tx.query(`DELETE FROM playbook_schedules WHERE playbook_id = $1 AND (position >= $2 OR schedule <> ALL($3::text[]))`, [id, entries.length, entries]);
    for (const [position, schedule] of entries.entries()) {
      const next = compileSchedule(schedule).next(new Date());
      if (!next) continue;
      await tx.query(
        `INSERT INTO playbook_schedules (playbook_id, position, schedule, next_run) VALUES ($1, $2, $3, $4)
         ON CONFLICT (playbook_id, position) DO UPDATE SET schedule = EXCLUDED.schedule,
           next_run = CASE WHEN playbook_schedules.schedule = EXCLUDED.schedule THEN playbook_schedules.next_run ELSE EXCLUDED.next_run END`,
        [id, position, schedule, next],
      );
    }
  }

  private write<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    return mapDbErrors(() => this.db.transaction(work), {
      unique: 'A playbook with this name already exists in this namespace, or another playbook has this webhook path',
    });
  }
}
