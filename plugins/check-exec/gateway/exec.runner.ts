import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ExecSandbox, SandboxRefused, resolveScriptEnv, scriptEnvProblem } from '@gateway/core/sandbox';
import { resolveValue } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** Output kept per stream; the rest is dropped so a chatty script cannot grow the gateway. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * Check type `exec`: runs `script` with bash in the core sandbox (its own unprivileged user, an empty environment
 * plus `env`, a scratch directory, limits, whole process group killed on timeout); passes on exit 0. Saving a
 * canary with an exec check needs write on `exec` (admins), because the script runs on the console's machine.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'exec')
export class ExecCheckRunner implements CheckRunner {
  readonly type = 'exec';
  readonly runsCode = true;

  constructor(private readonly sandbox: ExecSandbox) {}

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.script !== 'string' || !spec.script.trim()) errors.push('script: required');
    const envProblem = scriptEnvProblem(spec.env);
    if (envProblem) errors.push(envProblem);
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return invalid(0, problems.join('; '));
    // `env` values may be secret references (`valueFrom`), resolved through the run (and redacted from results).
    const { env, unresolved } = await resolveScriptEnv(spec.env, (reference) => resolveValue(reference, ctx));
    if (unresolved.length) return invalid(Date.now() - started, unresolved.map((name) => `env: ${name} could not be resolved`).join('; '));
    let outcome;
    try {
      outcome = await this.sandbox.run({
        script: spec.script as string,
        env,
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
        maxOutputBytes: MAX_OUTPUT_BYTES,
      });
    } catch (err) {
      const message = err instanceof SandboxRefused ? err.message : `bash could not run: ${(err as Error).message}`;
      return invalid(Date.now() - started, message);
    }
    const duration = Date.now() - started;
    const { stdout, stderr, exitCode } = outcome;
    const details = { stdout, stderr, exitCode, duration, ...(outcome.truncated ? { truncated: true } : {}) };
    if (ctx.signal.aborted || outcome.timedOut) {
      const message = `timed out after ${ctx.timeoutMs}ms`;
      return { pass: false, invalid: false, duration, message, error: message, details };
    }
    const pass = exitCode === 0;
    const message = pass ? stdout.trim().slice(0, 500) : `exit code ${exitCode ?? outcome.signal}: ${stderr.trim().slice(0, 500)}`;
    return { pass, invalid: false, duration, message, error: pass ? null : message, details };
  }
}

function invalid(duration: number, message: string): CheckResult {
  return { pass: false, invalid: true, duration, message, error: message, details: {} };
}
