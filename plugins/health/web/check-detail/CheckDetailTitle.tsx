import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { Edit16Regular, HeartPulse20Regular } from '@fluentui/react-icons';
import { AppLink } from '@web/core/components/AppLink';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { usePluginRegistry } from '@web/core/plugin-host';
import { canarySettingsPath } from '../healthApi';
import type { CheckDetail } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  icon: { color: tokens.colorBrandForeground1, display: 'inline-flex' },
  canary: { color: tokens.colorNeutralForeground3 },
  edit: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, fontSize: tokens.fontSizeBase300 },
});

export interface CheckDetailTitleProps {
  check: CheckDetail;
  canaryName?: string;
  /** Write on canaries: the Edit link to the canary editor. */
  canEdit: boolean;
}

/** Check name, canary name, status and the Edit link (spec 02 check detail title). */
export function CheckDetailTitle({ check, canaryName, canEdit }: CheckDetailTitleProps) {
  const styles = useStyles();
  // Check type plugins contribute their icon through `health.checkTypes`; unknown types get the health icon.
  const TypeIcon =
    usePluginRegistry()
      .getExtensions('health.checkTypes')
      .find((t) => t.id === check.type)?.icon ?? HeartPulse20Regular;
  return (
    <span className={styles.root}>
      <span className={styles.icon} title={check.icon ?? check.type} aria-hidden>
        <TypeIcon />
      </span>
      <span>{check.name}</span>
      <Caption1 className={styles.canary}>{check.canary?.name ?? canaryName}</Caption1>
      <HealthBadge health={check.status} />
      {canEdit && (
        <AppLink to={canarySettingsPath(check.canary_id)}>
          <span className={styles.edit}>
            <Edit16Regular /> Edit
          </span>
        </AppLink>
      )}
    </span>
  );
}
