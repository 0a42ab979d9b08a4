import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { assertionsResult } from '@gateway/core/checks/runner-kit';

export const DNS_QUERY_TYPES = ['A', 'CNAME', 'SRV', 'MX', 'PTR', 'TXT', 'NS'] as const;
type DnsQueryType = (typeof DNS_QUERY_TYPES)[number];

/**
 * Records as text, in the forms canary-checker compares `exactreply` against:
 * MX `host pref`, SRV `target port priority weight`, TXT the strings of one record joined.
 */
function lookup(resolver: Resolver, type: DnsQueryType, query: string): Promise<string[]> {
  const p = resolver;
  switch (type) {
    case 'A':
      return p.resolve4(query);
    case 'CNAME':
      return p.resolveCname(query);
    case 'NS':
      return p.resolveNs(query);
    case 'PTR':
      return isIP(query) ? p.reverse(query) : p.resolvePtr(query);
    case 'TXT':
      return p.resolveTxt(query).then((rs) => rs.map((chunks) => chunks.join('')));
    case 'MX':
      return p.resolveMx(query).then((rs) => rs.map((r) => `${r.exchange} ${r.priority}`));
    case 'SRV':
      return p.resolveSrv(query).then((rs) => rs.map((r) => `${r.name} ${r.port} ${r.priority} ${r.weight}`));
  }
}

/** Check type `dns`: passes when the server answers with at least `minrecords` records, exactly `exactreply` when set. */
@Injectable()
@Extension(CHECK_RUNNERS, 'dns')
export class DnsCheckRunner implements CheckRunner {
  readonly type = 'dns';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.query !== 'string' || !spec.query) errors.push('query: required');
    if (spec.server !== undefined && (typeof spec.server !== 'string' || !isIP(spec.server))) errors.push('server: must be an IP address');
    if (spec.port !== undefined && !(Number.isInteger(spec.port) && (spec.port as number) > 0 && (spec.port as number) < 65536))
      errors.push('port: must be 1-65535');
    const type = String(spec.querytype ?? 'A').toUpperCase();
    if (!(DNS_QUERY_TYPES as readonly string[]).includes(type)) errors.push(`querytype: must be one of ${DNS_QUERY_TYPES.join(', ')}`);
    for (const field of ['minrecords', 'thresholdMillis'] as const) {
      const v = spec[field];
      if (v !== undefined && (typeof v !== 'number' || v < 0)) errors.push(`${field}: must be a number ≥ 0`);
    }
    if (spec.exactreply !== undefined && (!Array.isArray(spec.exactreply) || spec.exactreply.some((r) => typeof r !== 'string')))
      errors.push('exactreply: must be a list of strings');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const type = String(spec.querytype ?? 'A').toUpperCase() as DnsQueryType;
    const query = spec.query as string;
    const resolver = new Resolver({ timeout: Math.max(1, ctx.timeoutMs), tries: 1 });
    if (typeof spec.server === 'string') {
      const port = (spec.port as number | undefined) ?? 53;
      await ctx.outbound.check({ protocol: 'dns:', host: spec.server, port });
      resolver.setServers([isIP(spec.server) === 6 ? `[${spec.server}]:${port}` : `${spec.server}:${port}`]);
    }
    const onAbort = () => resolver.cancel();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    let records: string[];
    try {
      if (ctx.signal.aborted) throw new Error('aborted');
      records = await lookup(resolver, type, query);
    } catch (err) {
      const message = ctx.signal.aborted
        ? `timed out after ${ctx.timeoutMs}ms resolving ${type} ${query}`
        : `${type} ${query}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: { records: [], querytype: type } };
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
    }

    const duration = Date.now() - started;
    const failures: string[] = [];
    const min = spec.minrecords as number | undefined;
    if (min !== undefined && records.length < min) failures.push(`got ${records.length} records, fewer than ${min}`);
    const exact = spec.exactreply as string[] | undefined;
    if (exact?.length) {
      const got = [...records].sort();
      const want = [...exact].sort();
      if (got.length !== want.length || got.some((r, i) => r !== want[i])) failures.push(`got [${records.join(', ')}], expected [${exact.join(', ')}]`);
    }
    const threshold = spec.thresholdMillis as number | undefined;
    if (threshold && duration > threshold) failures.push(`took ${duration}ms, more than the threshold of ${threshold}ms`);
    return assertionsResult(failures, `${records.length} ${type} records`, duration, { records, querytype: type, duration });
  }
}
