import type { Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { type ComponentLogSelector, type LogSearchResponse, type SnapshotQuery } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { FeatureService } from '@gateway/core/features/feature.service';
import { notFound } from '@gateway/core/http/domain-error';
import { LOG_SEARCH } from '@gateway/core/logs/log-backends';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { csvRow, type CsvValue } from './csv';
import { MAX_SNAPSHOT_LOG_SELECTORS, SNAPSHOT_CSV_ROW_CAP, SNAPSHOT_LOG_LINES, readme, type LogFile, type Report } from './snapshot-readme';
import { parseRelated, parseSnapshotStart } from './time-range';
import { SnapshotAborted, ZipStream } from './zip-stream';

/** Rows read per query while streaming a CSV (keyset pages: memory stays bounded whatever the range). */
const PAGE_ROWS = 10_000;
/** Text gathered before it is handed to the compressor. */
const CHUNK_CHARS = 64 * 1024;
/** Log searches running at once (each is a call to a logging backend). */
const LOG_CONCURRENCY = 4;
/** No new log search starts after this long. */
const SNAPSHOT_LOGS_DEADLINE_MS = 60_000;

const COMPONENT_COLUMNS = `c.id, c.name, c.title, c.text, c.type, c.icon, c.namespace, c.description, c.path, c.parent_id, c.topology_id,
  c.agent_id, c.external_id, c.status, c.health, c.status_reason, c.labels, c.properties, c.summary, c.logs, c.is_leaf, c.hidden,
  c.created_at, c.updated_at`;

interface ComponentRow {
  id: string;
  name: string;
  type: string | null;
  path: string | null;
  parent_id: string | null;
  status: string | null;
  health: string | null;
  status_reason: string | null;
  labels: Record<string, string>;
  logs: ComponentLogSelector[] | null;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

interface SnapshotComponent extends ComponentRow {
  /** Pulled in by `related=true` through component_relationships, not part of the subtree. */
  related: boolean;
}

interface NamedRow {
  id: string;
  name: string | null;
  type?: string | null;
  component_ids: string[];
  [column: string]: unknown;
}

/** What the request asked for, checked before the response starts (so its errors are still 4xx). */
export interface SnapshotPlan {
  component: ComponentRow;
  related: boolean;
  start: Date;
  end: Date;
  /** `{name}-snapshot.zip`, the name made safe for a file name. */
  fileName: string;
}

/**
 * The snapshot of a component (spec 02 card menu → Snapshot): a zip of its subtree, checks and their results, linked
 * configs and their changes, incidents and logs over a time range, streamed while it is produced. Every read is one
 * query over the id arrays of the whole subtree (or keyset pages of one), never one per component.
 */
@Injectable()
export class SnapshotService {
  private readonly logger = new Logger(SnapshotService.name);

  constructor(
    private readonly db: Db,
    private readonly host: PluginHost,
    private readonly features: FeatureService,
  ) {}

  /** Checks the query and finds the component: 400 for a bad start or related, 404 'Component not found'. */
  async prepare(id: string, query: { [K in keyof SnapshotQuery]?: unknown }): Promise<SnapshotPlan> {
    const end = new Date();
    const start = parseSnapshotStart(query.start, end);
    const related = parseRelated(query.related);
    const component = await this.db.one<ComponentRow>(`SELECT ${COMPONENT_COLUMNS} FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`, [id]);
    if (!component) throw notFound('Component not found');
    return { component, related, start, end, fileName: `${safeFileName(component.name, 'component')}-snapshot.zip` };
  }

  /**
   * Writes the archive to `out` and ends it. An error before the first byte is thrown (the caller answers a status);
   * once bytes have gone out it can no longer be one: the archive then ends with ERROR.txt (the files before it are
   * whole) and the error is logged. A reader that leaves stops the work.
   */
  async write(plan: SnapshotPlan, out: Writable): Promise<void> {
    const zip = new ZipStream(out);
    let step = 'components.json';
    try {
      await this.produce(plan, zip, (name) => (step = name));
      zip.end();
    } catch (error) {
      if (error instanceof SnapshotAborted || zip.gone) {
        this.logger.log(`Snapshot of component ${plan.component.id} stopped: the client closed the connection`);
        out.destroy();
        return;
      }
      if (!zip.started) throw error;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error(
        `Snapshot of component ${plan.component.id} failed while writing ${step}: ${message}`,
        error instanceof Error ? error.stack : undefined,
      );
      try {
        zip.closeOpen();
        await zip.file(
          'ERROR.txt',
          `The snapshot stopped while writing ${step}: ${message}\n\nThe files before ${step} are complete; ${step} may be cut short, and the files after it are missing.\n`,
        );
        zip.end();
      } catch {
        out.destroy();
      }
    }
  }

  private async produce(plan: SnapshotPlan, zip: ZipStream, at: (step: string) => void): Promise<void> {
    const { start, end } = plan;
    const subtree = await this.subtree(plan.component);
    const subtreeIds = subtree.map((c) => c.id);
    const related = plan.related ? await this.related(subtreeIds) : [];
    const components: SnapshotComponent[] = [...subtree.map((c) => ({ ...c, related: false })), ...related.map((c) => ({ ...c, related: true }))];
    const componentIds = components.map((c) => c.id);
    const report: Report = {
      subtree: subtree.length,
      related: related.length,
      checks: 0,
      checkStatuses: { rows: 0, capped: false },
      configs: 0,
      configChanges: { rows: 0, capped: false },
      incidents: 0,
      logs: [],
    };

    await this.jsonArray(zip, 'components.json', components);
    at('components.csv');
    await this.csv(
      zip,
      'components.csv',
      ['id', 'name', 'type', 'status', 'health', 'status_reason', 'parent_id', 'path', 'labels', 'related', 'created_at', 'updated_at'],
      async function* () {
        yield components.map((c) => [
          c.id,
          c.name,
          c.type,
          c.status,
          c.health,
          c.status_reason,
          c.parent_id,
          c.path,
          c.labels,
          c.related,
          c.created_at,
          c.updated_at,
        ]);
      },
    );

    at('checks.json');
    const checks = await this.db.query<NamedRow>(
      `SELECT ch.id, ch.canary_id, ca.name AS canary_name, ch.name, ch.type, ch.description, ch.icon, ch.labels, ch.endpoint, ch.namespace,
         ch.severity, ch.owner, ch.status, ch.last_runtime, ch.last_transition_time, ch.created_at, ch.updated_at,
         array_agg(DISTINCT ccr.component_id::text) AS component_ids
       FROM check_component_relationships ccr
       JOIN checks ch ON ch.id = ccr.check_id
       JOIN canaries ca ON ca.id = ch.canary_id
       WHERE ccr.component_id = ANY($1::uuid[]) AND ccr.deleted_at IS NULL AND ch.deleted_at IS NULL
       GROUP BY ch.id, ca.name
       ORDER BY ch.name, ch.id`,
      [componentIds],
    );
    report.checks = checks.length;
    await this.jsonArray(zip, 'checks.json', checks);

    at('check_statuses.csv');
    const checkNames = new Map(checks.map((c) => [c.id, c.name]));
    report.checkStatuses = await this.csv(
      zip,
      'check_statuses.csv',
      ['check_id', 'check_name', 'time', 'status', 'duration', 'message', 'error'],
      this.pages<{ check_id: string; time: Date; status: boolean; duration: number | null; message: string | null; error: string | null }>(
        `SELECT cs.check_id, cs.time, cs.status, cs.duration, cs.message, cs.error FROM check_statuses cs
         WHERE cs.check_id = ANY($1::uuid[]) AND cs.time >= $2 AND cs.time <= $3`,
        [[...checkNames.keys()], start, end],
        { time: 'cs.time', id: 'cs.check_id' },
        (row) => [row.time, row.check_id],
        (row) => [row.check_id, checkNames.get(row.check_id), row.time, row.status ? 'healthy' : 'unhealthy', row.duration, row.message, row.error],
      ),
    );

    at('configs.json');
    // The `config` body is left out: it can be megabytes per item, and the changes say what moved.
    const configs = await this.db.query<NamedRow>(
      `SELECT ci.id, ci.scraper_id, ci.agent_id, ci.external_id, ci.config_class, ci.type, ci.name, ci.status, ci.health, ci.ready,
         ci.description, ci.source, ci.labels, ci.tags, ci.properties, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d,
         ci.cost_total_30d, ci.parent_id, ci.path, ci.last_scraped_time, ci.created_at, ci.updated_at,
         array_agg(DISTINCT ccr.component_id::text) AS component_ids
       FROM config_component_relationships ccr
       JOIN config_items ci ON ci.id = ccr.config_id
       WHERE ccr.component_id = ANY($1::uuid[]) AND ccr.deleted_at IS NULL AND ci.deleted_at IS NULL
       GROUP BY ci.id
       ORDER BY ci.type, ci.name, ci.id`,
      [subtreeIds],
    );
    report.configs = configs.length;
    await this.jsonArray(zip, 'configs.json', configs);

    at('config_changes.csv');
    const configsById = new Map(configs.map((c) => [c.id, c]));
    report.configChanges = await this.csv(
      zip,
      'config_changes.csv',
      [
        'id',
        'config_id',
        'config_name',
        'config_type',
        'change_type',
        'severity',
        'source',
        'summary',
        'count',
        'first_observed',
        'created_at',
        'created_by',
        'external_created_by',
      ],
      this.pages<Record<string, CsvValue> & { id: string; config_id: string; created_at: Date }>(
        `SELECT cc.id, cc.config_id, cc.change_type, cc.severity, cc.source, cc.summary, cc.count, cc.first_observed, cc.created_at,
           cc.created_by, cc.external_created_by
         FROM config_changes cc
         WHERE cc.config_id = ANY($1::uuid[]) AND cc.created_at >= $2 AND cc.created_at <= $3`,
        [[...configsById.keys()], start, end],
        { time: 'cc.created_at', id: 'cc.id' },
        (row) => [row.created_at, row.id],
        (row) => {
          const config = configsById.get(row.config_id);
          return [
            row.id,
            row.config_id,
            config?.name,
            config?.type,
            row.change_type,
            row.severity,
            row.source,
            row.summary,
            row.count,
            row.first_observed,
            row.created_at,
            row.created_by,
            row.external_created_by,
          ];
        },
      ),
    );

    at('incidents.json');
    const incidents = await this.db.query(
      `SELECT ibc.id, ibc.incident_id, ibc.title, ibc.severity, ibc.status, ibc.type, ibc.created_at, ibc.updated_at,
         array_agg(DISTINCT ibc.component_id::text) AS component_ids
       FROM incidents_by_component ibc
       WHERE ibc.component_id = ANY($1::uuid[])
       GROUP BY ibc.id, ibc.incident_id, ibc.title, ibc.severity, ibc.status, ibc.type, ibc.created_at, ibc.updated_at
       ORDER BY ibc.created_at DESC, ibc.id`,
      [subtreeIds],
    );
    report.incidents = incidents.length;
    await this.jsonArray(zip, 'incidents.json', incidents);

    at('logs/');
    await this.logs(plan, subtree, zip, report, at);

    at('README.md');
    await zip.file('README.md', readme(plan, report));
  }

  /** The component and every descendant (by parent_id, and by path for rows whose parent link is not set), not deleted. */
  private subtree(root: ComponentRow): Promise<ComponentRow[]> {
    const prefix = root.path ? `${root.path}.${root.id}` : root.id;
    // The path arm is an index range scan (components_path_idx, text_pattern_ops) as a LIKE prefix, escaped.
    const below = `${prefix.replace(/[\\%_]/g, '\\$&')}.%`;
    return this.db.query<ComponentRow>(
      `WITH RECURSIVE tree AS (
         SELECT id FROM components WHERE id = $1 AND deleted_at IS NULL
         UNION
         SELECT c.id FROM components c JOIN tree t ON c.parent_id = t.id WHERE c.deleted_at IS NULL
       )
       SELECT ${COMPONENT_COLUMNS} FROM components c
       WHERE c.deleted_at IS NULL AND c.id IN (SELECT id FROM tree UNION SELECT id FROM components WHERE path = $2 OR path LIKE $3)
       ORDER BY c.id = $1 DESC, coalesce(c.path, ''), c.name, c.id`,
      [root.id, prefix, below],
    );
  }

  /** Components linked to the subtree's either way through component_relationships (selectors), outside the subtree. */
  private related(ids: string[]): Promise<ComponentRow[]> {
    return this.db.query<ComponentRow>(
      `SELECT ${COMPONENT_COLUMNS} FROM components c
       WHERE c.deleted_at IS NULL AND NOT (c.id = ANY($1::uuid[])) AND c.id IN (
         SELECT cr.component_id FROM component_relationships cr WHERE cr.deleted_at IS NULL AND cr.relationship_id = ANY($1::uuid[])
         UNION
         SELECT cr.relationship_id FROM component_relationships cr WHERE cr.deleted_at IS NULL AND cr.component_id = ANY($1::uuid[]))
       ORDER BY c.name, c.id`,
      [ids],
    );
  }

  /** Each log selector of the subtree's components over the range, a few at a time; a failure is reported, not fatal. */
  private async logs(plan: SnapshotPlan, subtree: ComponentRow[], zip: ZipStream, report: Report, at: (step: string) => void): Promise<void> {
    const targets = subtree.flatMap((component) =>
      (Array.isArray(component.logs) ? component.logs : []).map((selector, index) => ({ component, selector, index })),
    );
    if (!targets.length) return;
    // The logs page's own switch: a disabled logs area is not read through the snapshot either.
    if (!(await this.features.isEnabled('logs'))) {
      report.logsSkipped = { selectors: targets.length, reason: 'the logs feature is disabled' };
      return;
    }
    const search = this.host.find(LOG_SEARCH, 'logs');
    if (!search) {
      report.logsSkipped = { selectors: targets.length, reason: 'the logs area is not installed in this console' };
      return;
    }
    const used = new Set<string>();
    // One request does a bounded amount of log reading: the first selectors of the subtree (the component's own first),
    // and no new search once the logs deadline has passed.
    if (targets.length > MAX_SNAPSHOT_LOG_SELECTORS) report.logsNotRead = targets.length - MAX_SNAPSHOT_LOG_SELECTORS;
    const deadline = Date.now() + SNAPSHOT_LOGS_DEADLINE_MS;
    const jobs = targets.slice(0, MAX_SNAPSHOT_LOG_SELECTORS).map(({ component, selector, index }) => {
      const selectorName = typeof selector?.name === 'string' && selector.name ? selector.name : `log-${index + 1}`;
      const file: LogFile = {
        path: uniquePath(`logs/${safeFileName(component.name, 'component')}-${safeFileName(selectorName, 'log')}`, used),
        component: component.name,
        selector: selectorName,
      };
      report.logs.push(file);
      return { component, selector, file };
    });
    let next = 0;
    let stopped = false;
    const worker = async () => {
      while (!stopped && next < jobs.length) {
        const { component, selector, file } = jobs[next++];
        if (Date.now() > deadline) {
          file.error = `not read: the snapshot's logs took longer than ${SNAPSHOT_LOGS_DEADLINE_MS / 1000} s`;
          continue;
        }
        let answer: LogSearchResponse;
        try {
          answer = await search.search({
            id: component.id,
            name: typeof selector?.name === 'string' ? selector.name : undefined,
            start: plan.start.toISOString(),
            end: plan.end.toISOString(),
            limit: SNAPSHOT_LOG_LINES,
          });
        } catch (error) {
          file.error = error instanceof Error ? error.message : String(error);
          continue;
        }
        if (stopped) return;
        file.lines = answer.results.length;
        file.truncated = answer.truncated;
        at(file.path);
        const head = JSON.stringify({
          component: { id: component.id, name: component.name },
          selector: { name: file.selector, backend: selector?.backend ?? null },
          start: plan.start.toISOString(),
          end: plan.end.toISOString(),
          backend: answer.backend,
          truncated: answer.truncated,
          limit: answer.limit,
        });
        // As the other JSON files: one line per log line. One entry pushed whole, so workers finishing together never
        // interleave inside the archive.
        const results = answer.results.map((line) => JSON.stringify(line)).join(',\n');
        await zip.file(file.path, `${head.slice(0, -1)},"results":[${results ? `\n${results}\n` : ''}]}\n`);
      }
    };
    // Settled, not raced: after a failure no worker still running may write into an archive that has ended.
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.min(LOG_CONCURRENCY, jobs.length) }, () =>
        worker().catch((error: unknown) => {
          stopped = true;
          throw error;
        }),
      ),
    );
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** A JSON array with one element per line (readable and greppable; indenting each doubled the work), pushed in chunks. */
  private async jsonArray(zip: ZipStream, name: string, items: readonly unknown[]): Promise<void> {
    const entry = zip.entry(name);
    let buffer = '[';
    for (let i = 0; i < items.length; i++) {
      buffer += (i ? ',\n' : '\n') + JSON.stringify(items[i]);
      if (buffer.length >= CHUNK_CHARS) {
        await entry.write(buffer);
        buffer = '';
      }
    }
    await entry.close(buffer + (items.length ? '\n]\n' : ']\n'));
  }

  /** A CSV file from batches of rows; stops at SNAPSHOT_CSV_ROW_CAP rows (capped when more were there). */
  private async csv(zip: ZipStream, name: string, header: string[], batches: () => AsyncIterable<CsvValue[][]>): Promise<{ rows: number; capped: boolean }> {
    const entry = zip.entry(name);
    let buffer = csvRow(header);
    let rows = 0;
    let capped = false;
    for await (const batch of batches()) {
      for (const row of batch) {
        if (rows === SNAPSHOT_CSV_ROW_CAP) {
          capped = true;
          break;
        }
        buffer += csvRow(row);
        rows++;
        if (buffer.length >= CHUNK_CHARS) {
          await entry.write(buffer);
          buffer = '';
        }
      }
      if (capped) break;
    }
    await entry.close(buffer);
    return { rows, capped };
  }

  /**
   * Newest first, in keyset pages of PAGE_ROWS over (time, id): each page continues below the last row of the one
   * before, so memory stays bounded and no page re-reads skipped rows. Reads one row past the cap to know it was hit.
   */
  private pages<T>(
    sql: string,
    params: unknown[],
    order: { time: string; id: string },
    key: (row: T) => [Date, string],
    toRow: (row: T) => CsvValue[],
  ): () => AsyncIterable<CsvValue[][]> {
    const db = this.db;
    return async function* () {
      if (!(params[0] as unknown[]).length) return;
      let after: [Date, string] | undefined;
      let read = 0;
      while (read <= SNAPSHOT_CSV_ROW_CAP) {
        const limit = Math.min(PAGE_ROWS, SNAPSHOT_CSV_ROW_CAP + 1 - read);
        const n = params.length;
        const rows = await db.query<T & object>(
          `${sql}${after ? ` AND (${order.time}, ${order.id}) < ($${n + 1}, $${n + 2})` : ''} ORDER BY ${order.time} DESC, ${order.id} DESC LIMIT ${limit}`,
          after ? [...params, ...after] : params,
        );
        if (!rows.length) return;
        read += rows.length;
        yield rows.map(toRow);
        if (rows.length < limit) return;
        after = key(rows[rows.length - 1]);
      }
    };
  }
}

/** A name as a file name: letters, digits, '.', '_' and '-' kept, every other run of characters one '-'. */
export function safeFileName(name: string | null | undefined, fallback: string): string {
  const safe = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
    .replace(/[-.]+$/, '');
  return safe || fallback;
}

/** `base.json`, or `base-2.json`… when two components share a name. */
function uniquePath(base: string, used: Set<string>): string {
  let path = `${base}.json`;
  for (let n = 2; used.has(path); n++) path = `${base}-${n}.json`;
  used.add(path);
  return path;
}
