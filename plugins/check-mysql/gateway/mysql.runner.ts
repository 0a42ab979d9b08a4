import { Injectable } from '@nestjs/common';
import type { ConnectionOptions } from 'mysql2/promise';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { abortedBy, isConnectionRef, queryCheckProblems, rowCountResult } from '@gateway/core/checks/runner-kit';
import {
  expandTemplate,
  expandUrlTemplate,
  templateProblem,
  templateSample,
  templateValues,
  unresolvedProblem,
  type TemplateValues,
} from '@gateway/core/checks/connection-template';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { checkMysqlTarget, mysqlUrlOptions, withMysql } from '@gateway/core/checks/sql-connection';

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^mysql:\/\//i.test(v);
/**
 * Go driver DSN as canary-checker users write it: `user:pass@tcp(host:port)/db?params`, also after `mysql://` (which
 * canary-checker strips). The credentials are everything before the last `@` ahead of `tcp(`, split at the first `:`
 * (as the Go driver reads them, so a password may hold `@` or `:`); they are not percent-decoded.
 */
const GO_DSN = /^(?:mysql:\/\/)?(?:([\s\S]*)@)?tcp\(([^)]*)\)\/([^/?]*)(?:\?[\s\S]*)?$/i;

/**
 * Connection options from a `mysql://` URL or a Go-style DSN; null when neither. `$(username)` / `$(password)` are
 * expanded from `values`: percent-encoded in a URL, as they are in a Go DSN's credentials.
 */
export function mysqlOptions(dsn: string, values: TemplateValues = {}): ConnectionOptions | null {
  const m = GO_DSN.exec(dsn);
  if (m) {
    const hostPort = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(m[2]);
    if (!hostPort) return null;
    const userinfo = m[1] ?? '';
    const colon = userinfo.indexOf(':');
    const user = expandTemplate(colon >= 0 ? userinfo.slice(0, colon) : userinfo, values);
    const password = colon >= 0 ? expandTemplate(userinfo.slice(colon + 1), values) : '';
    return {
      host: hostPort[1] ?? hostPort[2],
      port: Number(hostPort[3] ?? 3306),
      user: user || undefined,
      password: password || undefined,
      database: m[3] || undefined,
    };
  }
  if (!isUrl(dsn)) return null;
  try {
    const u = new URL(expandUrlTemplate(dsn, values));
    return u.hostname ? mysqlUrlOptions(u) : null;
  } catch {
    return null;
  }
}

/** Why a connection string cannot be used (placeholders allowed), or null. */
function connectionProblem(text: string): string | null {
  const template = templateProblem(text, 'connection');
  if (template) return template;
  if (/@unix\(/i.test(text)) return 'connection: must name a network host, tcp(host:port) (unix sockets are not reachable from checks)';
  if (mysqlOptions(templateSample(text))) return null;
  return 'connection: must be a mysql:// URL, a user:pass@tcp(host:port)/db DSN or a connection:// reference';
}

/**
 * Check type `mysql`: connects, runs `query` (default `SELECT 1`), passes when the row count equals `results` (when
 * set). `$(username)` and `$(password)` in the connection are the check's own fields.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'mysql')
export class MysqlCheckRunner implements CheckRunner {
  readonly type = 'mysql';

  validate(spec: CheckSpec): string[] {
    return queryCheckProblems(spec, connectionProblem);
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const raw = spec.connection ?? spec.url;
    const dsn = typeof raw === 'string' && !isConnectionRef(raw) ? raw : await ctx.resolveSecret(raw);
    const values = await templateValues(spec, ctx);
    const unresolved = dsn ? unresolvedProblem(dsn, spec, values) : null;
    if (unresolved) return { pass: false, invalid: true, duration: Date.now() - started, message: unresolved, error: unresolved, details: {} };
    const options = dsn && !/@unix\(/i.test(dsn) ? mysqlOptions(dsn, values) : null;
    if (!options) {
      const message = dsn ? 'connection: the resolved connection is not a mysql:// URL or a tcp(host:port) DSN' : 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const user = values.username ?? undefined;
    const password = values.password ?? undefined;
    if (user !== undefined) options.user = user;
    if (password !== undefined) options.password = password;
    await checkMysqlTarget(options, ctx, dsn);

    const aborted = abortedBy(ctx.signal);
    try {
      return await withMysql(options, ctx, async (conn) => {
        const [result] = await Promise.race([conn.query(String(spec.query ?? 'SELECT 1')), aborted]);
        return rowCountResult(Array.isArray(result) ? (result as Record<string, unknown>[]) : [], spec.results as number | undefined, started);
      });
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }
  }
}
