import type { CheckRunContext } from './checks';
import type { AnalysisType, Severity } from './values';

/**
 * Catalogue scrapers (spec 02 Catalog, spec 03 scraper editor). A scrape config is a Kubernetes-style YAML document
 * (`apiVersion: configs.flanksource.com/v1`, `kind: ScrapeConfig`) with one list per scraper type under `spec`
 * (`spec.file: [...]`, `spec.kubernetes: [...]`). Each scraper type is a plugin (`plugins/scraper-<type>/`) that
 * contributes a `ScraperType` to the gateway extension point `SCRAPER_TYPES` (gateway/src/core/scrapers) and a form
 * to the web (`catalog.scraperTypes`). The catalogue engine (`plugins/catalog`) validates, schedules and runs them,
 * applies the fields every type shares (`ScraperCommonSpec`), detects changes and writes the catalogue.
 */

export const SCRAPE_CONFIG_API_VERSION = 'configs.flanksource.com/v1';
export const SCRAPE_CONFIG_KIND = 'ScrapeConfig';
/** `spec.schedule` when none is written (issue 11). */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 60m';
/** What a run of a type no plugin implements finishes with, in its job history (never invented items). */
export const SCRAPER_TYPE_NOT_SUPPORTED = 'scraper type not supported';

export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';
/** Spec 02 §9 severities (contracts/src/values.ts). */
export type ChangeSeverity = Severity;
export type ScrapedFormat = 'json' | 'yaml' | 'properties' | 'other';

/** One entry of `spec.<type>[]` as the user wrote it: the common fields below plus the type's own. */
export type ScraperSpec = Record<string, unknown>;

/**
 * The fields every type understands (the shared base of the format). Value fields (`id`, `name`, `type`, `class`,
 * `status`, `health`, `description`) are a static string, or a JSONPath (starting with `$`) evaluated on each item.
 */
export interface ScraperCommonSpec {
  id?: string;
  name?: string;
  type?: string;
  class?: string;
  status?: string;
  health?: string;
  description?: string;
  /** A JSONPath splitting one document into many items. */
  items?: string;
  format?: ScrapedFormat;
  /** JSONPaths tried in order for the item's created time / deleted time. */
  createFields?: string[];
  deleteFields?: string[];
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: ConfigProperty[];
  transform?: {
    /** JSONPaths removed from the document before it is stored and diffed. */
    exclude?: { jsonpath: string; types?: string[] }[];
    /** A value replaced, or `md5sum` of it, at a JSONPath. */
    mask?: { selector?: string; jsonpath: string; value: string }[];
    /** Relationship selectors: items this one is related to, by external id / type / name / labels. */
    relationship?: RelationshipSelectorSpec[];
    changes?: {
      /** CEL over `change` (and `config`): true drops the change. */
      exclude?: string[];
      /** CEL filter → what the change becomes: its type, severity, summary; or `action: ignore | delete`. */
      mapping?: { filter: string; type?: string; severity?: ChangeSeverity; summary?: string; action?: 'ignore' | 'delete' }[];
    };
  };
  /** CEL rules raising insights on any type: `{name, filter (CEL over config), type, severity, message}`. */
  analysis?: { name: string; filter: string; type?: string; severity?: ChangeSeverity; message?: string }[];
}

export interface RelationshipSelectorSpec {
  /** Selectors of the related item; each a static value or a JSONPath (`{expr}` not supported). */
  id?: string | { value?: string; jsonpath?: string };
  externalId?: string | { value?: string; jsonpath?: string };
  type?: string | { value?: string; jsonpath?: string };
  name?: string | { value?: string; jsonpath?: string };
  labels?: Record<string, string>;
  /** The edge runs from the selected item to this one (default: this one → the selected). */
  parent?: boolean;
  relation?: string;
}

export interface ConfigProperty {
  name: string;
  type?: 'url' | 'currency' | 'text' | 'age' | 'hidden';
  text?: string;
  value?: number;
  max?: number;
  unit?: string;
  icon?: string;
  color?: string;
  headline?: boolean;
  links?: { label?: string; url: string }[];
}

/** A config item the engine may find by what the scraper knows of it: its type and external id. */
export interface ExternalRef {
  type: string;
  externalId: string;
}

/**
 * One item as a scraper type produced it. `config` is the body: an object, or text with its `format` (the engine
 * parses json/yaml/properties; `other` stays text). The other fields are what the type knows itself (a Kubernetes
 * object's uid, kind, health...); the spec's common fields override them where written.
 */
