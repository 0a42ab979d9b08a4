import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { loadUserYaml } from '@gateway/core/documents/user-yaml';
import { DomainError, notFound } from '@gateway/core/http/domain-error';
import { BUILT_IN_CHARTS, CHART_REPOSITORY, INTEGRATION_CHART_NAMES, type IntegrationChart, type ValuesSchema } from './integration-charts';

/** Chart.yaml is a few lines; a values schema a few hundred KB at most. Larger files are not charts we ship. */
const MAX_CHART_YAML_BYTES = 64 * 1024;
const MAX_SCHEMA_BYTES = 1024 * 1024;

const unreadable = (file: string, reason: string) =>
  new DomainError(500, 'chart_unreadable', `The chart file ${file} shipped with the console cannot be read: ${reason}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Chart metadata and values schema for the Add Integration dialog (spec 03 §7). The rule: the schema comes
 * from the chart shipped in the repository's `helm/` folder when it is there (`helm/<name>/` or `helm/<chart>/`, with
 * `Chart.yaml` and optionally `values.schema.json`), never from a network registry; otherwise from the built-in
 * schema of integration-charts.ts. Only allow-listed names are looked up, and a folder that resolves (through a
 * symbolic link) outside `helm/` is ignored.
 */
@Injectable()
export class IntegrationChartsService {
  private readonly logger = new Logger(IntegrationChartsService.name);
  private readonly helmDir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // `helmDir` is requested of core's config (HELM_DIR); until it exists, the folder beside demo/ at the root.
    const configured = (config as AppConfig & { helmDir?: string }).helmDir;
    this.helmDir = configured ?? path.join(path.dirname(config.demoDir), 'helm');
  }

  async get(name: string): Promise<IntegrationChart> {
    const builtIn = Object.prototype.hasOwnProperty.call(BUILT_IN_CHARTS, name) ? BUILT_IN_CHARTS[name] : undefined;
    if (!builtIn) throw notFound(`No integration chart named "${name}" (known: ${INTEGRATION_CHART_NAMES.join(', ')})`, 'chart_not_found');
    const base = { name, chart: builtIn.chart, version: null, repository: { ...CHART_REPOSITORY } };
    const dir = await this.chartDir([name, builtIn.chart, ...(builtIn.shippedAs ? [builtIn.shippedAs] : [])]);
    if (!dir) return { ...base, source: 'built-in', valuesSchema: builtIn.valuesSchema };
    const meta = await this.readChartYaml(dir);
    const schema = await this.readValuesSchema(dir);
    return {
      ...base,
      chart: meta.name,
      version: meta.version,
      source: 'helm',
      // A shipped chart without a values schema still names itself; the form keeps the built-in fields.
      valuesSchema: schema ?? builtIn.valuesSchema,
    };
  }

  /** The first candidate folder holding a Chart.yaml, resolved inside helm/; null when none is shipped. */
  private async chartDir(candidates: string[]): Promise<string | null> {
    const root = await fs.realpath(this.helmDir).catch(() => null);
    if (!root) return null;
    for (const candidate of candidates) {
      const dir = await fs.realpath(path.join(root, candidate)).catch(() => null);
      if (!dir) continue;
      const relative = path.relative(root, dir);
      if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
        this.logger.warn(`helm/${candidate} points outside ${root}; ignored`);
        continue;
      }
      if (await this.isFile(path.join(dir, 'Chart.yaml'))) return dir;
    }
    return null;
  }

  private async readChartYaml(dir: string): Promise<{ name: string; version: string | null }> {
    const file = path.join(dir, 'Chart.yaml');
    const text = await this.readCapped(file, MAX_CHART_YAML_BYTES);
    let chart: unknown;
    try {
      chart = loadUserYaml(text);
    } catch (error) {
      throw unreadable(this.shown(file), (error as Error).message);
    }
    if (!isObject(chart) || typeof chart.name !== 'string' || !chart.name.trim()) throw unreadable(this.shown(file), 'it has no name');
    const version = typeof chart.version === 'string' || typeof chart.version === 'number' ? String(chart.version) : null;
    return { name: chart.name.trim(), version };
  }

  private async readValuesSchema(dir: string): Promise<ValuesSchema | null> {
    const file = path.join(dir, 'values.schema.json');
    if (!(await this.isFile(file))) return null;
    const text = await this.readCapped(file, MAX_SCHEMA_BYTES);
    let schema: unknown;
    try {
      schema = JSON.parse(text);
    } catch (error) {
      throw unreadable(this.shown(file), (error as Error).message);
    }
    if (!isObject(schema)) throw unreadable(this.shown(file), 'it is not a JSON object');
    return schema as ValuesSchema;
  }

  private async readCapped(file: string, maxBytes: number): Promise<string> {
    const stat = await fs.stat(file);
    if (stat.size > maxBytes) throw unreadable(this.shown(file), `it is larger than ${maxBytes} bytes`);
    return fs.readFile(file, 'utf8');
  }

  private async isFile(file: string): Promise<boolean> {
    return fs.stat(file).then(
      (stat) => stat.isFile(),
      () => false,
    );
  }

  /** A path as the message shows it: the chart's folder and file, never the server's layout. */
  private shown(file: string): string {
    return `helm/${path.basename(path.dirname(file))}/${path.basename(file)}`;
  }
}
