import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { Params, selectorSql, selectorsOf, validateSelector, type ResourceSelector } from './selector';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** The most items a result carries in its details; `count` is always the full count. */
export const MAX_ITEMS = 500;

export interface CatalogCheckItem {
  id: string;
  name: string | null;
  type: string;
  health: string | null;
  status: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
}

const hasTest = (test: unknown) =>
  (typeof test === 'string' && test.trim() !== '') ||
  (!!test &&
    typeof test === 'object' &&
    typeof (test as { expression?: unknown }).expression === 'string' &&
    (test as { expression: string }).expression.trim() !== '');

/**
 * Check type `catalog`: selects config items (not deleted) with one or more resource selectors and passes when the
 * selection is non-empty. With a `test` expression the runner passes and the expression decides (it sees `count` and
 * `items`), so `test: count == 0` asserts that nothing matches.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'catalog')
export class CatalogCheckRunner implements CheckRunner {
  readonly type = 'catalog';

  constructor(private readonly db: Db) {}

  validate(spec: CheckSpec): string[] {
    const selectors = selectorsOf(spec.selector);
    if (!selectors.length) return ['selector: required'];
    return selectors.flatMap((s, i) => validateSelector(s, Array.isArray(spec.selector) ? `selector[${i}]` : 'selector'));
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const params = new Params();
    const where = selectorsOf(spec.selector)
      .map((s) => `(${selectorSql(s as ResourceSelector, params)})`)
      .join(' OR ');
    const sql = `SELECT id, name, type, health, status, labels, tags, count(*) OVER () AS total
                   FROM configs
                  WHERE deleted_at IS NULL AND (${where})
                  ORDER BY name NULLS LAST, id
                  LIMIT ${MAX_ITEMS}`;
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(new Error('aborted'));
      if (ctx.signal.aborted) onAbort();
      else ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      // The query stops on the server at the check's timeout, so a slow selector does not hold a pool connection.
      const query = this.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [String(Math.max(1, Math.floor(ctx.timeoutMs)))]);
        return (await tx.query<CatalogCheckItem & { total: string }>(sql, params.values)).rows;
      });
      query.catch(() => undefined);
      const rows = await Promise.race([query, aborted]);
      const count = rows.length ? Number(rows[0].total) : 0;
      const items = rows.map(({ total: _total, ...item }) => item);
      const duration = Date.now() - started;
      const pass = hasTest(spec.test) || count > 0;
      const message = count ? `${count} ${count === 1 ? 'item' : 'items'}` : 'no config items match the selector';
      return { pass, invalid: false, duration, message, error: pass ? null : message, details: { count, items, duration } };
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }
  }
}
