import type { CheckGraphPoint } from '@contracts';
import { buildChartModel, niceCeil, scaleLinear, timeTicks } from './chartScale';

const point = (time: string, passed: number, failed: number, invalid: number, avg: number | null): CheckGraphPoint => ({
  time,
  passed,
  failed,
  invalid,
  avg_duration: avg,
  max_duration: avg,
});

describe('chart scaling', () => {
  it('maps a domain onto pixels, also inverted', () => {
    const y = scaleLinear([0, 10], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(5)).toBe(50);
    expect(y(10)).toBe(0);
    expect(scaleLinear([3, 3], [0, 50])(3)).toBe(0);
  });

  it('rounds axis maxima up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeil(0)).toBe(1);
    expect(niceCeil(1)).toBe(1);
    expect(niceCeil(3)).toBe(5);
    expect(niceCeil(7)).toBe(10);
    expect(niceCeil(120)).toBe(200);
    expect(niceCeil(0.3)).toBe(0.5);
  });

  it('spaces ticks evenly from start to end', () => {
    expect(timeTicks(0, 100, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(timeTicks(10, 10, 5)).toEqual([10]);
  });

  it('stacks passed, failed and invalid from the bottom and scales to the busiest bucket', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const model = buildChartModel([point('2026-01-01T00:01:00Z', 2, 1, 0, 100), point('2026-01-01T00:00:00Z', 3, 0, 2, 50)], {
      start,
      end: start + 10 * 60_000,
      bucketSeconds: 60,
      left: 0,
      right: 100,
      top: 0,
      bottom: 100,
    });
    expect(model.maxCount).toBe(5);
    expect(model.maxLatency).toBe(100);
    // Sorted by time: the 00:00 bucket first, 3 passed + 2 invalid = the full height.
    const [first, second] = model.bars;
    expect(first.segments.map((s) => [s.kind, s.y, s.height])).toEqual([
      ['passed', 40, 60],
      ['invalid', 0, 40],
    ]);
    expect(second.segments.map((s) => [s.kind, s.y, s.height])).toEqual([
      ['passed', 60, 40],
      ['failed', 40, 20],
    ]);
    // Buckets are 10 px wide; bars take 80% of that, centred.
    expect(first.x).toBe(1);
    expect(first.width).toBe(8);
    expect(model.latencyPath).toBe('M5,50 L15,0');
  });

  it('breaks the latency line where a bucket has no timing', () => {
    const start = 0;
    const model = buildChartModel(
      [
        point(new Date(0).toISOString(), 1, 0, 0, 10),
        point(new Date(60_000).toISOString(), 0, 0, 1, null),
        point(new Date(120_000).toISOString(), 1, 0, 0, 10),
      ],
      { start, end: 300_000, bucketSeconds: 60, left: 0, right: 100, top: 0, bottom: 100 },
    );
    expect(model.latencyPath).toBe('M10,0 M50,0');
  });

  it('breaks the latency line across buckets without results (the endpoint leaves them out)', () => {
    const model = buildChartModel(
      [point(new Date(0).toISOString(), 1, 0, 0, 10), point(new Date(60_000).toISOString(), 1, 0, 0, 10), point(new Date(240_000).toISOString(), 1, 0, 0, 10)],
      { start: 0, end: 300_000, bucketSeconds: 60, left: 0, right: 100, top: 0, bottom: 100 },
    );
    expect(model.latencyPath).toBe('M10,0 L30,0 M90,0');
  });

  it('widens the axis to hold a bucket that starts before the range', () => {
    const model = buildChartModel([point(new Date(-60_000).toISOString(), 1, 0, 0, 10)], {
      start: 0,
      end: 240_000,
      bucketSeconds: 60,
      left: 0,
      right: 100,
      top: 0,
      bottom: 100,
    });
    expect(model.ticks[0]).toEqual({ x: 0, time: -60_000 });
    expect(model.bars[0].x).toBeGreaterThanOrEqual(0);
  });
});
