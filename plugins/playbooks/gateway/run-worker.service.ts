import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  DEFAULT_ACTION_TIMEOUT,
  DEFAULT_PLAYBOOK_TIMEOUT,
  FINAL_RUN_STATUSES,
  RUNS_ON_LOCAL,
  type AgentActionRequest,
  type ActionOutcome,
  type PlaybookActionSpec,
  type PlaybookRunStatus,
  type PlaybookScope,
  type PlaybookSpec,
  type SearchableResource,
} from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, loadConfig, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, secretResolver } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { PgListener } from '@gateway/core/database/pg-listener';
import { parseDuration } from '@gateway/core/jobs';
import { ADDRESS_POLICY, AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { ACTION_TYPES, runOneAction } from '@gateway/core/playbooks';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { actionTypeOf, IF_KEYWORDS } from './playbook-document';
import { PlaybookResourcesService } from './resources.service';
import { RunEventsHub } from './run-events.service';
import { ActionLog, capResult, held, LEASE_LOST, LeaseLost } from './run-records';
import { PlaybookRunsService } from './runs.service';
import { condition, renderBody, scopeVariables } from './templates';

interface ClaimedRun {
  id: string;
  playbook_id: string;
  spec: PlaybookSpec;
  parameters: Record<string, unknown>;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  created_by: string | null;
  start_time: string;
  parent_id: string | null;
  request: { request?: PlaybookScope['request']; event?: PlaybookScope['event'] } | null;
  /** The status before this claim: `running` means its replica's lease ran out (it died or hung). */
  was: PlaybookRunStatus;
  was_owner: string | null;
  /** Never claimed before: it has no action rows yet. */
  fresh: boolean;
  playbook: { id: string; name: string; title: string | null } | null;
}

interface ActionRow {
  id: string;
  action_index: number;
  name: string;
  status: PlaybookRunStatus;
  scheduled_time: string;
  result: Record<string, unknown> | null;
  error: string | null;
  retry_count: number;
  child_run_id: string | null;
  /** Set when the action runs on an agent (one of these names): it waits for the agent's result. */
  runs_on: string[] | null;
  agent_deadline: string | null;
  agent_lease_until: string | null;
  agent_name: string | null;
}

const ROW_COLUMNS = `id, action_index, name, status, scheduled_time, result, error, retry_count, child_run_id, runs_on, agent_deadline, agent_lease_until,
  (SELECT g.name FROM agents g WHERE g.id = playbook_run_actions.agent_id AND agent_lease_until IS NOT NULL) AS agent_name`;
/** Time an agent has, past the action's own timeout, to post the result of an action it claimed. */
export const AGENT_RESULT_GRACE_MS = 30_000;

/** Why a run stopped for now: it ended, or waits (sleeping until a time, or waiting for a child run). */
type Pause = { until: Date } | { child: string } | null;

/**
 * Executes playbook runs: a durable state machine on Postgres. Every replica claims due runs (`scheduled`, or
 * `sleeping` whose time came) with `FOR UPDATE SKIP LOCKED` and takes a lease (`lease_owner`, `lease_until`) that it
 * renews while the run executes; a `running` run whose lease ran out (its replica was killed or hung) is claimed by
 * any replica and recovered. Each action's attempt is recorded (`running`, start time) before the action is called,
 * so an interrupted action is known: it is run again only when its type says it is safe to retry (`retrySafe`),
 * otherwise it fails with that reason, and the run goes on with the actions whose `if` asks for it. A delay or a retry
 * backoff puts the run to sleep (`sleeping`, lease released); the `playbook` action puts it in `waiting` until its
 * child run ends. Woken by `pg_notify('playbook_run')` (migration 1732300012100) and by a tick.
 */
@Injectable()
export class PlaybookRunWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PlaybookRunWorker.name);
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly settings: AppConfig['playbooks'];
  /** This console's own agent name in agent mode: `runsOn` naming it runs here. */
  private readonly agentName: string | null;
  private listener: PgListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Runs executing here, with what aborts them (cancel, lease lost, shutdown). */
  private readonly running = new Map<string, AbortController>();
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly runs: PlaybookRunsService,
    private readonly resources: PlaybookResourcesService,
    private readonly evaluator: ExpressionEvaluator,
    private readonly connections: ConnectionStore,
    private readonly events: RunEventsHub,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
  ) {
    this.settings = config?.playbooks ?? loadConfig({}).playbooks;
    this.agentName = config?.upstream?.agentName ?? null;
  }

  onApplicationBootstrap(): void {
    if (!this.settings.worker) return;
    this.listener = new PgListener(this.db.pool, ['playbook_run'], (_channel, payload) => this.onNotify(payload), this.logger);
    void this.listener.start().catch((error) => this.logger.warn(`LISTEN playbook_run failed: ${(error as Error).message}`));
    this.timer = setInterval(() => {
      void this.wake();
      void this.renewLeases();
    }, this.settings.tickMs);
    this.timer.unref();
    void this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close();
    await this.claiming;
    // Runs under way end their current action (aborted) and hand the run back: another replica resumes it.
    for (const controller of this.running.values()) controller.abort(new Error('The console is shutting down'));
    await Promise.allSettled([...this.inflight]);
  }

  /** Claims and starts what is due, within this replica's cap (tests call it to run without waiting for a tick). */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.claiming) {
      this.again = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      try {
        do {
          this.again = false;
          await this.claim();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn(`Claiming playbook runs failed: ${(error as Error).message}`);
      } finally {
        this.claiming = null;
      }
    })();
    return this.claiming;
  }

  /** Resolves when every run this replica has started so far has stopped (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.inflight.size || this.claiming) await Promise.allSettled([...this.inflight, this.claiming]);
  }

  /** `<run id>:<status>`: a run was created or changed status (migration 1732300012100). */
  private onNotify(payload: string): void {
    const [runId, status] = payload.split(':');
    const controller = this.running.get(runId);
    if (controller) {
      if (status === 'cancelled') controller.abort(new Error('Cancelled'));
      return;
    }
    if (status === 'scheduled' || status === 'sleeping') void this.wake();
  }

  private async claim(): Promise<void> {
    const room = this.settings.concurrency - this.running.size;
    if (room <= 0 || this.stopped) return;
    const claimed = await this.db.query<ClaimedRun>(
      `WITH due AS (
         SELECT id, status AS was, lease_owner AS was_owner, start_time IS NULL AS fresh FROM playbook_runs
          WHERE (status IN ('scheduled', 'sleeping') AND scheduled_time <= now())
             OR (status = 'running' AND lease_until < now())
          ORDER BY scheduled_time
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       UPDATE playbook_runs r
          SET status = 'running', lease_owner = $2, lease_until = now() + $3 * interval '1 millisecond', start_time = coalesce(r.start_time, now())
         FROM due WHERE r.id = due.id
       RETURNING r.id, r.playbook_id, r.spec, r.parameters, r.config_id, r.check_id, r.component_id, r.created_by, r.start_time, r.parent_id, r.request,
                 due.was, due.was_owner, due.fresh,
                 (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title) FROM playbooks p WHERE p.id = r.playbook_id) AS playbook`,
      [room, this.owner, this.settings.leaseMs],
    );
    for (const run of claimed) this.start(run);
    if (claimed.length === room) this.again = true;
  }

  private start(run: ClaimedRun): void {
    const controller = new AbortController();
    this.running.set(run.id, controller);
    const task = this.execute(run, controller.signal)
      .catch(async (error) => {
        // Another replica holds it now (this one's lease ran out), or it was cancelled: it is theirs to finish.
        if (error instanceof LeaseLost) return;
        this.logger.warn(`Playbook run ${run.id} failed in the engine: ${(error as Error).message}`);
        await this.finish(run, 'failed', `The engine failed: ${(error as Error).message}`).catch(() => undefined);
      })
      .finally(() => {
        this.running.delete(run.id);
        this.inflight.delete(task);
        if (!this.stopped) void this.wake();
      });
    this.inflight.add(task);
  }

  /** Renews the leases of the runs executing here; a run whose lease is gone (cancelled, taken over) is aborted. */
  private async renewLeases(): Promise<void> {
    if (!this.running.size) return;
    const ids = [...this.running.keys()];
    const renewed = await this.db
      .query<{ id: string }>(
        `UPDATE playbook_runs SET lease_until = now() + $3 * interval '1 millisecond' WHERE id = ANY($1::uuid[]) AND lease_owner = $2 AND status = 'running' RETURNING id`,
        [ids, this.owner, this.settings.leaseMs],
      )
      .catch(() => null);
    if (!renewed) return;
    const kept = new Set(renewed.map((r) => r.id));
    // Not renewed: cancelled (the cancel's notification may not have come yet), or taken by another replica.
    for (const id of ids) {
      if (kept.has(id)) continue;
      const row = await this.db.one<{ status: string }>(`SELECT status FROM playbook_runs WHERE id = $1`, [id]).catch(() => null);
      this.running.get(id)?.abort(new Error(row?.status === 'cancelled' ? 'Cancelled' : LEASE_LOST));
    }
  }

  private async execute(run: ClaimedRun, signal: AbortSignal): Promise<void> {
    const spec = run.spec;
    const runDeadline = new Date(run.start_time).getTime() + (parseDuration(spec.timeout ?? DEFAULT_PLAYBOOK_TIMEOUT) ?? 30 * 60_000);
    const rows = run.fresh
      ? []
      : await this.db.query<ActionRow>(`SELECT ${ROW_COLUMNS} FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY action_index`, [run.id]);
    const byIndex = new Map(rows.map((r) => [r.action_index, r]));
    const scope = await this.scopeOf(run);
    for (const row of rows) scope.actions[row.name] = { status: row.status, result: row.result, error: row.error };

    for (const [index, action] of spec.actions.entries()) {
      if (signal.aborted) return this.stopHere(run, signal);
      if (Date.now() >= runDeadline) return this.finish(run, 'failed', `The run timed out after ${spec.timeout ?? DEFAULT_PLAYBOOK_TIMEOUT}`);
      const type = actionTypeOf(action);
      const implementation = this.plugins.find(ACTION_TYPES, type);
      let row = byIndex.get(index);
      if (row && ['completed', 'failed', 'skipped', 'cancelled'].includes(row.status)) continue;

      if (row?.status === 'running') {
        // The replica that ran this attempt stopped (killed, or its lease ran out) before recording the outcome.
        if (!implementation?.retrySafe) {
          const error = `The console stopped while this action was running (${run.was_owner ?? 'another replica'}); '${type}' actions are not run twice, so it failed`;
          await this.settle(run, row, action, 'failed', null, error, scope);
          continue;
        }
        this.logger.log(`Playbook run ${run.id}: resuming '${action.name}' (a '${type}' action is safe to repeat)`);
      }
      if (row?.status === 'waiting' && row.child_run_id) {
        const child = await this.db.one<{ status: PlaybookRunStatus; error: string | null }>(`SELECT status, error FROM playbook_runs WHERE id = $1`, [
          row.child_run_id,
        ]);
        if (child && !FINAL_RUN_STATUSES.includes(child.status)) return this.pause(run, { child: row.child_run_id });
        const ok = child?.status === 'completed';
        await this.settle(
          run,
          row,
          action,
          ok ? 'completed' : 'failed',
          row.result,
          ok ? null : `The playbook run it started ended ${child?.status ?? 'deleted'}${child?.error ? `: ${child.error}` : ''}`,
          scope,
        );
        continue;
      }
      if (row?.status === 'waiting' && row.runs_on) {
        // Handed to an agent: its result settles the row (POST /api/agent/actions/{id}/result) and wakes the run.
        const due = new Date(row.agent_lease_until ?? row.agent_deadline ?? 0).getTime();
        if (due > Date.now()) return this.waitForAgent(run, row.id, new Date(due));
        const within = action.timeout ?? DEFAULT_ACTION_TIMEOUT;
        const error = row.agent_lease_until
          ? `agent ${row.agent_name ?? row.runs_on.join(' or ')} took the action but did not send its result within ${within}`
          : `agent ${row.runs_on.join(' or ')} did not pick up the action within ${within}`;
        await this.settle(run, row, action, 'failed', null, error, scope);
        continue;
      }
      if (row?.status === 'sleeping' && new Date(row.scheduled_time).getTime() > Date.now()) return this.pause(run, { until: new Date(row.scheduled_time) });

      // Not started yet (or due again after a delay or a retry's backoff): does it run at all?
      if (!row || (row.status === 'sleeping' && row.retry_count === 0 && !row.error)) {
        let runs: boolean;
        try {
          runs = await this.shouldRun(action, scope);
        } catch (error) {
          row ??= await this.insertAction(run.id, index, action.name, 'failed');
          await this.settle(run, row, action, 'failed', null, `if: ${(error as Error).message}`, scope);
          continue;
        }
        if (!runs) {
          row ??= await this.insertAction(run.id, index, action.name, 'skipped');
          await this.settle(run, row, action, 'skipped', null, null, scope);
          continue;
        }
        const delay = action.delay ? parseDuration(action.delay) : null;
        if (!row && delay && delay > 0) {
          const until = new Date(Date.now() + delay);
          await this.insertAction(run.id, index, action.name, 'sleeping', until);
          return this.pause(run, { until });
        }
      }

      const agents = this.agentsFor(spec, action);
      if (agents) {
        // Runs on an agent: never here. Its body is rendered here (the scope is this console's) and handed over.
        let body: Record<string, unknown>;
        try {
          body = await renderBody(
            action[type] as Record<string, unknown>,
            scope,
            this.evaluator,
            implementation?.codeFields ?? [],
            implementation?.literalFields ?? [],
          );
        } catch (error) {
          row ??= await this.insertAction(run.id, index, action.name, 'failed');
          await this.settle(run, row, action, 'failed', null, (error as Error).message, scope);
          continue;
        }
        row ??= await this.insertAction(run.id, index, action.name, 'waiting');
        const { timeoutMs, reason } = this.timeoutOf(run, action, runDeadline);
        const request: Omit<AgentActionRequest, 'id'> = {
          type,
          body,
          timeoutMs,
          timeoutReason: reason,
          run: { id: run.id, playbookId: run.playbook_id, playbookName: scope.playbook.name, action: action.name, attempt: row.retry_count + 1 },
          scope,
        };
        const until = new Date(Date.now() + timeoutMs);
        const waiting = await this.db.query(
          `UPDATE playbook_run_actions SET status = 'waiting', runs_on = $3, agent_request = $4, agent_deadline = $5, agent_lease_until = NULL,
                  start_time = coalesce(start_time, now())
            WHERE id = $2 AND ${held('$1', '$6')} RETURNING id`,
          [run.id, row.id, agents, request, until, this.owner],
        );
        if (!waiting.length) throw new LeaseLost();
        this.events.touch(run.id);
        return this.waitForAgent(run, row.id, until);
      }
      if (!implementation) {
        row ??= await this.insertAction(run.id, index, action.name, 'failed');
        await this.settle(run, row, action, 'failed', null, `The action type '${type}' is not available on this console`, scope);
        continue;
      }
      // Record the attempt before calling the action: if this replica dies now, the next one knows.
      row = row ? await this.markRunning(run.id, row) : await this.insertAction(run.id, index, action.name, 'running');
      const outcome = await this.attempt(run, row, action, type, scope, signal, runDeadline);
      if (signal.aborted) return this.stopHere(run, signal, row, outcome.result);
      if (outcome.waitFor) {
        const waiting = await this.db.query(
          `UPDATE playbook_run_actions SET status = 'waiting', result = $3, child_run_id = $4 WHERE id = $2 AND ${held('$1', '$5')} RETURNING id`,
          [run.id, row.id, capResult(outcome.result), outcome.waitFor.runId, this.owner],
        );
        if (!waiting.length) throw new LeaseLost();
        return this.pause(run, { child: outcome.waitFor.runId });
      }
      if (outcome.error) {
        const retry = action.retry;
        if (retry && row.retry_count < retry.limit) {
          const base = parseDuration(retry.duration ?? '10s') ?? 10_000;
          const wait = base * Math.pow(retry.exponent?.multiplier ?? 2, row.retry_count);
          const until = new Date(Date.now() + wait);
          const sleeping = await this.db.query(
            `UPDATE playbook_run_actions SET status = 'sleeping', scheduled_time = $3, retry_count = retry_count + 1, error = $4, result = $5
              WHERE id = $2 AND ${held('$1', '$6')} RETURNING id`,
            [run.id, row.id, until, outcome.error, capResult(outcome.result), this.owner],
          );
          if (!sleeping.length) throw new LeaseLost();
          return this.pause(run, { until });
        }
        await this.settle(run, row, action, 'failed', outcome.result, outcome.error, scope);
        continue;
      }
      await this.settle(run, row, action, 'completed', outcome.result, null, scope);
    }
    const failed = Object.entries(scope.actions).find(([, a]) => a.status === 'failed');
    await this.finish(run, failed ? 'failed' : 'completed', failed ? `The action '${failed[0]}' failed: ${failed[1].error ?? 'no reason given'}` : null);
  }

  /** One call of the action's type with its timeout, templates, log and guard rails; never throws. */
  private async attempt(
    run: ClaimedRun,
    row: ActionRow,
    action: PlaybookActionSpec,
    type: string,
    scope: PlaybookScope,
    runSignal: AbortSignal,
    runDeadline: number,
  ): Promise<ActionOutcome> {
    const implementation = this.plugins.find(ACTION_TYPES, type)!;
    const { timeoutMs, reason } = this.timeoutOf(run, action, runDeadline);
    const guard = new RunGuard(this.policy, undefined, 'playbooks');
    const log = new ActionLog(async (text) => {
      await this.db.query(
        `UPDATE playbook_run_actions SET result = jsonb_set(coalesce(result, '{}'), '{logs}', to_jsonb($3::text)) WHERE id = $2 AND ${held('$1', '$4')}`,
        [run.id, row.id, guard.ledger.redact(text), this.owner],
      );
      this.events.touch(run.id);
    });
    try {
      return await runOneAction({
        implementation,
        body: () =>
          renderBody(action[type] as Record<string, unknown>, scope, this.evaluator, implementation.codeFields ?? [], implementation.literalFields ?? []),
        guard,
        timeoutMs,
        timeoutReason: reason,
        signal: runSignal,
        context: {
          resolveSecret: secretResolver((name) => this.connections.resolve(name), guard.ledger),
          run: { id: run.id, playbookId: run.playbook_id, playbookName: scope.playbook.name, action: action.name, attempt: row.retry_count + 1 },
          scope,
          startPlaybook: (request) => this.runs.startChild(run, request),
        },
        log,
      });
    } finally {
      await log.close();
    }
  }

  /**
   * The agents that run this action (its `runsOn`, else the playbook's), or null when it runs here: no `runsOn`, or
   * one naming `local` or this console's own agent name (agent mode).
   */
  private agentsFor(spec: PlaybookSpec, action: PlaybookActionSpec): string[] | null {
    const names = (action.runsOn ?? spec.runsOn ?? []).map((name) => String(name).trim()).filter(Boolean);
    if (!names.length || names.includes(RUNS_ON_LOCAL) || (this.agentName && names.includes(this.agentName))) return null;
    return names;
  }

  /** Sleeps until the agent's time is up; a result that came before the run slept wakes it at once. */
  private async waitForAgent(run: ClaimedRun, actionId: string, until: Date): Promise<void> {
    await this.pause(run, { until });
    await this.db.query(
      `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'sleeping'
          AND NOT EXISTS (SELECT 1 FROM playbook_run_actions a WHERE a.id = $2 AND a.status = 'waiting')`,
      [run.id, actionId],
    );
  }

  /** The action's time: its own timeout, or what is left of the run's, whichever ends first, and what it is called. */
  private timeoutOf(run: ClaimedRun, action: PlaybookActionSpec, runDeadline: number): { timeoutMs: number; reason: string } {
    const own = parseDuration(action.timeout ?? DEFAULT_ACTION_TIMEOUT) ?? 5 * 60_000;
    const left = runDeadline - Date.now();
    const reason =
      own <= left ? `timed out after ${action.timeout ?? DEFAULT_ACTION_TIMEOUT}` : `the run timed out after ${run.spec.timeout ?? DEFAULT_PLAYBOOK_TIMEOUT}`;
    return { timeoutMs: Math.max(1, Math.min(own, left)), reason };
  }

  /** `if`: `always()`, `success()` (the default: no earlier action failed), `failure()`, `skip()`, or CEL over the scope. */
  private async shouldRun(action: PlaybookActionSpec, scope: PlaybookScope): Promise<boolean> {
    const failed = Object.values(scope.actions).some((a) => a.status === 'failed');
    const written = typeof action.if === 'string' ? action.if.trim() : '';
    if (!written || written === 'success()') return !failed;
    if (IF_KEYWORDS.includes(written)) return written === 'always()' ? true : written === 'failure()' ? failed : false;
    return condition(written, { ...scopeVariables(scope), failed }, this.evaluator);
  }

  private async scopeOf(run: ClaimedRun): Promise<PlaybookScope> {
    const playbook = run.playbook;
    const user = run.created_by
      ? await this.db.one<{ id: string; name: string | null; email: string | null }>(`SELECT id, name, email FROM people WHERE id = $1`, [run.created_by])
      : null;
    const scope: PlaybookScope = {
      params: run.parameters ?? {},
      playbook: playbook ?? { id: run.playbook_id, name: '(deleted)', title: null },
      run: { id: run.id, created_by: run.created_by },
      user: user ?? null,
      actions: {},
      request: run.request?.request ?? null,
      event: run.request?.event ?? null,
    };
    for (const kind of ['config', 'check', 'component'] as SearchableResource[]) {
      const id = run[`${kind}_id`];
      if (id) scope[kind] = await this.resources.load(kind, id);
    }
    return scope;
  }

  private async insertAction(runId: string, index: number, name: string, status: PlaybookRunStatus, until?: Date): Promise<ActionRow> {
    const row = await this.db.one<ActionRow>(
      `INSERT INTO playbook_run_actions (playbook_run_id, action_index, name, status, scheduled_time, start_time)
       SELECT $1, $2, $3, $4, coalesce($5, now()), CASE WHEN $4 = 'running' THEN now() END
        WHERE ${held('$1', '$6')}
       ON CONFLICT (playbook_run_id, action_index) DO UPDATE SET status = EXCLUDED.status, scheduled_time = EXCLUDED.scheduled_time,
         start_time = coalesce(EXCLUDED.start_time, playbook_run_actions.start_time)
       RETURNING ${ROW_COLUMNS}`,
      [runId, index, name, status, until ?? null, this.owner],
    );
    if (!row) throw new LeaseLost();
    this.events.touch(runId);
    return row;
  }

  private async markRunning(runId: string, row: ActionRow): Promise<ActionRow> {
    const updated = await this.db.one<ActionRow>(
      `UPDATE playbook_run_actions SET status = 'running', start_time = now(), end_time = NULL WHERE id = $2 AND ${held('$1', '$3')}
       RETURNING ${ROW_COLUMNS}`,
      [runId, row.id, this.owner],
    );
    if (!updated) throw new LeaseLost();
    this.events.touch(runId);
    return updated;
  }

  private async settle(
    run: ClaimedRun,
    row: ActionRow,
    action: PlaybookActionSpec,
    status: PlaybookRunStatus,
    result: Record<string, unknown> | null,
    error: string | null,
    scope: PlaybookScope,
  ): Promise<void> {
    const kept = capResult(result);
    const settled = await this.db.query(
      `UPDATE playbook_run_actions SET status = $3, result = coalesce($4, result), error = $5, end_time = now(), start_time = coalesce(start_time, now())
        WHERE id = $2 AND ${held('$1', '$6')} RETURNING id`,
      [run.id, row.id, status, kept, error, this.owner],
    );
    if (!settled.length) throw new LeaseLost();
    scope.actions[action.name] = { status, result: kept, error };
    this.events.touch(run.id);
  }

  /** Releases the run to sleep until a time or wait for a child run; the child's end wakes it. */
  private async pause(run: ClaimedRun, pause: Exclude<Pause, null>): Promise<void> {
    if ('until' in pause) {
      await this.db.query(
        `UPDATE playbook_runs SET status = 'sleeping', scheduled_time = $3, lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
        [run.id, this.owner, pause.until],
      );
      const wait = pause.until.getTime() - Date.now();
      // Wake when it is due (a tick would too, within PLAYBOOK_WORKER_TICK_MS).
      if (wait < this.settings.tickMs * 5) setTimeout(() => void this.wake(), Math.max(0, wait) + 5).unref();
      return;
    }
    await this.db.query(`UPDATE playbook_runs SET status = 'waiting', lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [
      run.id,
      this.owner,
    ]);
    // The child may have ended before the parent started waiting: wake it now then.
    await this.db.query(
      `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'waiting'
          AND EXISTS (SELECT 1 FROM playbook_runs c WHERE c.id = $2 AND c.status IN ('completed', 'failed', 'cancelled'))`,
      [run.id, pause.child],
    );
  }

  /** A run stopped mid-way by this replica: cancelled stays cancelled; on shutdown it is handed back to resume. */
  private async stopHere(run: ClaimedRun, signal: AbortSignal, row?: ActionRow, result?: Record<string, unknown>): Promise<void> {
    const reason = (signal.reason as Error | undefined)?.message ?? 'Stopped';
    // Another replica holds the run now: everything about it is theirs to write.
    if (reason === LEASE_LOST) return;
    // A cancel clears the lease; a lost lease is another replica's run now: only what is still this one's is written.
    const mine = `(${held('$1', '$3')} OR EXISTS (SELECT 1 FROM playbook_runs r WHERE r.id = $1 AND r.status = 'cancelled'))`;
    if (row && result && Object.keys(result).length) {
      await this.db.query(`UPDATE playbook_run_actions SET result = $4 WHERE id = $2 AND ${mine}`, [run.id, row.id, this.owner, capResult(result)]);
    }
    if (reason === 'Cancelled') {
      if (row) {
        await this.db.query(
          `UPDATE playbook_run_actions SET status = 'cancelled', end_time = coalesce(end_time, now()) WHERE id = $2 AND status IN ('running', 'cancelled') AND ${mine}`,
          [run.id, row.id, this.owner],
        );
      }
      return;
    }
    // Shutting down: the interrupted action is marked failed unless it is safe to repeat; the run is handed back.
    if (row) {
      const type = actionTypeOf(run.spec.actions[row.action_index]);
      const retrySafe = this.plugins.find(ACTION_TYPES, type)?.retrySafe;
      if (!retrySafe) {
        await this.db.query(`UPDATE playbook_run_actions SET status = 'failed', error = $4, end_time = now() WHERE id = $2 AND ${held('$1', '$3')}`, [
          run.id,
          row.id,
          this.owner,
          `The console stopped while this action was running; '${type}' actions are not run twice, so it failed`,
        ]);
      }
    }
    await this.db.query(
      `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now(), lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
      [run.id, this.owner],
    );
  }

  private async finish(run: ClaimedRun, status: 'completed' | 'failed', error: string | null): Promise<void> {
    const ended = await this.db.query(
      `UPDATE playbook_runs SET status = $3, error = $4, end_time = now(), lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
      [run.id, this.owner, status, error],
    );
    if (status === 'failed' && error && ended.length) {
      // Actions not reached (a run timeout) are shown as skipped.
      await this.db.query(
        `UPDATE playbook_run_actions SET status = 'cancelled', end_time = now() WHERE playbook_run_id = $1 AND status IN ('running', 'sleeping', 'waiting')`,
        [run.id],
      );
    }
    if (ended.length && run.parent_id) {
      await this.db.query(`UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'waiting'`, [run.parent_id]);
    }
  }
}
