import type { ReactElement } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import {
  AlertUrgent20Regular,
  BookOpen20Regular,
  Database20Regular,
  HeartPulse20Regular,
  Organization20Regular,
  PlayCircle20Regular,
  QuestionCircle20Regular,
} from '@fluentui/react-icons';
import { withQuery } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, maxWidth: '100%' },
  icon: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const ICONS: Record<string, ReactElement> = {
  canary: <HeartPulse20Regular />,
  check: <HeartPulse20Regular />,
  config: <Database20Regular />,
  component: <Organization20Regular />,
  incident: <AlertUrgent20Regular />,
  playbook_run: <PlayCircle20Regular />,
  playbook: <BookOpen20Regular />,
};

/**
 * The console page of a resource, where it has one: a check on the health page (its detail opens from `checkId`), a
 * config in the catalog, a component in the topology, an incident, a playbook run, a canary's settings.
 */
export function resourcePagePath(type: string | null | undefined, id: string | null | undefined): string | null {
  if (!type || !id) return null;
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'check':
      return withQuery('/health', { checkId: id });
    case 'config':
      return `/catalog/${encoded}`;
    case 'component':
      return `/topology/${encoded}`;
    case 'incident':
      return `/incidents/${encoded}`;
    case 'playbook_run':
      return `/playbooks/runs/${encoded}`;
    case 'canary':
      return `/settings/canaries/${encoded}`;
    default:
      return null;
  }
}

export interface ResourceLinkProps {
  type: string | null | undefined;
  id: string | null | undefined;
  name: string | null | undefined;
}

/** A resource's icon and name, linked to its page where it has one; nothing without a resource. */
export function ResourceLink({ type, id, name }: ResourceLinkProps) {
  const styles = useStyles();
  if (!id && !name) return null;
  const label = name || id || '';
  const path = resourcePagePath(type, id);
  return (
    <span className={styles.root} data-resource-type={type ?? undefined}>
      <span className={styles.icon} aria-hidden>
        {(type && ICONS[type]) ?? <QuestionCircle20Regular />}
      </span>
      {path ? (
        <AppLink to={path} inline>
          <span className={styles.name}>{label}</span>
        </AppLink>
      ) : (
        <span className={styles.name}>{label}</span>
      )}
    </span>
  );
}
