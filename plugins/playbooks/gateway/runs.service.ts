import { Injectable } from '@nestjs/common';
import {
  can,
  FINAL_RUN_STATUSES,
  parametersProblems,
  type PlaybookApproval,
  type PlaybookRunDetail,
  type PlaybookRunStatus,
  type PlaybookScope,
  type SearchableResource,
} from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { Db, type Queryable } from '@gateway/core/database/db.service';
import { badRequest, conflict, forbidden, notFound } from '@gateway/core/http/domain-error';
import { resourceOf, PlaybooksService, type PlaybookRow } from './playbooks.service';
import { PlaybookResourcesService } from './resources.service';
import { playbookApplies, SELECTOR_KEY, takesNoResource, type ResourceRow } from './selectors';
import { condition, renderText, scopeVariables, TemplateError } from './templates';

/** `playbook` actions may nest this deep (a run, its child, the child's child...). */
export const MAX_CHILD_DEPTH = 5;

/** How a run was started (`playbook_runs.trigger`). */
export type RunTrigger = 'manual' | 'rerun' | 'schedule' | 'webhook' | 'playbook' | `event:${string}`;

export interface SubmitRequest {
  playbook: PlaybookRow;
  resource: { kind: SearchableResource; id: string } | null;
  params: Record<string, unknown>;
  /** Who asked (null for triggers). */
  principal: Principal | null;
  /** Without a principal: whom the run is recorded for (a child run: its parent's creator). */
  createdBy?: string | null;
  trigger: RunTrigger;
  /** Events start at most one run per playbook: a second delivery answers null. */
  eventId?: string;
  event?: PlaybookScope['event'];
  request?: PlaybookScope['request'];
  parentId?: string;
}

/** A run's request that cannot be started: 400 with one problem per parameter. */
export class RunRefused extends Error {}

/**
 * Starting runs (the run dialog, re-run, triggers, the `playbook` action), approving and cancelling them, and the run
 * page's read. A run is created `scheduled` (or `pending_approval`) with its playbook's spec as it is now, and the
 * worker (run-worker.service.ts) executes it.
 */
@Injectable()
export class PlaybookRunsService {
  constructor(
    private readonly db: Db,
    private readonly playbooks: PlaybooksService,
    private readonly resources: PlaybookResourcesService,
    private readonly evaluator: ExpressionEvaluator,
  ) {}

