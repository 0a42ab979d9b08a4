import { DEFAULT_SCRAPE_SCHEDULE, SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from '@contracts';
import { type ResourceModel, type ResourceParseResult, addSpecEntry, parseResourceYaml, resourceYaml } from '@web/core/editor/resourceDocument';

/**
 * The scraper editor's one model and its ScrapeConfig YAML (spec 03 scraper editor, issue 11): the core resource
 * document (`@web/core/editor/resourceDocument`) with ScrapeConfig's kind. Rules are the gateway's
 * (`POST /api/scrapers/validate`), so nothing here second-guesses a field.
 */
export type ScraperModel = ResourceModel;

export const DEFAULT_NAMESPACE = 'default';

export function newScraperModel(): ScraperModel {
  return { name: '', namespace: DEFAULT_NAMESPACE, labels: [], spec: { schedule: DEFAULT_SCRAPE_SCHEDULE } };
}

export function toScraperYaml(model: ScraperModel): string {
  return resourceYaml({ apiVersion: SCRAPE_CONFIG_API_VERSION, kind: SCRAPE_CONFIG_KIND }, model, model.spec);
}

/** YAML text → the model; only what the editor cannot represent is an error here (the rest is the gateway's). */
export function parseScraperYaml(text: string): ResourceParseResult {
  return parseResourceYaml(text, { kind: SCRAPE_CONFIG_KIND, defaultNamespace: DEFAULT_NAMESPACE });
}

/** A new scraper entry is an empty object (its type's form fills it). */
export const addScraper = (spec: Record<string, unknown>, type: string) => addSpecEntry(spec, type, {});
