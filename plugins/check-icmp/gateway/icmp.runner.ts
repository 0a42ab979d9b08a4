import { spawn } from 'node:child_process';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { assertionsResult } from '@gateway/core/checks/runner-kit';

export interface PingSummary {
  transmitted: number;
  received: number;
  packetLoss: number;
  /** Round-trip times in ms, null when no reply came back. */
  min: number | null;
  avg: number | null;
  max: number | null;
}

/** Reads the summary of iputils or busybox `ping`. Null when the output has no statistics line. */
export function parsePingOutput(output: string): PingSummary | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received(?:, .*?)?, ([\d.]+)% packet loss/.exec(output);
  if (!counts) return null;
  const rtt = /(?:rtt|round-trip) min\/avg\/max(?:\/(?:mdev|stddev))? = ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(output);
  return {
    transmitted: Number(counts[1]),
    received: Number(counts[2]),
    packetLoss: Number(counts[3]),
    min: rtt ? Number(rtt[1]) : null,
    avg: rtt ? Number(rtt[2]) : null,
    max: rtt ? Number(rtt[3]) : null,
  };
}

const HOST = /^[A-Za-z0-9.:\-_[\]]+$/;

/**
 * The host to ping: the endpoint itself, or the host of an endpoint given as a URL (`https://github.com/…` pings
 * `github.com`, as canary-checker does); null when it names no usable host.
 */
export function pingHost(endpoint: string): string | null {
  let host = endpoint.trim();
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname.replace(/^\[(.*)\]$/, '$1');
    } catch {
      return null;
    }
  }
  return host && HOST.test(host) && !host.startsWith('-') ? host : null;
}

/**
 * Check type `icmp`: runs the system `ping -c <packetCount> -W <seconds> <host>` (`endpoint` a host, an IP address,
 * or a URL whose host is pinged). Passes when the packet loss is
 * within `packetLossThreshold` (percent, default 0) and the average round trip within `thresholdMillis`. When `ping`
 * is missing or not permitted, the result is invalid (a host configuration problem), never a pass.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'icmp')
export class IcmpCheckRunner implements CheckRunner {
  readonly type = 'icmp';
  /** The ping executable; tests point it at a stand-in to exercise parsing where the sandbox has no ping. */
  pingCommand = 'ping';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.endpoint !== 'string' || !spec.endpoint) errors.push('endpoint: required');
    else if (!pingHost(spec.endpoint)) errors.push('endpoint: must be a host name, an IP address or a URL');
    if (spec.packetCount !== undefined && !(Number.isInteger(spec.packetCount) && (spec.packetCount as number) >= 1 && (spec.packetCount as number) <= 100)) {
      errors.push('packetCount: must be an integer 1-100');
    }
    for (const f of ['thresholdMillis', 'packetLossThreshold'] as const) {
      if (spec[f] !== undefined && (typeof spec[f] !== 'number' || (spec[f] as number) < 0)) errors.push(`${f}: must be a number ≥ 0`);
    }
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    const count = (spec.packetCount as number | undefined) ?? 1;
    const waitSeconds = Math.max(1, Math.ceil(ctx.timeoutMs / 1000 / count));
    const host = pingHost(spec.endpoint as string)!;
    const args = ['-c', String(count), '-W', String(waitSeconds), host];
    // ICMP has no port; the policy still refuses cloud metadata addresses.
    await ctx.outbound.check({ protocol: 'icmp:', host, port: 0 });

    let output: { stdout: string; stderr: string; exitCode: number | null };
    try {
      output = await execute(this.pingCommand, args, ctx.signal);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const message = code === 'ENOENT' ? 'icmp: the ping command is not installed on the gateway host' : `icmp: ping could not run: ${(err as Error).message}`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const duration = Date.now() - started;
    if (ctx.signal.aborted) {
      const message = `timed out after ${ctx.timeoutMs}ms`;
      return { pass: false, invalid: false, duration, message, error: message, details: {} };
    }
    const summary = parsePingOutput(output.stdout);
    if (!summary) {
      // iputils exits 2 on errors such as "Operation not permitted" (no raw socket, no ping group): not the target's fault.
      const reason = (output.stderr || output.stdout).trim().split('\n')[0] || `exit code ${output.exitCode}`;
      const unresolved = /unknown host|not known|resolve|Name or service/i.test(reason);
      const message = unresolved ? `${host}: ${reason}` : `icmp: ping could not run: ${reason}`;
      return { pass: false, invalid: !unresolved, duration, message, error: message, details: { stdout: output.stdout, stderr: output.stderr } };
    }
    const failures: string[] = [];
    const lossThreshold = (spec.packetLossThreshold as number | undefined) ?? 0;
    if (summary.received === 0) failures.push(`no reply from ${host}`);
    else if (summary.packetLoss > lossThreshold) failures.push(`packet loss ${summary.packetLoss}% above ${lossThreshold}%`);
    const threshold = spec.thresholdMillis as number | undefined;
    if (threshold && summary.avg !== null && summary.avg > threshold) failures.push(`average round trip ${summary.avg}ms above ${threshold}ms`);
    return assertionsResult(failures, `${summary.received}/${summary.transmitted} replies, avg ${summary.avg}ms`, duration, {
      ...summary,
      host,
      latency: summary.avg,
      duration,
    });
  }
}

function execute(command: string, args: string[], signal: AbortSignal): Promise<{ stdout: string; stderr: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Its own process group, killed whole: a wrapper around ping must not keep the pipes (and the check) open.
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (signal.aborted) kill();
    else signal.addEventListener('abort', kill, { once: true });
    child.once('error', (err) => {
      signal.removeEventListener('abort', kill);
      reject(err);
    });
    child.once('close', (exitCode) => {
      signal.removeEventListener('abort', kill);
      resolve({ stdout, stderr, exitCode });
    });
  });
}