  /**
   * The `playbook` action's child run. It is started on behalf of whoever started the parent (its creator is
   * inherited), never deeper than MAX_CHILD_DEPTH, never of a playbook already among its ancestors (no loops), and a
   * child that runs scripts only when an administrator (a writer of `exec`) wrote the starting playbook: otherwise a
   * playbook anyone may trigger (a webhook) would run an administrator's scripts with values of its choosing.
   */
  async startChild(
    parent: { id: string; playbook_id: string; created_by: string | null; config_id: string | null; check_id: string | null; component_id: string | null },
    request: { name: string; namespace?: string; params?: Record<string, unknown> },
  ): Promise<string> {
    const [namespace, name] = request.name.includes('/') && !request.namespace ? request.name.split('/', 2) : [request.namespace ?? 'default', request.name];
    const found = await this.db.one<{ id: string }>(`SELECT id FROM playbooks WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL`, [name, namespace]);
    if (!found) throw new Error(`No playbook named '${namespace}/${name}'`);
    const ancestors = await this.db.query<{ playbook_id: string }>(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, playbook_id, 1 AS depth FROM playbook_runs WHERE id = $1
         UNION ALL SELECT p.id, p.parent_id, p.playbook_id, up.depth + 1 FROM playbook_runs p JOIN up ON p.id = up.parent_id WHERE up.depth <= $2)
       SELECT playbook_id FROM up`,
      [parent.id, MAX_CHILD_DEPTH],
    );
    if (ancestors.some((a) => a.playbook_id === found.id))
      throw new Error(`'${namespace}/${name}' is already running in this chain of playbooks: it would start itself`);
    if (ancestors.length >= MAX_CHILD_DEPTH) throw new Error(`playbooks may start playbooks at most ${MAX_CHILD_DEPTH} deep`);
    const playbook = await this.playbooks.row(found.id);
    if (this.playbooks.specRunsCode(playbook.spec)) {
      const author = await this.db.query<{ role: string }>(
        `SELECT pr.role FROM playbooks p JOIN person_roles pr ON pr.person_id = p.created_by WHERE p.id = $1`,
        [parent.playbook_id],
      );
      if (
        !can(
          author.map((r) => r.role),
          'exec',
          'write',
        )
      ) {
        throw new Error(`'${namespace}/${name}' runs scripts: only a playbook written by an administrator may start it`);
      }
    }
    // The parent's resource, when the child applies to resources of that kind.
    const resource = resourceOf(parent);
    const applies = resource && (playbook.spec[SELECTOR_KEY[resource.kind]] ?? []).length > 0;
    const id = await this.submit({
      playbook,
      resource: applies ? resource : null,
      params: request.params ?? {},
      principal: null,
      createdBy: parent.created_by,
      trigger: 'playbook',
      parentId: parent.id,
    });
    return id!;
  }

  /** `POST /api/playbook/run`. */
  async run(
    request: { id: string; config_id?: string; check_id?: string; component_id?: string; params?: Record<string, unknown> },
    principal: Principal,
  ): Promise<{ run_id: string }> {
    const playbook = await this.playbooks.row(request.id);
    const resource = resourceOf(request);
    const runId = await this.submit({ playbook, resource, params: request.params ?? {}, principal, trigger: 'manual' });
    return { run_id: runId! };
  }

  /** `POST /api/playbook/run/{id}/rerun`: the same playbook (as it is now), resource and parameters. */
  async rerun(runId: string, principal: Principal): Promise<{ run_id: string }> {
    const run = await this.db.one<{
      playbook_id: string;
      parameters: Record<string, unknown>;
      config_id: string | null;
      check_id: string | null;
      component_id: string | null;
    }>(`SELECT playbook_id, parameters, config_id, check_id, component_id FROM playbook_runs WHERE id = $1`, [runId]);
    if (!run) throw notFound('Playbook run not found');
    const playbook = await this.playbooks.row(run.playbook_id);
    const known = new Set((playbook.spec.parameters ?? []).map((p) => p.name));
    const params = Object.fromEntries(Object.entries(run.parameters ?? {}).filter(([name]) => known.has(name)));
    const id = await this.submit({ playbook, resource: resourceOf(run), params, principal, trigger: 'rerun' });
    return { run_id: id! };
  }

  /**
   * Validates and records a run. Throws 400 (DomainError) for what the requester can fix: a resource the playbook
   * does not apply to, parameters that do not pass (`details.params`), filters that exclude the resource. Answers
   * null when an event already started a run of this playbook.
   */
  async submit(request: SubmitRequest): Promise<string | null> {
    const { playbook, principal } = request;
    const spec = playbook.spec;
    const scope: PlaybookScope = {
      params: {},
      playbook: { id: playbook.id, name: playbook.name, title: playbook.title },
      run: { id: '', created_by: principal?.personId ?? request.createdBy ?? null },
      user: principal ? { id: principal.personId, name: principal.name, email: principal.email } : null,
      actions: {},
      request: request.request ?? null,
      event: request.event ?? null,
    };
    let resourceRow: ResourceRow | null = null;
    if (request.resource) {
      resourceRow = await this.resources.load(request.resource.kind, request.resource.id);
      if (!resourceRow) throw badRequest(`The ${request.resource.kind} was not found`);
      if (!playbookApplies(spec, request.resource.kind, resourceRow)) throw badRequest(`This playbook does not apply to this ${request.resource.kind}`);
      scope[request.resource.kind] = resourceRow;
    } else if (!takesNoResource(spec) && (request.trigger === 'manual' || request.trigger === 'rerun')) {
      throw badRequest('Select a resource: this playbook runs against a config, check or component');
    }

    // Postgres text holds no NUL: say so instead of failing the insert.
    if (JSON.stringify([request.params, request.request ?? null]).includes('\\u0000'))
      throw badRequest('A parameter or the request holds a NUL character, which cannot be stored');
    const params = await this.withDefaults(playbook, request.params, scope);
    const problems = parametersProblems(spec.parameters ?? [], params, { skipRegex: true });
    await this.regexProblems(playbook, params, problems);
    if (Object.keys(problems).length) {
      const list = Object.entries(problems).map(([name, problem]) => `${name}: ${problem}`);
      throw badRequest(`The parameters are not valid: ${list.join('; ')}`, 'invalid_params', { params: problems });
    }
    scope.params = params;

    for (const [index, filter] of (spec.filters ?? []).entries()) {
      let passes: boolean;
      try {
        passes = await condition(filter, scopeVariables(scope), this.evaluator);
      } catch (error) {
        throw badRequest(`spec.filters[${index}]: ${(error as Error).message}`);
      }
      if (!passes) throw badRequest(`The playbook's filters exclude this ${request.resource?.kind ?? 'run'} (spec.filters[${index}]: ${filter})`, 'filtered');
    }

