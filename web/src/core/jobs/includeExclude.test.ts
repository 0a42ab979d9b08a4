import { decodeIncludeExclude, encodeIncludeExclude } from './includeExclude';
import { jobHistoryParams } from './jobHistoryQuery';

describe('include/exclude filters in the URL', () => {
  it('writes value:1 for included and value:-1 for excluded values, comma-separated', () => {
    expect(encodeIncludeExclude({ FAILED: 1, SUCCESS: -1 })).toBe('FAILED:1,SUCCESS:-1');
    expect(decodeIncludeExclude('FAILED:1,SUCCESS:-1')).toEqual({ FAILED: 1, SUCCESS: -1 });
  });

  it('escapes commas, colons and backslashes inside values so they read back as written', () => {
    const filter = { 'a,b': 1, 'x:-1': -1, 'back\\slash': 1 } as const;
    const text = encodeIncludeExclude(filter);
    expect(text).toBe('a\\,b:1,x\\:-1:-1,back\\\\slash:1');
    expect(decodeIncludeExclude(text)).toEqual(filter);
  });

  it('reads an entry without a mark as included and skips empty entries', () => {
    expect(decodeIncludeExclude('RUNNING,,WARNING:-1')).toEqual({ RUNNING: 1, WARNING: -1 });
    expect(decodeIncludeExclude('')).toEqual({});
    expect(decodeIncludeExclude(null)).toEqual({});
  });
});

describe('the job history query', () => {
  it('asks for one page newest first with the filters as the data API reads them', () => {
    expect(
      jobHistoryParams({
        name: 'SyncCanaries',
        resourceType: 'canary',
        status: { FAILED: 1, WARNING: 1, SUCCESS: -1 },
        minDurationMs: 60_000,
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-03T00:00:00.000Z',
        pageIndex: 2,
        pageSize: 50,
      }),
    ).toEqual({
      select: '*',
      resource_id: undefined,
      resource_type: 'eq.canary',
      name: 'eq.SyncCanaries',
      status: ['in.(FAILED,WARNING)', 'not.in.(SUCCESS)'],
      duration_millis: 'gte.60000',
      created_at: ['gt.2026-01-01T00:00:00.000Z', 'lt.2026-01-03T00:00:00.000Z'],
      order: 'created_at.desc,id.desc',
      limit: 50,
      offset: 100,
    });
  });

  it('orders by a known column only and pages 150 rows by default', () => {
    expect(jobHistoryParams({ sortBy: 'duration_millis', sortOrder: 'asc' })).toMatchObject({ order: 'duration_millis.asc,id.desc', limit: 150, offset: 0 });
    expect(jobHistoryParams({ sortBy: 'details;drop', sortOrder: 'asc' })).toMatchObject({ order: 'created_at.asc,id.desc' });
    expect(jobHistoryParams({ resourceId: 'r1' })).toMatchObject({ resource_id: 'eq.r1', status: undefined, created_at: undefined });
  });
});
