import * as net from 'node:net';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { resolveValue } from '@gateway/core/checks/runner-kit';

/** `addr` as `host:port` (canary-checker's field) or `url` as `redis://[user:pass@]host:port[/db]`. */
function redisTarget(spec: CheckSpec): { host: string; port: number; db?: number; username?: string; password?: string } | null {
  if (typeof spec.url === 'string') {
    try {
      const u = new URL(spec.url);
      if (u.protocol !== 'redis:') return null;
      const db = u.pathname.replace('/', '');
      return { host: u.hostname, port: Number(u.port || 6379), db: db ? Number(db) : undefined, username: decodeURIComponent(u.username) || undefined, password: decodeURIComponent(u.password) || undefined };
    } catch {
      return null;
    }
  }
  const m = typeof spec.addr === 'string' ? /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(spec.addr) : null;
  return m ? { host: m[1] ?? m[2], port: Number(m[3]) } : null;
}

/** RESP encoding of one command (an array of bulk strings). */
const encode = (args: string[]) => `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('');

/**
 * Check type `redis`: speaks RESP over a plain socket (no redis client is installed in the gateway): optional
 * AUTH and SELECT, then PING; passes on PONG. Each command's reply is a single line (+OK/+PONG or -ERR).
 */
@Injectable()
@Extension('checks', 'redis')
export class RedisCheckRunner implements CheckRunner {
  readonly type = 'redis';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (spec.addr === undefined && spec.url === undefined) errors.push('addr: required (host:port)');
    else if (!redisTarget(spec)) errors.push(spec.url !== undefined ? 'url: must be redis://host:port[/db]' : 'addr: must be host:port');
    if (spec.db !== undefined && !(Number.isInteger(spec.db) && (spec.db as number) >= 0)) errors.push('db: must be an integer ≥ 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    const target = redisTarget(spec)!;
    const username = (await resolveValue(spec.username, ctx)) ?? target.username;
    const password = (await resolveValue(spec.password, ctx)) ?? target.password;
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
