import { useState } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { CatalogChange } from '@contracts';
import { AppLink } from '@web/core/components/AppLink';
import { Dialog } from '@web/core/components/Dialog';
import { formatDateTime } from '@web/core/formatDateTime';
import { configPath, configTypePath } from '../catalogApi';
import { formatCount } from '../format';
import { DiffView } from './DiffView';
import { SeverityBadge } from './SeverityBadge';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  json: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', margin: 0 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type ChangeTab = 'diff' | 'patch' | 'details';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** A change in full (spec 02 Config changes): who and when, then its diff, merge patch and details. */
export function ChangeDetailsModal({ change, onClose }: { change: CatalogChange; onClose(): void }) {
  const styles = useStyles();
  const [tab, setTab] = useState<ChangeTab>(change.diff ? 'diff' : 'patch');
  const createdBy = change.created_by ?? change.external_created_by;
  return (
    <Dialog open size="large" title={change.summary || change.change_type} onClose={onClose}>
      <div className={styles.body}>
        <dl className={styles.facts}>
          <dt className={styles.term}>Config</dt>
          <dd>
            <AppLink to={configPath(change.config_id)}>{change.name ?? change.config_id}</AppLink> (
            <AppLink to={configTypePath(change.type)}>{change.type}</AppLink>)
          </dd>
          <dt className={styles.term}>Change type</dt>
          <dd>{change.change_type}</dd>
          <dt className={styles.term}>Severity</dt>
          <dd>
            <SeverityBadge severity={change.severity} />
          </dd>
          <dt className={styles.term}>Time</dt>
          <dd>{formatDateTime(change.created_at)}</dd>
          {change.first_observed && change.first_observed !== change.created_at && (
            <>
              <dt className={styles.term}>First observed</dt>
              <dd>{formatDateTime(change.first_observed)}</dd>
            </>
          )}
          <dt className={styles.term}>Count</dt>
          <dd>{formatCount(change.count)}</dd>
          {createdBy && (
            <>
              <dt className={styles.term}>Created by</dt>
              <dd>{createdBy}</dd>
            </>
          )}
          {change.source && (
            <>
              <dt className={styles.term}>Source</dt>
              <dd>{change.source}</dd>
            </>
          )}
        </dl>
        <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as ChangeTab)}>
          {change.diff && <Tab value="diff">Diff</Tab>}
          <Tab value="patch">Patch</Tab>
          <Tab value="details">Details</Tab>
        </TabList>
        {tab === 'diff' && change.diff && <DiffView diff={change.diff} />}
        {tab === 'patch' && (
          <pre className={styles.json} aria-label="Patch">
            {json(change.patches)}
          </pre>
        )}
        {tab === 'details' && (
          <pre className={styles.json} aria-label="Details">
            {json(change.details)}
          </pre>
        )}
      </div>
    </Dialog>
  );
}
