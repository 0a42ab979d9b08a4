import { Injectable } from '@nestjs/common';
import type { AgentActionRequest, AgentActionResult } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, conflict, forbidden, notFound } from '@gateway/core/http/domain-error';
import { RunEventsHub } from './run-events.service';
import { capResult } from './run-records';
import { AGENT_RESULT_GRACE_MS } from './run-worker.service';

/** Actions one poll hands out at most. */
const PULL_LIMIT = 20;

interface CallingAgent {
  id: string;
  name: string;
}

/**
 * The upstream's side of actions that run on an agent (`runsOn`): the run worker leaves them `waiting` for one of the
 * named agents; that agent's poll claims them (once: the claim holds until the result is due) and its result settles
 * the action and wakes the run, which goes on as if the action had run here.
 */
@Injectable()
export class AgentActionsService {
  constructor(
    private readonly db: Db,
    private readonly events: RunEventsHub,
  ) {}

  /** The live agent whose person holds these credentials; 403 for anyone else. */
  async agentOf(personId: string): Promise<CallingAgent> {
    const agent = await this.db.one<CallingAgent>(`SELECT id, name FROM agents WHERE person_id = $1 AND deleted_at IS NULL`, [personId]);
    if (!agent) throw forbidden('Only an agent may pull playbook actions: these credentials are not the access token of a registered agent', 'not_an_agent');
    return agent;
  }

  /** Claims the actions waiting for this agent (by name in their `runsOn`) that no agent took yet. */
  async pull(agent: CallingAgent): Promise<AgentActionRequest[]> {
    const rows = await this.db.query<{ id: string; request: Omit<AgentActionRequest, 'id'>; run_id: string }>(
      `WITH due AS (
         SELECT a.id FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
          WHERE a.status = 'waiting' AND a.runs_on @> ARRAY[$2]::text[] AND a.agent_lease_until IS NULL AND a.agent_deadline > now()
            AND r.status NOT IN ('completed', 'failed', 'cancelled')
          ORDER BY a.agent_deadline
          LIMIT $3
          FOR UPDATE OF a SKIP LOCKED)
       UPDATE playbook_run_actions a
          SET agent_id = $1, start_time = now(),
              agent_lease_until = now() + (coalesce((a.agent_request ->> 'timeoutMs')::bigint, 300000) + $4) * interval '1 millisecond'
         FROM due WHERE a.id = due.id
       RETURNING a.id, a.agent_request AS request, a.playbook_run_id AS run_id`,
      [agent.id, agent.name, PULL_LIMIT, AGENT_RESULT_GRACE_MS],
    );
    for (const row of rows) this.events.touch(row.run_id);
    return rows.map((row) => ({ ...row.request, id: row.id }));
  }

  /** Settles the action with the agent's result (only the agent that claimed it) and wakes its run. */
  async result(agent: CallingAgent, id: string, body: unknown): Promise<{ id: string; status: AgentActionResult['status'] }> {
    const result = this.validate(body);
    const row = await this.db.one<{ status: string; agent_id: string; claimed: boolean; run_id: string }>(
      `SELECT status, agent_id, agent_lease_until IS NOT NULL AS claimed, playbook_run_id AS run_id FROM playbook_run_actions WHERE id = $1 AND runs_on IS NOT NULL`,
      [id],
    );
    if (!row) throw notFound('No playbook action that runs on an agent has this id');
    if (!row.claimed || row.agent_id !== agent.id) throw forbidden('Only the agent that took this action may post its result', 'not_the_claiming_agent');
    const error = result.status === 'failed' ? result.error?.trim() || 'The agent reported a failure without a reason' : null;
    const settled = await this.db.query(
      `UPDATE playbook_run_actions SET status = $3, result = $4, error = $5, end_time = now()
        WHERE id = $1 AND agent_id = $2 AND status = 'waiting' AND agent_lease_until IS NOT NULL RETURNING id`,
      [id, agent.id, result.status, capResult(result.result ?? {}), error],
    );
    if (!settled.length) throw conflict(`This action no longer waits for its result: it is ${row.status}`, 'action_not_waiting');
    await this.db.query(`UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'sleeping'`, [row.run_id]);
    this.events.touch(row.run_id);
    return { id, status: result.status };
  }

  private validate(body: unknown): AgentActionResult {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('A result is a JSON object: {"status": "completed" | "failed", "result": {...}, "error": "..."}');
    const { status, result, error } = body as Record<string, unknown>;
    if (status !== 'completed' && status !== 'failed') throw badRequest('status: must be completed or failed');
    if (result !== undefined && result !== null && (typeof result !== 'object' || Array.isArray(result))) throw badRequest('result: must be an object');
    if (error !== undefined && error !== null && typeof error !== 'string') throw badRequest('error: must be text');
    return { status, result: (result as Record<string, unknown> | null | undefined) ?? null, error: (error as string | null | undefined) ?? null };
  }
}
