import { Injectable } from '@nestjs/common';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES, judgedLater, stopReason, unknownFieldProblems } from '@gateway/core/playbooks';
import { resolveValue } from '@gateway/core/checks/runner-kit';
import { ExecSandbox, SandboxRefused, resolveScriptEnv, scriptEnvProblem } from '@gateway/core/sandbox';

/** Output kept per stream; the rest is dropped so a chatty script cannot grow the run's record. */
const MAX_OUTPUT_BYTES = 1024 * 1024;
const FIELDS = ['script', 'env'];

/**
 * Action type `exec`: runs `script` with bash in the core sandbox (its own unprivileged user, an empty environment
 * plus `env`, a scratch directory, limits, the whole process group killed when the action's time is up or the run
 * is cancelled). The script is taken as written; the run's values reach it through `env` (`{name: SERVICE, value:
 * '{{ .params.service }}'}`, read as "$SERVICE"), never pasted into it. Fails on a non-zero exit.
 */
@Injectable()
@Extension(ACTION_TYPES, 'exec')
export class ExecAction implements ActionType {
  readonly type = 'exec';
  readonly runsCode = true;
  /** A script may have changed things before it was interrupted: running it again is the author's call, not ours. */
  readonly retrySafe = false;
  /**
   * The script is taken as written (no Go template, no CEL): a value pasted into a program could run as part of it.
   * Values reach it through `env`, whose values are templated.
   */
  readonly literalFields = ['script'];

  constructor(private readonly sandbox: ExecSandbox) {}

  /** At save time: `env` written as one template (`$(…)` giving a list or map) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };
    const { env, unresolved } = await resolveScriptEnv(body.env, (reference) => resolveValue(reference, ctx));
    if (unresolved.length) return { error: unresolved.map((name) => `env: ${name} could not be resolved`).join('; '), result: {} };

    let outcome;
    try {
      outcome = await this.sandbox.run({ script: body.script as string, env, timeoutMs: ctx.timeoutMs, signal: ctx.signal, maxOutputBytes: MAX_OUTPUT_BYTES });
    } catch (err) {
      return { error: err instanceof SandboxRefused ? err.message : `bash could not run: ${(err as Error).message}`, result: {} };
    }
    const { stdout, stderr, exitCode } = outcome;
    const result = { stdout, stderr, exitCode, ...(outcome.truncated ? { truncated: true } : {}) };
    if (outcome.truncated) ctx.log(`output cut at ${MAX_OUTPUT_BYTES} bytes per stream`);
    if (ctx.signal.aborted || outcome.timedOut) return { error: stopReason(ctx), result };
    if (exitCode === 0) return { error: null, result };
    const status = exitCode === null ? `killed by ${outcome.signal}` : `exit status ${exitCode}`;
    const lastLine = stderr.trim().split('\n').pop()?.trim().slice(0, 500);
    return { error: lastLine ? `${status}: ${lastLine}` : status, result };
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    if (typeof body.script !== 'string' || !body.script.trim()) errors.push('script: required');
    const envProblem = judgedLater(atRun)(body.env) ? null : scriptEnvProblem(body.env);
    if (envProblem) errors.push(envProblem);
    errors.push(...unknownFieldProblems(body, 'exec', FIELDS));
    return errors;
  }
}
