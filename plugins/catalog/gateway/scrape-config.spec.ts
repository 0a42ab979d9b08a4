import { DEFAULT_SCRAPE_SCHEDULE } from '@contracts';
import { parseAge, parseScrapeConfigYaml, ScrapeConfigError, scrapeConfigYaml, validateScrapeConfig, type ScraperTypes } from './scrape-config';
import { nextRun } from './scrape-scheduler.service';

const types: ScraperTypes = {
  ids: ['file', 'sql'],
  find: (type) => (type === 'file' ? { validate: (spec) => (spec.paths ? [] : ['paths: required']) } : { validate: () => [] }),
};
const problems = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScrapeConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('scrape config documents', () => {
  it('reads a user file as written: defaults for namespace and schedule, entries in order', () => {
    const parsed = parseScrapeConfigYaml(
      `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: files\nspec:\n  file:\n    - paths: [a]\n    - paths: [b]\n  sql:\n    - query: select 1\n`,
      types,
    );
    expect(parsed).toMatchObject({ name: 'files', namespace: 'default', schedule: DEFAULT_SCRAPE_SCHEDULE, labels: {} });
    expect(parsed.entries.map((e) => `${e.type}[${e.index}]`)).toEqual(['file[0]', 'file[1]', 'sql[0]']);
    expect(scrapeConfigYaml(parsed)).toBe(
      `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: files\n  namespace: default\nspec:\n  file:\n    - paths:\n        - a\n    - paths:\n        - b\n  sql:\n    - query: select 1\n`,
    );
  });

  it('names every problem with its field', () => {
    expect(
      problems(() =>
        parseScrapeConfigYaml(
          `apiVersion: v2\nkind: Canary\nmetadata: {name: x, labels: {a: 1}}\nspec:\n  schedule: "@every 1s"\n  retention:\n    changes: [{age: forever}, {name: diff, count: -1}]\n  file: [{}, 3]\n  ftp: []\n`,
          types,
        ),
      ),
    ).toEqual([
      'apiVersion: must be configs.flanksource.com/v1',
      'kind: must be ScrapeConfig',
      'metadata.labels: must map names to text',
      "spec.schedule: '@every 1s': the minimum interval is 10s",
      'spec.retention.changes[0].name: required',
      'spec.retention.changes[0].age: a duration such as 7d, 24h or 30m',
      'spec.retention.changes[1].count: a whole number, 0 or more',
      'spec.file[0].paths: required',
      'spec.file[1]: must be an object',
      "spec.ftp: unknown scraper type 'ftp' (known: file, sql)",
    ]);
    expect(problems(() => validateScrapeConfig({ name: 'ok', spec: {} }, types))).toEqual(['spec: add at least one scraper (file, sql)']);
    expect(problems(() => parseScrapeConfigYaml('spec: [', types))[0]).toMatch(/^YAML syntax error at line 1/);
  });

  it('reads retention ages in days and the next run of a schedule', () => {
    expect(parseAge('7d')).toBe(7 * 86_400_000);
    expect(parseAge('90m')).toBe(90 * 60_000);
    expect(parseAge('soon')).toBeNull();
    const now = Date.UTC(2026, 0, 1, 10, 0, 30);
    expect(nextRun('@every 5m', now)?.getTime()).toBe(now + 5 * 60_000);
    expect(nextRun('0 * * * *', now)?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });
});
