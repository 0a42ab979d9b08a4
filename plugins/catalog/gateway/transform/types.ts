import type { ChangeSeverity, ConfigHealth, ConfigProperty, ExternalRef, ScrapedAnalysis, ScrapedChange } from '@contracts';

/**
 * An item after the spec's common fields were applied (transform/common-fields.ts): what the ingest writes to
 * `config_items`, keyed by (scraper, type, externalId).
 */
export interface ResolvedItem {
  externalId: string;
  type: string;
  /** The part of the type before `::` unless the spec's `class` says otherwise. */
  configClass: string;
  name: string | null;
  status: string | null;
  health: ConfigHealth | null;
  ready: boolean | null;
  description: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: ConfigProperty[] | null;
  /** The body as stored: normalised (sorted keys, excluded paths removed, masks applied); text when format is `other`. */
  config: unknown;
  /** The format the body came in (json unless the source said otherwise): the detail page shows it in this format. */
  format: string;
  source: string | null;
  createdAt: Date | null;
  deletedAt: Date | null;
  parent: ExternalRef | null;
  relationships: ResolvedRelationship[];
}

/** A relationship still to be found among the catalogue's items (by the ingest): every given selector must match. */
export interface ResolvedRelationship {
  selector: { id?: string; externalId?: string; type?: string; name?: string; labels?: Record<string, string> };
  relation: string;
  /** true: the edge runs from the selected item to this one. */
  incoming: boolean;
}

/** A change about to be stored, after the spec's `transform.changes` (exclude, mapping) ran on it. */
export interface PendingChange extends ScrapedChange {
  /** `transform.changes.mapping` said `action: delete`: the item it is about is soft-deleted. */
  deletesConfig?: boolean;
}

/** What the engine computed for an item that changed between two scrapes (transform/diff.ts). */
export interface ConfigDiff {
  /** Unified diff of the two normalised documents (as pretty JSON, or text for `other`). */
  diff: string;
  /** RFC 7386 merge patch from before to after. */
  patch: unknown;
  /** e.g. `spec.replicas, metadata.labels.app` (the changed paths, at most a few, then `+N more`). */
  summary: string;
  changedPaths: string[];
  severity?: ChangeSeverity;
}

export interface TransformOutput {
  items: ResolvedItem[];
  changes: PendingChange[];
  analysis: ScrapedAnalysis[];
  /** Problems with single items (no id, JSONPath failed); the rest is kept. */
  errors: string[];
}
