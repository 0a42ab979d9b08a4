import { Injectable } from '@nestjs/common';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { resolveValue } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^mongodb(\+srv)?:\/\//i.test(v);

/** The hosts of a mongodb:// URL (`a:1,b:2`); SRV URLs resolve to several, so they count as many. */
function hostCount(url: string): number {
  if (/^mongodb\+srv:/i.test(url)) return Infinity;
  const authority = url.replace(/^mongodb:\/\//i, '').split(/[/?]/)[0];
  return authority.slice(authority.lastIndexOf('@') + 1).split(',').length;
}

/**
 * Check type `mongodb`: connects to `connection` (a `mongodb://` URL or a connection reference; `url` is read when
 * `connection` is absent) and sends `{ping: 1}` to `db` (default `admin`); passes on ok 1. The server version comes
 * from `buildInfo` when the server answers it.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'mongodb')
export class MongodbCheckRunner implements CheckRunner {
  readonly type = 'mongodb';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const connection = spec.connection ?? spec.url;
    if (connection === undefined || connection === null || connection === '') errors.push('connection: required');
    else if (typeof connection === 'string' && !isUrl(connection) && !/^connection:\/\//.test(connection)) {
      errors.push('connection: must be a mongodb:// URL or a connection:// reference');
    }
    if (spec.db !== undefined && (typeof spec.db !== 'string' || !/^[^/\\. "$]+$/.test(spec.db))) errors.push('db: must be a database name');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const raw = spec.connection ?? spec.url;
    const url = isUrl(raw) ? raw : await ctx.resolveSecret(raw);
    if (!url || !isUrl(url)) {
      const message = url ? 'connection: the resolved connection is not a mongodb:// URL' : 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const username = (await resolveValue(spec.username, ctx)) ?? undefined;
    const password = (await resolveValue(spec.password, ctx)) ?? undefined;
    const timeout = Math.max(1, ctx.timeoutMs);
    const options: MongoClientOptions = {
      serverSelectionTimeoutMS: timeout,
      connectTimeoutMS: timeout,
      socketTimeoutMS: timeout,
      maxPoolSize: 1,
      ...(username !== undefined ? { auth: { username, password } } : {}),
    };
    const fileOption = [...new URLSearchParams(url.split('?')[1] ?? '').keys()].find((k) => /file$/i.test(k));
    if (fileOption) {
      const message = `connection: ${fileOption} names a file on the console's machine and is not allowed in checks`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const hosts = mongoHosts(url);
    for (const host of hosts) await ctx.outbound.check({ protocol: 'mongodb:', ...host }, { url, username, password });
    // One checked host: talk to it alone, so the driver does not go on to members it discovers (never checked).
    if (hosts.length === 1 && !/^mongodb\+srv:/i.test(url)) options.directConnection = true;
    let client: MongoClient;
    try {
      client = new MongoClient(url, options);
    } catch (err) {
      const message = `connection: ${(err as Error).message}`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }

    // Server selection retries until its timeout; with a single host, a refused or reset connection is the answer.
    let stop: (err: Error) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => undefined);
    const onAbort = () => stop(new Error('aborted'));
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener('abort', onAbort, { once: true });
    let lastFailure: Error | null = null;
    const singleHost = hostCount(url) === 1;
    client.on('serverHeartbeatFailed', (event) => {
      lastFailure = event.failure;
      if (singleHost) stop(event.failure);
    });

    try {
      await Promise.race([client.connect(), stopped]);
      const db = client.db(typeof spec.db === 'string' ? spec.db : 'admin');
      const reply = await Promise.race([db.command({ ping: 1 }), stopped]);
      let version: string | undefined;
      try {
        const info = await Promise.race([client.db('admin').command({ buildInfo: 1 }), stopped]);
        if (typeof info.version === 'string') version = info.version;
      } catch {
        if (ctx.signal.aborted) throw new Error('aborted');
        // buildInfo is optional (restricted users may not run it): the check stands on ping alone.
      }
      const duration = Date.now() - started;
      const message = version ? `ping ok (MongoDB ${version})` : 'ping ok';
      return { pass: true, invalid: false, duration, message, error: null, details: { ok: reply.ok, ...(version ? { version } : {}), duration } };
    } catch (err) {
      const failure = lastFailure as Error | null;
      const reason = (err as Error).message;
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms${failure ? `: ${failure.message}` : ''}` : reason;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      // close() ends pooled sessions first; a hung server must not hold the check, so it is not awaited.
      client.close(true).catch(() => undefined);
    }
  }
}

/** Every host of a mongodb:// URL (a seed list `h1:p1,h2:p2`); a mongodb+srv:// name is checked as given. */
function mongoHosts(url: string): Array<{ host: string; port: number }> {
  const authority = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/i.exec(url)?.[1] ?? '';
  return authority
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(part);
      return { host: (m?.[1] ?? part).replace(/^\[|\]$/g, ''), port: Number(m?.[2] ?? 27017) };
    });
}
