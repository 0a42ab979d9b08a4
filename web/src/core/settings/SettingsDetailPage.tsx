import { type ReactNode, Suspense, useState } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb, type BreadcrumbEntry } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useFeatures } from '@web/core/features';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { SettingsJobHistory } from './SettingsJobHistory';
import { SettingsSpecEditor } from './SettingsSpecEditor';
import { lazyComponent } from './lazyComponent';
import { NEW_RESOURCE_ID, NO_RESOURCES_MESSAGE } from './settingsApi';
import type { SettingsEditorProps, SettingsResource, SettingsTable } from './types';
import { useSettingsResource } from './useSettingsResource';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export const SPEC_TAB = 'spec';
export const JOB_HISTORY_TAB = 'jobHistory';

export interface SettingsDetailPageProps {
  table: SettingsTable;
  /** The record's id; `new` for a new one. */
  id: string;
  /** Where Save, Cancel and Delete return to; default the table's list. */
  listPath?: string;
  /** The breadcrumb for the record's title; default Settings › the table (a link to `listPath`) › title. */
  breadcrumb?(title: string): readonly BreadcrumbEntry[];
  /** Above the breadcrumb (the catalogue's tabs). */
  header?: ReactNode;
}

function Editor({ table, ...props }: SettingsEditorProps) {
  const Component = table.editor ? lazyComponent(table.editor) : SettingsSpecEditor;
  return (
    <Suspense fallback={<Loading />}>
      <Component table={table} {...props} />
    </Suspense>
  );
}

/**
 * A spec 03 settings detail page (`/settings/{table}/{id}`): breadcrumb (and the table's action: Run Now), loading,
 * error, 'No resources found'; a new record opens its editor, an existing one the tabs spec, the table's own
 * (manageTeam) and jobHistory, chosen in the URL's `tab`.
 */
export function SettingsDetailPage({ table, id, listPath = table.path, breadcrumb, header }: SettingsDetailPageProps) {
  const styles = useStyles();
  const permissions = usePermissions();
  const { isEnabled } = useFeatures();
  const isNew = id === NEW_RESOURCE_ID;
  const { resource, error, loading, notFound } = useSettingsResource(table, id);
  const [tab, setTab] = useQueryState('tab', SPEC_TAB);
  const [result, setResult] = useState<ReactNode | null>(null);
  const canWrite = permissions.can(table.writePermission.resource, table.writePermission.action);
  // Job history is the settings area's own resource (read on `database`, feature settings.job_history).
  const showJobHistory = table.resourceType !== undefined && permissions.can('database', 'read') && isEnabled('settings.job_history');
  const extraTab = table.extraTabs?.find((extra) => extra.value === tab);
  const Action = table.action ? lazyComponent(table.action) : null;

  const tabBody = (stored: SettingsResource) => {
    if (tab === JOB_HISTORY_TAB && showJobHistory) return <SettingsJobHistory resourceId={stored.id} resourceType={table.resourceType!} />;
    if (extraTab) {
      const Extra = lazyComponent(extraTab.load);
      return (
        <Suspense fallback={<Loading />}>
          <Extra resource={stored} canWrite={canWrite} table={table} />
        </Suspense>
      );
    }
    return <Editor key={stored.id} resource={stored} canWrite={canWrite} listPath={listPath} table={table} />;
  };

  const body = (() => {
    if (!permissions.ready) return <Loading />;
    if (isNew) return <Editor key={NEW_RESOURCE_ID} resource={null} canWrite={canWrite} listPath={listPath} table={table} />;
    if (notFound) return <EmptyState message={NO_RESOURCES_MESSAGE} />;
    if (error && !resource) return <ErrorPanel error={error} />;
    if (loading || !resource) return <Loading />;
    return (
      <>
        <TabList
          selectedValue={extraTab || (tab === JOB_HISTORY_TAB && showJobHistory) ? tab : SPEC_TAB}
          onTabSelect={(_, data) => setTab(data.value as string)}
        >
          <Tab value={SPEC_TAB}>Spec</Tab>
          {table.extraTabs?.map((extra) => (
            <Tab key={extra.value} value={extra.value}>
              {extra.label}
            </Tab>
          ))}
          {showJobHistory && <Tab value={JOB_HISTORY_TAB}>Job History</Tab>}
        </TabList>
        {result}
        {tabBody(resource)}
      </>
    );
  })();

  const title = isNew ? 'New' : (resource?.name ?? id);
  return (
    <div className={styles.root}>
      {header}
      <div className={styles.header}>
        <Breadcrumb items={breadcrumb ? breadcrumb(title) : [{ label: 'Settings' }, { label: table.title, to: listPath }, { label: title }]} />
        {Action && resource && !isNew && (
          <Suspense fallback={null}>
            <Action resource={resource} canWrite={canWrite} table={table} showResult={setResult} />
          </Suspense>
        )}
      </div>
      {body}
    </div>
  );
}
