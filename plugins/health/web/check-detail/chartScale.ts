import type { CheckGraphPoint } from '@contracts';

/** Maps a domain onto a pixel range linearly; a zero-width domain maps everything to the range start. */
export function scaleLinear(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** The smallest 1, 2 or 5 × 10^k at or above `value` (axis maxima read well); 1 for nothing. */
export function niceCeil(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** `count` evenly spaced instants from start to end, both included. */
export function timeTicks(start: number, end: number, count: number): number[] {
  if (count < 2 || end <= start) return [start];
  const step = (end - start) / (count - 1);
  return Array.from({ length: count }, (_, i) => start + i * step);
}

export interface ChartBar {
  time: string;
  x: number;
  width: number;
  /** Stacked from the bottom: passed (green), failed (red), invalid (grey). */
  segments: Array<{ kind: 'passed' | 'failed' | 'invalid'; y: number; height: number; count: number }>;
}

export interface ChartModel {
  bars: ChartBar[];
  /** SVG path of the average latency; a gap (a bucket without timing, or without results) starts a new segment. */
  latencyPath: string;
  maxCount: number;
  maxLatency: number;
  ticks: Array<{ x: number; time: number }>;
}

export interface ChartFrame {
  start: number;
  end: number;
  bucketSeconds: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const KINDS = ['passed', 'failed', 'invalid'] as const;

/** Lays a check's bucketed results out in the plot area: bars for the run counts, a line for the latency. */
export function buildChartModel(points: readonly CheckGraphPoint[], frame: ChartFrame, tickCount = 5): ChartModel {
  // Buckets start on round times, so the first may begin a little before the range: widen the axis to hold it.
  const times = points.map((p) => Date.parse(p.time)).filter((t) => !Number.isNaN(t));
  const start = Math.min(frame.start, ...times);
  const end = Math.max(frame.end, ...times.map((t) => t + frame.bucketSeconds * 1000));
  const x = scaleLinear([start, end], [frame.left, frame.right]);
  const maxCount = niceCeil(Math.max(0, ...points.map((p) => p.passed + p.failed + p.invalid)));
  const maxLatency = niceCeil(Math.max(0, ...points.map((p) => p.avg_duration ?? 0)));
  const countY = scaleLinear([0, maxCount], [frame.bottom, frame.top]);
  const latencyY = scaleLinear([0, maxLatency], [frame.bottom, frame.top]);
  const bucketWidth = Math.max(1, x(start + frame.bucketSeconds * 1000) - x(start));
  const barWidth = Math.max(1, bucketWidth * 0.8);

  const sorted = [...points].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const bars = sorted.map((point) => {
    let base = frame.bottom;
    const segments = KINDS.filter((kind) => point[kind] > 0).map((kind) => {
      const height = frame.bottom - countY(point[kind]);
      base -= height;
      return { kind, y: base, height, count: point[kind] };
    });
    const centre = x(Date.parse(point.time)) + bucketWidth / 2;
    return { time: point.time, x: centre - barWidth / 2, width: barWidth, segments };
  });

  let latencyPath = '';
  let drawing = false;
  let previous = Number.NEGATIVE_INFINITY;
  for (const point of sorted) {
    const time = Date.parse(point.time);
    // The graph endpoint sends only buckets with results: a missing bucket is a gap in the line, not a slope.
    if (time - previous > frame.bucketSeconds * 1000) drawing = false;
    previous = time;
    if (point.avg_duration === null) {
      drawing = false;
      continue;
    }
    const px = round(x(Date.parse(point.time)) + bucketWidth / 2);
    const py = round(latencyY(point.avg_duration));
    latencyPath += `${latencyPath ? ' ' : ''}${drawing ? 'L' : 'M'}${px},${py}`;
    drawing = true;
  }

  const ticks = timeTicks(start, end, tickCount).map((time) => ({ x: x(time), time }));
  return { bars, latencyPath, maxCount, maxLatency, ticks };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Axis label of an instant: the time of day for ranges up to a day, then the date, then month and year. */
export function formatTick(time: number, rangeMs: number): string {
  const date = new Date(time);
  if (rangeMs <= 24 * 3_600_000) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (rangeMs <= 90 * 24 * 3_600_000) return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return date.toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
}