    const approval = spec.approval;
    let status: PlaybookRunStatus = 'scheduled';
    let autoApprovedBy: { person: boolean; teams: string[] } | null = null;
    if (approval) {
      status = 'pending_approval';
      if (approval.autoApprove && principal) {
        const as = await this.approverOf(approval, principal.personId);
        if (as.person || as.teams.length) {
          autoApprovedBy = as;
          if (
            await this.approvalComplete(approval, [
              ...(as.person ? [{ person_id: principal.personId, team_id: null }] : []),
              ...as.teams.map((t) => ({ person_id: null, team_id: t })),
            ])
          ) {
            status = 'scheduled';
          }
        }
      }
    }
    const ids: Record<string, string | null> = { config_id: null, check_id: null, component_id: null };
    if (request.resource) ids[`${request.resource.kind}_id`] = request.resource.id;
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, config_id, check_id, component_id, created_by, trigger, trigger_event_id, request, parent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (playbook_id, trigger_event_id) WHERE trigger_event_id IS NOT NULL DO NOTHING RETURNING id`,
        [
          playbook.id,
          status,
          spec,
          params,
          ids.config_id,
          ids.check_id,
          ids.component_id,
          principal?.personId ?? request.createdBy ?? null,
          request.trigger,
          request.eventId ?? null,
          request.request || request.event ? { request: request.request ?? null, event: request.event ?? null } : null,
          request.parentId ?? null,
        ],
      );
      const id = rows[0]?.id ?? null;
      if (id && autoApprovedBy) await this.recordApprovals(tx, id, principal!.personId, autoApprovedBy);
      return id;
    });
  }

  /** `POST /api/playbook/run/approve/{id}`: by a listed approver (person, or member of a listed team), else 403. */
  async approve(runId: string, principal: Principal): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: PlaybookRunStatus; spec: { approval?: PlaybookApproval } }>(
        `SELECT status, spec FROM playbook_runs WHERE id = $1 FOR UPDATE`,
        [runId],
      );
      const run = rows[0];
      if (!run) throw notFound('Playbook run not found');
      const approval = run.spec.approval;
      if (run.status !== 'pending_approval' || !approval)
        throw conflict(`This run is ${run.status.replace('_', ' ')}: only a run pending approval can be approved`);
      const as = await this.approverOf(approval, principal.personId, tx);
      if (!as.person && !as.teams.length) throw forbidden('You are not an approver of this playbook');
      await this.recordApprovals(tx, runId, principal.personId, as);
      const { rows: given } = await tx.query<{ person_id: string | null; team_id: string | null }>(
        `SELECT person_id, team_id FROM playbook_approvals WHERE run_id = $1`,
        [runId],
      );
      if (await this.approvalComplete(approval, given, tx)) {
        await tx.query(`UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'pending_approval'`, [runId]);
      }
    });
  }

  /** `POST /api/playbook/run/{id}/cancel`: a run not yet over ends cancelled; the replica running it stops its action. */
  async cancel(runId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: PlaybookRunStatus }>(`SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE`, [runId]);
      if (!rows[0]) throw notFound('Playbook run not found');
      if (FINAL_RUN_STATUSES.includes(rows[0].status)) throw conflict(`This run is already ${rows[0].status}`);
      await tx.query(
        `UPDATE playbook_run_actions SET status = 'cancelled', end_time = now() WHERE playbook_run_id = $1 AND status IN ('running', 'sleeping', 'waiting', 'pending', 'scheduled')`,
        [runId],
      );
      await tx.query(
        `UPDATE playbook_runs SET status = 'cancelled', end_time = now(), lease_owner = NULL, lease_until = NULL, error = coalesce(error, 'Cancelled') WHERE id = $1`,
        [runId],
      );
    });
  }

  /** The run page's read (also each message of its live stream). */
  async detail(runId: string, principal: Principal | null): Promise<PlaybookRunDetail> {
    const run = await this.db.one<
      Omit<PlaybookRunDetail, 'playbook' | 'resource' | 'created_by' | 'approval' | 'actions'> & { spec: PlaybookRow['spec']; created_by: string | null }
    >(
      `SELECT id, playbook_id, status, parameters, config_id, check_id, component_id, error, scheduled_time, start_time, end_time, created_at, created_by, parent_id, trigger, spec
         FROM playbook_runs WHERE id = $1`,
      [runId],
    );
    if (!run) throw notFound('Playbook run not found');
    const [playbook, creator, actions, approvals] = await Promise.all([
      this.db.one<{ id: string; name: string; title: string | null; icon: string | null }>(`SELECT id, name, title, icon FROM playbooks WHERE id = $1`, [
        run.playbook_id,
      ]),
      run.created_by
        ? this.db.one<{ id: string; name: string | null; email: string | null }>(`SELECT id, name, email FROM people WHERE id = $1`, [run.created_by])
        : null,
      this.db.query<PlaybookRunDetail['actions'][number]>(
        `SELECT id, name, status, scheduled_time, start_time, end_time, error, result, retry_count FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY action_index`,
        [runId],
      ),
      this.db.query<{ person_id: string | null; team_id: string | null; name: string | null; created_at: string }>(
        `SELECT a.person_id, a.team_id, coalesce(p.name, p.email, t.name) AS name, a.created_at
           FROM playbook_approvals a LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id WHERE a.run_id = $1 ORDER BY a.created_at`,
        [runId],
      ),
    ]);
    const kind: SearchableResource | null = run.config_id ? 'config' : run.check_id ? 'check' : run.component_id ? 'component' : null;
    let resource: PlaybookRunDetail['resource'] = null;
    if (kind) {
      const row = await this.resources.load(kind, (run as unknown as Record<string, string>)[`${kind}_id`]);
      resource = { kind, id: (run as unknown as Record<string, string>)[`${kind}_id`], name: row?.name ?? '(deleted)', type: row?.type ?? null };
    }
    const { spec, ...rest } = run;
    const approval = spec.approval;
    let canApprove = false;
    if (approval && run.status === 'pending_approval' && principal) {
      const as = await this.approverOf(approval, principal.personId);
      canApprove = Boolean(as.person || as.teams.length);
    }
    return {
      ...rest,
      created_by: creator ?? null,
      playbook: playbook ? { ...playbook, spec } : null,
      resource,
      approval: approval ? { required: true, type: approval.type ?? 'any', approvals, can_approve: canApprove } : null,
      actions,
    };
  }

  /** Parameters as given, with the defaults (rendered for the resource) for those not given. */
  private async withDefaults(playbook: PlaybookRow, given: Record<string, unknown>, scope: PlaybookScope): Promise<Record<string, unknown>> {
    const params: Record<string, unknown> = { ...given };
    for (const param of playbook.spec.parameters ?? []) {
      const value = params[param.name];
      if ((value === undefined || value === null || value === '') && param.default !== undefined && param.default !== null) {
        try {
          params[param.name] = await renderText(String(param.default), scope, this.evaluator);
        } catch (error) {
          if (error instanceof TemplateError) continue;
          throw error;
        }
      }
      if (typeof params[param.name] === 'boolean') params[param.name] = String(params[param.name]);
    }
    return params;
  }

  /** A parameter's `regex` runs in the bounded evaluator (a user's pattern never runs on the gateway's thread). */
  private async regexProblems(playbook: PlaybookRow, params: Record<string, unknown>, problems: Record<string, string>): Promise<void> {
    for (const param of playbook.spec.parameters ?? []) {
      const regex = param.properties?.regex;
      const value = params[param.name];
      if (!regex || problems[param.name] || typeof value !== 'string' || value === '') continue;
      const outcome = await this.evaluator.evaluate('value.matches(pattern)', { value, pattern: `^(?:${regex})$` });
      if (!outcome.ok || outcome.value !== true) problems[param.name] = `must match ${regex}`;
    }
  }

  /** Which of the approval's entries the person satisfies: as themselves, and through which listed teams. */
  async approverOf(approval: PlaybookApproval, personId: string, db: Queryable = this.db.pool): Promise<{ person: boolean; teams: string[] }> {
    const people = approval.approvers.people ?? [];
    const teams = approval.approvers.teams ?? [];
    const { rows } = await db.query<{ person: boolean; teams: string[] | null }>(
      `SELECT EXISTS (SELECT 1 FROM people p WHERE p.id = $1 AND p.deleted_at IS NULL
                        AND (p.id::text = ANY($2) OR lower(p.email::text) = ANY($3))) AS person,
              (SELECT array_agg(t.id) FROM teams t JOIN team_members m ON m.team_id = t.id
                WHERE m.person_id = $1 AND t.deleted_at IS NULL AND (t.id::text = ANY($4) OR lower(t.name) = ANY($5))) AS teams`,
      [personId, people, people.map((p) => p.toLowerCase()), teams, teams.map((t) => t.toLowerCase())],
    );
    return { person: rows[0]?.person ?? false, teams: rows[0]?.teams ?? [] };
  }

  /**
   * `any`: one approval; `all`: every listed person and every listed team (through any member) approved. Fails
   * closed: a listed approver that matches nobody (a typo, a removed person) keeps an `all` run waiting.
   */
  private async approvalComplete(
    approval: PlaybookApproval,
    given: { person_id: string | null; team_id: string | null }[],
    db: Queryable = this.db.pool,
  ): Promise<boolean> {
    if ((approval.type ?? 'any') === 'any') return given.length > 0;
    const { rows } = await db.query<{ missing: number }>(
      `SELECT (SELECT count(*) FROM unnest($1::text[]) e WHERE NOT EXISTS (
                 SELECT 1 FROM people p WHERE p.deleted_at IS NULL AND (p.id::text = e OR lower(p.email::text) = lower(e)) AND p.id = ANY($2::uuid[])))
            + (SELECT count(*) FROM unnest($3::text[]) e WHERE NOT EXISTS (
                 SELECT 1 FROM teams t WHERE t.deleted_at IS NULL AND (t.id::text = e OR lower(t.name) = lower(e)) AND t.id = ANY($4::uuid[]))) AS missing`,
      [
        approval.approvers.people ?? [],
        given.map((g) => g.person_id).filter(Boolean),
        approval.approvers.teams ?? [],
        given.map((g) => g.team_id).filter(Boolean),
      ],
    );
    return Number(rows[0]?.missing ?? 1) === 0;
  }

  private async recordApprovals(tx: Queryable, runId: string, personId: string, as: { person: boolean; teams: string[] }): Promise<void> {
    if (as.person) {
      await tx.query(
        `INSERT INTO playbook_approvals (run_id, person_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM playbook_approvals WHERE run_id = $1 AND person_id = $2)`,
        [runId, personId],
      );
    }
    for (const team of as.teams) {
      await tx.query(
        `INSERT INTO playbook_approvals (run_id, team_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM playbook_approvals WHERE run_id = $1 AND team_id = $2)`,
        [runId, team],
      );
    }
  }
}
