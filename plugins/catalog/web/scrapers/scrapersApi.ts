import type { ScrapeRunResult } from '@contracts';
import { http } from '@web/core/api';
import type { ValidationError } from '@web/core/editor/useYamlValidation';

/** `GET /api/scrapers/{id}`: the stored scrape config and its YAML document. */
export interface ScraperDocument {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  schedule: string | null;
  source: string | null;
  yaml: string;
  created_at: string;
  updated_at: string | null;
}

export const NEW_SCRAPER_ID = 'new';
export const CATALOG_SCRAPERS_PATH = '/catalog/scrapers';
export const SETTINGS_SCRAPERS_PATH = '/settings/config_scrapers';

/** The list the page sits under: the same pages serve /catalog/scrapers and /settings/config_scrapers. */
export const scrapersBasePath = (pathname: string) => (pathname.startsWith(SETTINGS_SCRAPERS_PATH) ? SETTINGS_SCRAPERS_PATH : CATALOG_SCRAPERS_PATH);

export const scraperKey = (id: string) => `/api/scrapers/${encodeURIComponent(id)}`;
export const createScraper = (yaml: string) => http.post<ScraperDocument>('/api/scrapers', { yaml });
export const updateScraper = (id: string, yaml: string) => http.put<ScraperDocument>(scraperKey(id), { yaml });
export const deleteScraper = (id: string) => http.delete<void>(scraperKey(id));
/** A scrape may take its whole timeout (5 minutes by default): the call waits for the run's end. */
const RUN_TIMEOUT_MS = 6 * 60_000;
export const runScraper = (id: string) => http.post<ScrapeRunResult>(`${scraperKey(id)}/run`, undefined, { timeoutMs: RUN_TIMEOUT_MS });
export const validateScraper = (yaml: string) => http.post<{ errors: ValidationError[] }>('/api/scrapers/validate', { yaml });
