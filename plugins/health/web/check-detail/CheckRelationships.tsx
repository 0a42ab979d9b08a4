import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '@web/core/components/AppLink';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { catalogItemPath } from './checkDetailApi';
import type { CheckComponentRelationship, CheckConfigRelationship } from './types';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  type: { color: tokens.colorNeutralForeground3 },
});

export interface CheckRelationshipsProps {
  configs: readonly CheckConfigRelationship[] | undefined;
  /** Absent when the user cannot read topologies: only configs are listed then. */
  components?: readonly CheckComponentRelationship[];
  error: unknown;
}

/** Config items and topology components linked to the check. */
export function CheckRelationships({ configs, components = [], error }: CheckRelationshipsProps) {
  const styles = useStyles();
  if (error) return <ErrorPanel error={error} title="Could not load the relationships" />;
  if (!configs) return <Loading label="Loading relationships..." />;
  if (configs.length === 0 && components.length === 0) return <EmptyState message="No related configs or components" />;
  return (
    <>
      {components.length > 0 && (
        <ul className={styles.list} aria-label="Related components">
          {components.map((relation) => (
            <li key={`${relation.component_id}-${relation.selector_id}`} className={styles.item}>
              <span>{relation.component?.name ?? relation.component_id}</span>
              {relation.component?.type && <span className={styles.type}>{relation.component.type}</span>}
              {relation.selector_id === 'manual' && (
                <Badge appearance="outline" size="small">
                  manual
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {configs.length > 0 && (
        <ul className={styles.list} aria-label="Related configs">
          {configs.map((relation) => (
            <li key={`${relation.config_id}-${relation.selector_id}`} className={styles.item}>
              <AppLink to={catalogItemPath(relation.config_id)}>{relation.config?.name ?? relation.config_id}</AppLink>
              {relation.config?.type && <span className={styles.type}>{relation.config.type}</span>}
              {relation.selector_id === 'manual' && (
                <Badge appearance="outline" size="small">
                  manual
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
