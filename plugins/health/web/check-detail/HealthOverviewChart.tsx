import { makeStyles, tokens } from '@fluentui/react-components';
import type { CheckGraphPoint } from '@contracts';
import { formatDuration } from '@contracts';
import { EmptyState } from '@web/core/components/EmptyState';
import { buildChartModel, formatTick } from './chartScale';

const WIDTH = 800;
const HEIGHT = 180;
const FRAME = { left: 40, right: WIDTH - 56, top: 12, bottom: HEIGHT - 24 };

/** Status colours of spec 02 §4: passed green, failed red, invalid grey; latency in the brand colour. */
export const CHART_COLOURS = {
  passed: tokens.colorPaletteGreenBackground3,
  failed: tokens.colorPaletteRedBackground3,
  invalid: tokens.colorNeutralForeground4,
  latency: tokens.colorBrandForeground1,
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  svg: { width: '100%', height: 'auto', display: 'block' },
  axis: { fill: tokens.colorNeutralForeground3, fontSize: '11px' },
  legend: { display: 'flex', gap: tokens.spacingHorizontalM, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  swatch: { display: 'inline-block', width: '10px', height: '10px', marginRight: tokens.spacingHorizontalXXS, borderRadius: '2px' },
});

export interface HealthOverviewChartProps {
  points: readonly CheckGraphPoint[];
  bucketSeconds: number;
  /** The range shown, as epoch milliseconds. */
  start: number;
  end: number;
}

/** Health Overview (spec 02): results per bucket as stacked bars and the average latency as a line. */
export function HealthOverviewChart({ points, bucketSeconds, start, end }: HealthOverviewChartProps) {
  const styles = useStyles();
  if (points.length === 0) return <EmptyState title="Health Overview" message="No results in this time range" />;

  const model = buildChartModel(points, { ...FRAME, start, end, bucketSeconds });
  const totals = points.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed, invalid: sum.invalid + p.invalid }), {
    passed: 0,
    failed: 0,
    invalid: 0,
  });
  const timed = points.filter((p) => p.avg_duration !== null);
  const averageLatency = timed.length ? timed.reduce((sum, p) => sum + (p.avg_duration ?? 0), 0) / timed.length : null;
  const description =
    `Health overview: ${totals.passed} passed, ${totals.failed} failed, ${totals.invalid} invalid` +
    (averageLatency === null ? '' : `; average latency ${formatDuration(averageLatency)}`);

  return (
    <div className={styles.root}>
      <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} data-testid="health-overview-chart">
        <title>{description}</title>
        <line x1={FRAME.left} x2={FRAME.right} y1={FRAME.bottom} y2={FRAME.bottom} style={{ stroke: tokens.colorNeutralStroke1 }} />
        <line x1={FRAME.left} x2={FRAME.right} y1={FRAME.top} y2={FRAME.top} style={{ stroke: tokens.colorNeutralStroke3 }} strokeDasharray="2 4" />
        {model.bars.map((bar) =>
          bar.segments.map((segment) => (
            <rect
              key={`${bar.time}-${segment.kind}`}
              x={bar.x}
              y={segment.y}
              width={bar.width}
              height={segment.height}
              style={{ fill: CHART_COLOURS[segment.kind] }}
              data-kind={segment.kind}
            >
              <title>{`${new Date(bar.time).toLocaleString()}: ${segment.count} ${segment.kind}`}</title>
            </rect>
          )),
        )}
        {model.latencyPath && <path d={model.latencyPath} fill="none" style={{ stroke: CHART_COLOURS.latency }} strokeWidth={2} data-testid="latency-line" />}
        <text className={styles.axis} x={FRAME.left - 6} y={FRAME.top + 4} textAnchor="end">
          {model.maxCount}
        </text>
        <text className={styles.axis} x={FRAME.left - 6} y={FRAME.bottom} textAnchor="end">
          0
        </text>
        <text className={styles.axis} x={FRAME.right + 6} y={FRAME.top + 4}>
          {formatDuration(model.maxLatency)}
        </text>
        <text className={styles.axis} x={FRAME.right + 6} y={FRAME.bottom}>
          0ms
        </text>
        {model.ticks.map((tick, i) => (
          <text
            key={tick.time}
            className={styles.axis}
            x={tick.x}
            y={HEIGHT - 6}
            textAnchor={i === 0 ? 'start' : i === model.ticks.length - 1 ? 'end' : 'middle'}
          >
            {formatTick(tick.time, end - start)}
          </text>
        ))}
      </svg>
      <div className={styles.legend} aria-hidden>
        {(['passed', 'failed', 'invalid', 'latency'] as const).map((kind) => (
          <span key={kind}>
            <span className={styles.swatch} style={{ background: CHART_COLOURS[kind] }} />
            {kind === 'latency' ? 'avg latency' : kind}
          </span>
        ))}
      </div>
    </div>
  );
}
