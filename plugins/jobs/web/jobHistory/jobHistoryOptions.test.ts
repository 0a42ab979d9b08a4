import { DURATION_OPTIONS, durationMs, resourceLink } from './jobHistoryOptions';

describe('job history options', () => {
  it('maps each duration option to milliseconds, and nothing else', () => {
    expect(Object.fromEntries(DURATION_OPTIONS.map((option) => [option.value, durationMs(option.value)]))).toEqual({
      '1s': 1_000,
      '5s': 5_000,
      '10s': 10_000,
      '30s': 30_000,
      '1m': 60_000,
      '5m': 300_000,
      '10m': 600_000,
      '30m': 1_800_000,
      '1h': 3_600_000,
    });
    expect(durationMs('')).toBeUndefined();
    expect(durationMs('2h')).toBeUndefined();
  });

  it("links a run's resource to where it is edited (spec 03 links out)", () => {
    expect(resourceLink('canary', 'c1')).toBe('/settings/canaries/c1');
    expect(resourceLink('topology', 't1')).toBe('/settings/topologies/t1');
    expect(resourceLink('config_scraper', 's 1')).toBe('/catalog/scrapers/s%201');
    expect(resourceLink('team', 'x')).toBe('/settings/teams/x');
    expect(resourceLink('agent', 'a1')).toBeNull();
    expect(resourceLink('canary', null)).toBeNull();
  });
});