export interface ScrapedConfig {
  config: unknown;
  format?: ScrapedFormat;
  /** Where it came from: a file path, a URL, a query; stored as the item's `source`. */
  source?: string;
  id?: string;
  name?: string;
  type?: string;
  class?: string;
  status?: string;
  health?: ConfigHealth;
  ready?: boolean;
  description?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: ConfigProperty[];
  /** ISO times, when the source has them. */
  createdAt?: string;
  deletedAt?: string;
  /** The hard parent (catalogue tree); found among this scrape's items and the stored ones. */
  parent?: ExternalRef;
  /** Soft relationships (ownerReferences, selectors): `relation` is free text such as `PodNode`. */
  relationships?: { to: ExternalRef; relation?: string }[];
}

/** A change the source itself reports (a Kubernetes Event, an audit entry); diffs are the engine's own. */
export interface ScrapedChange {
  /** The item it happened to. */
  on: ExternalRef;
  changeType: string;
  severity?: ChangeSeverity;
  summary?: string;
  source?: string;
  /** ISO time it happened. */
  createdAt?: string;
  details?: Record<string, unknown>;
  /** Dedupes a change the source reports again (an Event's uid). */
  externalChangeId?: string;
  externalCreatedBy?: string;
}

/** An insight (spec 02 §3 config analysis) raised by the type itself; resolved when not seen again within 48 h. */
export interface ScrapedAnalysis {
  on: ExternalRef;
  analyzer: string;
  analysisType: AnalysisType;
  severity: ChangeSeverity;
  message: string;
  summary?: string;
  source?: string;
}

export interface ScrapeOutput {
  configs: ScrapedConfig[];
  changes?: ScrapedChange[];
  analysis?: ScrapedAnalysis[];
  /** Problems that did not stop the scrape (one file unreadable): counted in the job history; stale items are then kept. */
  errors?: string[];
}

/**
 * What a run gives a scraper type: the check runners' context (abort signal, timeout, secret resolution through
 * stored connections with redaction, and the outbound address policy that every call made for the spec must ask
 * first), plus the scraper it runs for.
 */
export interface ScrapeContext extends CheckRunContext {
  scraper: { id: string; name: string; namespace: string };
}

/**
 * What a scraper type's gateway plugin implements, registered with `@Extension(SCRAPER_TYPES, '<type>')`, where
 * `<type>` is the key of its list under `spec` (`file`, `http`, `sql`, `kubernetes`).
 * `validate` returns messages naming the field within the entry (`paths: required`); the engine prefixes where it
 * is (`spec.file[0].paths: required`). The common fields are validated by the engine.
 */
export interface ScraperType {
  readonly type: string;
  validate(spec: ScraperSpec): string[];
  /** One full scrape: every item the source has now (the engine soft-deletes stored items it no longer returns). */
  scrape(spec: ScraperSpec, ctx: ScrapeContext): Promise<ScrapeOutput>;
  /**
   * Between scrapes, a stream of what changes (a Kubernetes watch): each `emit` is ingested at once as updates,
   * without removing anything. Runs until `ctx.signal` aborts (then resolves); throwing ends it and the engine
   * starts it again after a pause. One replica watches a scraper at a time.
   */
  watch?(spec: ScraperSpec, ctx: ScrapeContext, emit: (output: ScrapeOutput) => Promise<void>): Promise<void>;
  /** How long a scrape may take (default: `timeout` of the entry as a duration, else 5 minutes). */
  timeoutMs?(spec: ScraperSpec): number | null;
}

/** The per-config-type summary of a run, in `job_history.details.scrape_summary[<config type>]`. */
export interface ScrapeTypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  changes: number;
  deduped: number;
  deleted: number;
}

/** `POST /api/scrapers/{id}/run` answers with the run once it ended. */
export interface ScrapeRunResult {
  job_history_id: string;
  status: 'SUCCESS' | 'WARNING' | 'FAILED';
  duration_millis: number;
  success_count: number;
  error_count: number;
  errors: string[];
  scrape_summary: Record<string, ScrapeTypeSummary>;
}

/** Who may create, edit and run scrapers: write on `config_scrapers` (admin and editor; spec 03 §6). */
export const SCRAPER_WRITE = { resource: 'config_scrapers', action: 'write' } as const;
