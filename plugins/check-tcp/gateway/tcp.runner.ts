import * as net from 'node:net';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** `host` + `port`, or `endpoint` as `host:port` (IPv6 as `[::1]:80`). */
export function tcpTarget(spec: CheckSpec): { host: string; port: number } | null {
  if (typeof spec.endpoint === 'string' && spec.endpoint) {
    const m = /^(?:tcp:\/\/)?(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(spec.endpoint.trim());
    return m ? { host: m[1] ?? m[2], port: Number(m[3]) } : null;
  }
  const port = Number(spec.port);
  if (typeof spec.host !== 'string' || !spec.host || !Number.isInteger(port)) return null;
  return { host: spec.host, port };
}

/** Check type `tcp`: passes when a connection opens (within `thresholdMillis` when set). */
@Injectable()
@Extension(CHECK_RUNNERS, 'tcp')
export class TcpCheckRunner implements CheckRunner {
  readonly type = 'tcp';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (spec.endpoint !== undefined) {
      if (!tcpTarget(spec)) errors.push('endpoint: must be host:port');
    } else {
      if (typeof spec.host !== 'string' || !spec.host) errors.push('host: required (or endpoint host:port)');
      const port = Number(spec.port);
      if (spec.port === undefined) errors.push('port: required');
      else if (!Number.isInteger(port) || port < 1 || port > 65535) errors.push('port: must be 1-65535');
    }
    const target = tcpTarget(spec);
    if (spec.endpoint !== undefined && target && (target.port < 1 || target.port > 65535)) errors.push('endpoint: port must be 1-65535');
    if (spec.thresholdMillis !== undefined && (typeof spec.thresholdMillis !== 'number' || spec.thresholdMillis < 0))
      errors.push('thresholdMillis: must be a number ≥ 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    const { host, port } = tcpTarget(spec)!;
    await ctx.outbound.check({ protocol: 'tcp:', host, port });
    try {
      await connect(host, port, ctx.signal);
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms connecting to ${host}:${port}` : `${host}:${port}: ${(err as Error).message}`;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: { host, port } };
    }
    const duration = Date.now() - started;
    const threshold = spec.thresholdMillis as number | undefined;
    const slow = threshold ? duration > threshold : false;
    const message = slow ? `connected in ${duration}ms, more than the threshold of ${threshold}ms` : '';
    return { pass: !slow, invalid: false, duration, message, error: slow ? message : null, details: { host, port, duration } };
  }
}

function connect(host: string, port: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const socket = net.connect({ host, port });
    const onAbort = () => {
      socket.destroy();
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve();
    });
    socket.once('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(err);
    });
  });
}
