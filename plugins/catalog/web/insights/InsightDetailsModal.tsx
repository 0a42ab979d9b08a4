import { makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '@web/core/components/AppLink';
import { Dialog } from '@web/core/components/Dialog';
import { formatDateTime } from '@web/core/formatDateTime';
import { configPath, type ConfigInsight } from '../catalogApi';
import { SeverityBadge } from '../changes/SeverityBadge';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  message: { whiteSpace: 'pre-wrap' },
  json: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap' },
});

/** An insight in full (spec 02 Insights): its config, analyzer, type, severity, status, message, times and analysis. */
export function InsightDetailsModal({ insight, onClose }: { insight: ConfigInsight; onClose(): void }) {
  const styles = useStyles();
  return (
    <Dialog open size="large" title={insight.summary || insight.analyzer} onClose={onClose}>
      <dl className={styles.facts}>
        <dt className={styles.term}>Catalog</dt>
        <dd>
          <AppLink to={configPath(insight.config_id)}>{insight.config?.name ?? insight.config_id}</AppLink>
          {insight.config?.type && ` (${insight.config.type})`}
        </dd>
        <dt className={styles.term}>Analyzer</dt>
        <dd>{insight.analyzer}</dd>
        <dt className={styles.term}>Type</dt>
        <dd>{insight.analysis_type}</dd>
        <dt className={styles.term}>Severity</dt>
        <dd>
          <SeverityBadge severity={insight.severity} />
        </dd>
        <dt className={styles.term}>Status</dt>
        <dd>{insight.status}</dd>
        <dt className={styles.term}>First Observed</dt>
        <dd>{formatDateTime(insight.first_observed)}</dd>
        <dt className={styles.term}>Last Observed</dt>
        <dd>{formatDateTime(insight.last_observed)}</dd>
        {insight.source && (
          <>
            <dt className={styles.term}>Source</dt>
            <dd>{insight.source}</dd>
          </>
        )}
      </dl>
      {insight.message && <p className={styles.message}>{insight.message}</p>}
      {insight.analysis !== null && insight.analysis !== undefined && (
        <pre className={styles.json} aria-label="Analysis">
          {JSON.stringify(insight.analysis, null, 2)}
        </pre>
      )}
    </Dialog>
  );
}
