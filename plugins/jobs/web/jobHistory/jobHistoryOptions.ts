import type { FilterChoice } from '@web/core/components/FilterDropdown';

/** Resource type filter options (spec 03 §9). */
export const RESOURCE_TYPE_CHOICES: readonly FilterChoice[] = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Config Scraper' },
];

/** Run duration options (spec 03 §9: mapped to milliseconds): runs that took at least this long. */
export const DURATION_OPTIONS: readonly (FilterChoice & { ms: number })[] = [
  { value: '1s', label: '1 second or more', ms: 1_000 },
  { value: '5s', label: '5 seconds or more', ms: 5_000 },
  { value: '10s', label: '10 seconds or more', ms: 10_000 },
  { value: '30s', label: '30 seconds or more', ms: 30_000 },
  { value: '1m', label: '1 minute or more', ms: 60_000 },
  { value: '5m', label: '5 minutes or more', ms: 300_000 },
  { value: '10m', label: '10 minutes or more', ms: 600_000 },
  { value: '30m', label: '30 minutes or more', ms: 1_800_000 },
  { value: '1h', label: '1 hour or more', ms: 3_600_000 },
];

/** The URL's duration key → milliseconds; undefined for All or a key that is not an option. */
export function durationMs(key: string): number | undefined {
  return DURATION_OPTIONS.find((option) => option.value === key)?.ms;
}

/** Spec 03 §9: the default status filter excludes successful runs. */
export const DEFAULT_STATUS_FILTER = 'SUCCESS:-1';
/** Spec 03 §9: the settings job list reads 50 rows a page. */
export const JOB_LIST_PAGE_SIZE = 50;
/** Spec 03 §9: the default window is the last 2 days. */
export const DEFAULT_JOB_RANGE = 'now-2d';

/** Where a run's resource is edited (spec 03 §2 links out). */
export function resourceLink(type: string | null, id: string | null): string | null {
  if (!id) return null;
  switch (type) {
    case 'canary':
      return `/settings/canaries/${encodeURIComponent(id)}`;
    case 'topology':
      return `/settings/topologies/${encodeURIComponent(id)}`;
    case 'config_scraper':
      return `/catalog/scrapers/${encodeURIComponent(id)}`;
    case 'team':
      return `/settings/teams/${encodeURIComponent(id)}`;
    default:
      return null;
  }
}
