import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatDateTime } from '@web/core/formatDateTime';
import { UserText } from '@web/core/components/UserText';
import { MentionText } from './MentionText';
import type { Evidence } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  lines: { margin: 0, padding: tokens.spacingHorizontalS, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowX: 'auto' },
});

const TYPE_LABELS: Record<Evidence['type'], string> = {
  log: 'Log',
  topology: 'Topology',
  config: 'Config',
  check: 'Health check',
  config_change: 'Config change',
  config_analysis: 'Config analysis',
  comment: 'Comment',
};

function Body({ evidence }: { evidence: Evidence }) {
  const styles = useStyles();
  const inner = evidence.evidence ?? {};
  switch (evidence.type) {
    case 'log':
      return (
        <pre className={styles.lines} data-testid="log-lines">
          {(inner.lines ?? []).map(
            (line, index) => `${line.timestamp ? `${line.timestamp} ` : ''}${line.message}${index < (inner.lines?.length ?? 0) - 1 ? '\n' : ''}`,
          )}
        </pre>
      );
    case 'topology':
      return (
        <Body1>
          {evidence.component?.name ?? evidence.component_id} {evidence.component?.status && <HealthBadge health={evidence.component.status} />}
        </Body1>
      );
    case 'config':
      return (
        <Body1>
          {evidence.config?.name ?? evidence.config_id} {evidence.config?.type && <Caption1>({evidence.config.type})</Caption1>}
        </Body1>
      );
    case 'check':
      return (
        <Body1>
          {evidence.check?.name ?? evidence.check_id} {evidence.check?.status && <HealthBadge health={evidence.check.status} />}
          {inner.start && <Caption1> since {inner.start}</Caption1>}
          {inner.includeMessages && <Caption1> (with messages)</Caption1>}
        </Body1>
      );
    case 'config_change':
      return (
        <Body1>
          {evidence.config_change?.change_type ?? evidence.config_change_id} {evidence.config_change?.summary}
        </Body1>
      );
    case 'config_analysis':
      return (
        <Body1>
          {evidence.config_analysis?.analyzer ?? evidence.config_analysis_id} {evidence.config_analysis?.summary}
        </Body1>
      );
    case 'comment':
      return (
        <Body1>
          <MentionText text={inner.comment ?? ''} />
        </Body1>
      );
    default:
      return null;
  }
}

/** One evidence rendered from its type's inner shape (spec 01 §3). */
export function EvidenceView({ evidence }: { evidence: Evidence }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="evidence" data-type={evidence.type}>
      <Caption1>
        {TYPE_LABELS[evidence.type] ?? evidence.type} · {formatDateTime(evidence.created_at)}
      </Caption1>
      {evidence.description && (
        <Body1>
          <UserText>{evidence.description}</UserText>
        </Body1>
      )}
      <Body evidence={evidence} />
    </div>
  );
}
