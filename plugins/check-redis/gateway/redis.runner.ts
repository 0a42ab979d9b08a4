import * as net from 'node:net';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { isConnectionRef } from '@gateway/core/checks/runner-kit';
import {
  expandUrlTemplate,
  templateProblem,
  templateSample,
  templateValues,
  unresolvedProblem,
  type TemplateValues,
} from '@gateway/core/checks/connection-template';

export interface RedisTarget {
  host: string;
  port: number;
  db?: number;
  username?: string;
  password?: string;
  /** `rediss://`: TLS, which this runner does not speak. */
  tls?: boolean;
}

/**
 * A target from `redis://[user:pass@]host:port[/db]` (`$(username)`/`$(password)` expanded from `values`,
 * percent-encoded) or a bare `host:port` (canary-checker's `addr`, and its `url` too); null when neither.
 */
export function redisTarget(text: string, values: TemplateValues = {}): RedisTarget | null {
  if (/^rediss?:\/\//i.test(text)) {
    try {
      const u = new URL(expandUrlTemplate(text, values));
      if (!u.hostname) return null;
      const db = u.pathname.replace('/', '');
      if (db && !/^\d+$/.test(db)) return null;
      return {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: Number(u.port || 6379),
        db: db ? Number(db) : undefined,
        username: decodeURIComponent(u.username) || undefined,
        password: decodeURIComponent(u.password) || undefined,
        tls: u.protocol === 'rediss:',
      };
    } catch {
      return null;
    }
  }
  const m = /^(?:\[([^\]]+)\]|([^:/@\s[\]]+)):(\d{1,5})$/.exec(text.trim());
  return m && Number(m[3]) >= 1 && Number(m[3]) <= 65535 ? { host: m[1] ?? m[2], port: Number(m[3]) } : null;
}

/** The field naming the server: `url`, else `connection`, else `addr` (canary-checker reads `addr` when `url` is empty). */
function addressField(spec: CheckSpec): 'url' | 'connection' | 'addr' | null {
  for (const field of ['url', 'connection', 'addr'] as const) if (spec[field] !== undefined && spec[field] !== null && spec[field] !== '') return field;
  return null;
}

/** TLS (`rediss://` or an enabled `tlsConfig`), which this runner does not speak: such a check reports invalid when run. */
function wantsTls(spec: CheckSpec, target: RedisTarget | null): boolean {
  const tls = spec.tlsConfig as Record<string, unknown> | undefined | null;
  const enabled = !!tls && typeof tls === 'object' && (tls.enable === true || tls.insecureSkipVerify === true || !!tls.ca || !!tls.cert);
  return enabled || target?.tls === true;
}

/** RESP encoding of one command (an array of bulk strings). */
const encode = (args: string[]) => `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('');

/**
 * Check type `redis`: speaks RESP over a plain socket (no redis client is installed in the gateway): optional
 * AUTH and SELECT, then PING; passes on PONG. Each command's reply is a single line (+OK/+PONG or -ERR).
 * The server is `url` (redis:// or host:port), `connection` (the same, or a connection:// reference) or `addr`;
 * `$(username)` and `$(password)` in it are the check's own fields.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'redis')
export class RedisCheckRunner implements CheckRunner {
  readonly type = 'redis';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const field = addressField(spec);
    const value = field ? spec[field] : undefined;
    if (!field) errors.push('addr: required (host:port)');
    else if (typeof value !== 'string') errors.push(`${field}: must be a string`);
    else if (!(field === 'connection' && isConnectionRef(value))) {
      const problem = templateProblem(value, field);
      if (problem) errors.push(problem);
      else if (!redisTarget(templateSample(value)))
        errors.push(field === 'addr' ? 'addr: must be host:port' : `${field}: must be redis://host:port[/db], host:port or a connection:// reference`);
    }
    if (spec.db !== undefined && !(Number.isInteger(spec.db) && (spec.db as number) >= 0)) errors.push('db: must be an integer ≥ 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    const raw = spec[addressField(spec)!] as string;
    const text = isConnectionRef(raw) ? await ctx.resolveSecret(raw) : raw;
    const values = await templateValues(spec, ctx);
    const unresolved = text ? unresolvedProblem(text, spec, values) : null;
    if (unresolved) return { pass: false, invalid: true, duration: Date.now() - started, message: unresolved, error: unresolved, details: {} };
    const target = text ? redisTarget(text, values) : null;
    if (!target) {
      const message = text ? 'connection: the resolved connection is not a redis:// URL or host:port' : 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    if (wantsTls(spec, target)) {
      const message = 'redis: TLS (rediss:// or tlsConfig) is not supported on this console yet';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const username = values.username ?? target.username;
    const password = values.password ?? target.password;
    const db = (spec.db as number | undefined) ?? target.db;
    const commands: string[][] = [];
    if (password) commands.push(username ? ['AUTH', username, password] : ['AUTH', password]);
    if (db) commands.push(['SELECT', String(db)]);
    commands.push(['PING']);
    await ctx.outbound.check({ protocol: 'redis:', host: target.host, port: target.port }, commands);
    try {
      const replies = await converse(target.host, target.port, commands, ctx.signal);
      const duration = Date.now() - started;
      const failed = replies.find((r) => r.startsWith('-'));
      const last = replies[replies.length - 1];
      const pass = !failed && last === '+PONG';
      const message = pass ? 'PONG' : failed ? failed.slice(1) : `unexpected reply ${last}`;
      return { pass, invalid: false, duration, message, error: pass ? null : message, details: { reply: last, duration } };
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }
  }
}

/** Sends the commands in one write and reads one reply line per command; stops at the first error reply. */
function converse(host: string, port: number, commands: string[][], signal: AbortSignal): Promise<string[]> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const socket = net.connect({ host, port });
    const replies: string[] = [];
    let buffer = '';
    const finish = (err: Error | null) => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (err) reject(err);
      else resolve(replies);
    };
    const onAbort = () => finish(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => socket.write(commands.map(encode).join('')));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        replies.push(line);
        if (line.startsWith('-') || replies.length === commands.length) return finish(null);
      }
    });
    socket.once('error', (err) => finish(err));
    socket.once('close', () => finish(new Error('connection closed before the reply')));
  });
}
