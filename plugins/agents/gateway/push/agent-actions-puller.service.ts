import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ActionOutcome, AgentActionRequest, AgentActionResult } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, secretResolver } from '@gateway/core/connections';
import { ADDRESS_POLICY, AddressPolicy, OutboundHttp, RunGuard } from '@gateway/core/outbound';
import { ACTION_TYPES, runOneAction } from '@gateway/core/playbooks';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';

/** An action's log kept for its result (as the upstream's run worker keeps it). */
const MAX_LOG_BYTES = 256 * 1024;
/** Tries to post one result before giving up on it (the upstream then fails the action when its time is up). */
const RESULT_TRIES = 5;

type PullState = 'ok' | 'down' | 'refused' | 'missing';

/**
 * Agent mode (UPSTREAM_URL and AGENT_NAME set): every UPSTREAM_PUSH_INTERVAL_MS, the playbook actions the upstream
 * holds for this agent (`runsOn` naming it) are pulled (`POST /api/agent/actions`, which claims them), each is run
 * here with this console's own action types, outbound policy, connections and redaction, exactly as the run worker
 * runs one action (`runOneAction`), and its result is posted back (`POST /api/agent/actions/{id}/result`).
 */
@Injectable()
export class AgentActionsPuller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AgentActionsPuller');
  private readonly upstream: AppConfig['upstream'];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly inflight = new Set<Promise<void>>();
  private state: PullState | null = null;

  constructor(
    private readonly http: OutboundHttp,
    private readonly plugins: PluginHost,
    private readonly connections: ConnectionStore,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.upstream = config.upstream;
  }

  get enabled(): boolean {
    return Boolean(this.upstream.url && this.upstream.agentName);
  }

  onApplicationBootstrap(): void {
    if (this.enabled) this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Actions under way stop ('The console is shutting down') and post that as their result.
    this.abort.abort(new Error('The agent is shutting down'));
    await this.polling?.catch(() => undefined);
    await Promise.allSettled([...this.inflight]);
  }

  /** Resolves when every action pulled so far has run and its result was posted (tests). */
  async idle(): Promise<void> {
    while (this.inflight.size || this.polling) await Promise.allSettled([...this.inflight, this.polling]);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll()
        .then(() => undefined)
        .catch((error: Error) => this.enter('down', `pulling playbook actions from the upstream failed: ${error.message}`))
        .finally(() => {
          this.polling = null;
          this.schedule(this.upstream.pushIntervalMs);
        });
    }, delayMs);
    this.timer.unref?.();
  }

  /** One poll: the actions the upstream gives this agent now, each started at once. */
  async poll(): Promise<number> {
    const answer = await this.call('POST', '/api/agent/actions');
    if ('down' in answer) {
      this.enter('down', `the upstream ${this.upstream.url} is unreachable for playbook actions (${answer.down}): trying again`);
      return 0;
    }
    if (answer.status === 401 || answer.status === 403) {
      this.enter('refused', `the upstream refused this agent's credentials for playbook actions (HTTP ${answer.status}): check UPSTREAM_PASSWORD`);
      return 0;
    }
    if (answer.status === 404) {
      this.enter('missing', `the upstream does not hand out playbook actions (HTTP 404: playbooks disabled or an older console)`);
      return 0;
    }
    if (answer.status !== 200 || !Array.isArray(answer.json)) {
      this.enter('down', `the upstream answered the playbook actions poll with HTTP ${answer.status}`);
      return 0;
    }
    this.enter('ok', 'the upstream hands out playbook actions again');
    const actions = answer.json as AgentActionRequest[];
    for (const action of actions) {
      const task = this.runAndReport(action).finally(() => this.inflight.delete(task));
      this.inflight.add(task);
    }
    return actions.length;
  }

  private async runAndReport(action: AgentActionRequest): Promise<void> {
    this.logger.log(`running '${action.run.action}' (${action.type}) of playbook '${action.run.playbookName}', run ${action.run.id}`);
    const outcome = await this.run(action);
    const result: AgentActionResult = outcome.error
      ? { status: 'failed', result: outcome.result ?? {}, error: outcome.error }
      : { status: 'completed', result: outcome.result ?? {}, error: null };
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call('POST', `/api/agent/actions/${encodeURIComponent(action.id)}/result`, result);
      if (!('down' in answer) && answer.status < 500) {
        if (answer.status >= 300) this.logger.warn(`the upstream refused the result of '${action.run.action}' (HTTP ${answer.status}): ${answer.message}`);
        return;
      }
      if (attempt >= RESULT_TRIES || this.stopped) {
        this.logger.error(
          `could not post the result of '${action.run.action}' (run ${action.run.id}) to the upstream: ${'down' in answer ? answer.down : `HTTP ${answer.status}`}`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.upstream.pushIntervalMs * 2 ** (attempt - 1)).unref?.());
    }
  }

  /** Runs it as the upstream's run worker would have: this console's action type, guard rails and redaction. */
  private async run(action: AgentActionRequest): Promise<ActionOutcome> {
    const implementation = this.plugins.find(ACTION_TYPES, action.type);
    if (!implementation) return { error: `The action type '${action.type}' is not available on agent '${this.upstream.agentName}'`, result: {} };
    const guard = new RunGuard(this.policy, undefined, 'playbooks');
    const log = {
      text: '',
      add(line: string) {
        if (this.text.length < MAX_LOG_BYTES) this.text += `${line}\n`;
      },
    };
    const outcome = await runOneAction({
      implementation,
      body: () => action.body,
      guard,
      timeoutMs: action.timeoutMs,
      timeoutReason: action.timeoutReason,
      signal: this.abort.signal,
      context: {
        resolveSecret: secretResolver((name) => this.connections.resolve(name), guard.ledger),
        run: action.run,
        scope: action.scope,
        startPlaybook: () => Promise.reject(new Error(`An action running on agent '${this.upstream.agentName}' cannot start a playbook run`)),
      },
      log,
    });
    if (outcome.waitFor) return { error: `An action running on agent '${this.upstream.agentName}' cannot wait for another run`, result: outcome.result };
    return outcome;
  }

  private async call(method: 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown; message: string } | { down: string }> {
    const credentials = Buffer.from(`${this.upstream.username}:${this.upstream.password ?? ''}`).toString('base64');
    try {
      const response = await this.http.request(`${this.upstream.url}${path}`, {
        method,
        headers: {
          Authorization: `Basic ${credentials}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.upstream.timeoutMs,
        signal: path === '/api/agent/actions' ? this.abort.signal : undefined,
        maxBytes: 16 * 1024 * 1024,
      });
      const text = response.body.toString('utf8');
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const message = json && typeof json === 'object' && 'message' in json ? String((json as { message: unknown }).message) : text.slice(0, 200);
      return { status: response.status, json, message };
    } catch (error) {
      return { down: (error as Error).message };
    }
  }

  /** One log line per change of state. */
  private enter(state: PullState, message: string): void {
    if (this.state === state) return;
    const previous = this.state;
    this.state = state;
    if (state === 'ok') {
      if (previous !== null) this.logger.log(message);
    } else if (state === 'refused') this.logger.error(message);
    else this.logger.warn(message);
  }
}
