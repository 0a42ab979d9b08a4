import { spawn } from 'node:child_process';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** Output kept per stream; the rest is dropped so a chatty script cannot grow the gateway. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Check type `exec`: runs `script` with bash; passes on exit 0. The whole process group is killed on timeout. */
@Injectable()
@Extension('checks', 'exec')
export class ExecCheckRunner implements CheckRunner {
  readonly type = 'exec';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.script !== 'string' || !spec.script.trim()) errors.push('script: required');
    if (spec.env !== undefined && !envOf(spec.env)) errors.push('env: must be a list of {name, value} or a map of strings');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    let outcome: { stdout: string; stderr: string; exitCode: number | null; signal: string | null };
    try {
      outcome = await runBash(spec.script as string, { ...baseEnv(), ...envOf(spec.env) }, ctx.signal);
    } catch (err) {
      const message = `bash could not run: ${(err as Error).message}`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const duration = Date.now() - started;
    const { stdout, stderr, exitCode } = outcome;
    const details = { stdout, stderr, exitCode, duration };
    if (ctx.signal.aborted) {
      const message = `timed out after ${ctx.timeoutMs}ms`;
      return { pass: false, invalid: false, duration, message, error: message, details };
    }
    const pass = exitCode === 0;
    const message = pass ? stdout.trim().slice(0, 500) : `exit code ${exitCode ?? outcome.signal}: ${stderr.trim().slice(0, 500)}`;
    return { pass, invalid: false, duration, message, error: pass ? null : message, details };
  }
}

/** Scripts see a minimal environment, never the gateway's own (database URL, session secret, ...). */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k] as string]));
}

function envOf(env: unknown): Record<string, string> | null {
  if (env === undefined) return {};
  if (Array.isArray(env)) {
    if (!env.every((e) => e && typeof e.name === 'string' && typeof e.value === 'string')) return null;
    return Object.fromEntries(env.map((e: { name: string; value: string }) => [e.name, e.value]));
  }
  if (env && typeof env === 'object' && Object.values(env).every((v) => typeof v === 'string')) return env as Record<string, string>;
  return null;
}

function runBash(script: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<{ stdout: string; stderr: string; exitCode: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    // detached: the script gets its own process group, so a timeout kills its children too (sleep, curl, ...).
    const child = spawn('bash', ['-c', script], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outSize = 0;
    let errSize = 0;
    child.stdout.on('data', (c: Buffer) => {
      if (outSize < MAX_OUTPUT_BYTES) out.push(c);
      outSize += c.length;
    });
    child.stderr.on('data', (c: Buffer) => {
      if (errSize < MAX_OUTPUT_BYTES) err.push(c);
      errSize += c.length;
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (signal.aborted) kill();
    else signal.addEventListener('abort', kill, { once: true });
    child.once('error', (e) => {
      signal.removeEventListener('abort', kill);
      reject(e);
    });
    child.once('close', (exitCode, sig) => {
      signal.removeEventListener('abort', kill);
      const text = (bufs: Buffer[]) => Buffer.concat(bufs).subarray(0, MAX_OUTPUT_BYTES).toString('utf8');
      resolve({ stdout: text(out), stderr: text(err), exitCode, signal: sig });
    });
  });
}
