import { Injectable } from '@nestjs/common';
import { ConnectionPool, type Connection } from 'mssql';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { abortedBy, failedResult, isConnectionRef, queryCheckProblems, rowCountResult } from '@gateway/core/checks/runner-kit';
import { templateProblem, templateSample, templateValues, unresolvedProblem } from '@gateway/core/checks/connection-template';
import { isMssqlConnectionString, MssqlConnectionError, mssqlTarget, type MssqlTarget } from './mssql-connection';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** Why a connection string (placeholders allowed) cannot be used, or null. */
function connectionProblem(text: string): string | null {
  const template = templateProblem(text, 'connection');
  if (template) return template;
  if (!isMssqlConnectionString(text)) return 'connection: must be server=…;port=…;database=… pairs, a sqlserver:// URL or a connection:// reference';
  try {
    mssqlTarget(templateSample(text));
    return null;
  } catch (err) {
    if (err instanceof MssqlConnectionError) return `connection: ${err.message}`;
    throw err;
  }
}

/**
 * Check type `mssql` (SQL Server, through the `mssql` package's tedious driver): connects, runs `query` (default
 * `SELECT 1`), passes when the row count equals `results` (when set). The connection (`connection`, else `url`) is
 * ADO-style pairs as canary-checker's files give them, a sqlserver:// URL or a connection:// reference;
 * `$(username)` and `$(password)` in it are the check's own fields, which also win over the string's own.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'mssql')
export class MssqlCheckRunner implements CheckRunner {
  readonly type = 'mssql';

  validate(spec: CheckSpec): string[] {
    return queryCheckProblems(spec, connectionProblem);
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return failedResult(started, problems.join('; '), true);

    const raw = spec.connection ?? spec.url;
    const text = typeof raw === 'string' && !isConnectionRef(raw) ? raw : await ctx.resolveSecret(raw);
    if (!text) return failedResult(started, 'connection: could not be resolved', true);
    const values = await templateValues(spec, ctx);
    const unresolved = unresolvedProblem(text, spec, values);
    if (unresolved) return failedResult(started, unresolved, true);
    let target: MssqlTarget;
    try {
      if (!isMssqlConnectionString(text)) throw new MssqlConnectionError('not server=… pairs or a sqlserver:// URL');
      target = mssqlTarget(text, values);
    } catch (err) {
      if (!(err instanceof MssqlConnectionError)) throw err;
      return failedResult(started, `connection: ${err.message}${text === raw ? '' : ' (in the resolved connection)'}`, true);
    }
    if (values.username !== null) target.user = values.username;
    if (values.password !== null) target.password = values.password;
    // The driver is given the very host and port the guard checked, with what it will send.
    await ctx.outbound.check(
      { protocol: 'sqlserver:', host: target.host, port: target.port },
      { connection: text, user: target.user, password: target.password },
    );

    const timeout = Math.max(1, ctx.timeoutMs);
    const connections: Connection[] = [];
    const pool = new ConnectionPool({
      server: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      domain: target.domain,
      database: target.database,
      connectionTimeout: timeout,
      requestTimeout: timeout,
      options: { encrypt: target.encrypt, trustServerCertificate: target.trustServerCertificate },
      pool: { min: 0, max: 1 },
      // Kept so that a timed-out check can end a connection that is still being made (the pool's close() does not).
      beforeConnect: (conn) => void connections.push(conn),
    });
    pool.on('error', () => undefined); // a connection dropped after abort is reported through the query, not as an unhandled event
    const aborted = abortedBy(ctx.signal);
    const connecting = pool.connect();
    connecting.catch(() => undefined);
    try {
      await Promise.race([connecting, aborted]);
      const result = await Promise.race([pool.request().query(String(spec.query ?? 'SELECT 1')), aborted]);
      // recordset rows carry driver properties: plain copies are stored.
      return rowCountResult(
        ((result.recordset ?? []) as Record<string, unknown>[]).map((r) => ({ ...r })),
        spec.results as number | undefined,
        started,
      );
    } catch (err) {
      const reason = (err as Error).message;
      const where = `${target.host}:${target.port}`;
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : reason.includes(where) ? reason : `${where}: ${reason}`;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    } finally {
      // A hung peer must not keep a socket open after the check: connections still being made are closed too.
      pool.close().catch(() => undefined);
      for (const conn of connections) (conn as unknown as { close(): void }).close();
    }
  }
}
