import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Caption1, Combobox, Option, makeStyles, tokens } from '@fluentui/react-components';
import { Delete16Regular } from '@fluentui/react-icons';
import useSWR, { type SWRResponse, useSWRConfig } from 'swr';
import { type CountedRows, dataApiPath, pg, request, withQuery } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { AppLink } from '@web/core/components/AppLink';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';
import { useFeatures } from '@web/core/features/useFeatures';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { type PanelRows, type PanelSection as Section, refreshSection } from './componentApi';
import { PanelSection, SectionList, useSectionPage } from './PanelSection';

export const UNLINK_SUCCESS = 'Deleted config link successfully';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  grow: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const configPath = (id: string) => `/catalog/${encodeURIComponent(id)}`;
export const checkDetailPath = (checkId: string) => withQuery('/health', { checkId });
export const insightsPath = (componentId: string, filters: { type?: string; severity?: string | null } = {}) =>
  withQuery('/catalog/insights', { component: componentId, type: filters.type, severity: filters.severity ?? undefined });
const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`;
const runPath = (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`;

/** What the sections after Details show to whom: a feature off or no read on the data hides the section (spec 02 §6). */
export function useSectionAccess() {
  const { isEnabled } = useFeatures();
  const { can } = usePermissions();
  const catalog = isEnabled('config') && can('database', 'read');
  return {
    catalog,
    incidents: isEnabled('incidents') && can('incident', 'read'),
    changes: catalog,
    checks: isEnabled('health') && can('canaries', 'read'),
    runs: isEnabled('playbooks') && can('playbook_runs', 'read'),
    teams: true,
    insights: catalog,
  } satisfies Record<Section, boolean>;
}

/**
 * A section that is a paged list (every section after Details): the header counts the list's total, the list reads
 * page by page. `first` is the first page when the section reads it itself (Teams, for the options it leaves out).
 */
function ListSection<S extends Section>({
  section,
  componentId,
  title,
  label,
  actions,
  first,
  renderRow,
}: {
  section: S;
  componentId: string;
  title: string;
  /** The list's accessible name. */
  label: string;
  actions?: ReactNode;
  first?: SWRResponse<CountedRows<PanelRows[S]>>;
  renderRow(row: PanelRows[S]): ReactNode;
}) {
  const own = useSectionPage(section, componentId, !first);
  const page = first ?? own;
  return (
    <PanelSection value={section} title={title} count={page.data?.total} actions={actions}>
      <SectionList section={section} componentId={componentId} first={page} label={label} renderRow={renderRow} />
    </PanelSection>
  );
}

/** A list row: its name (a link where it opens something), cut short to fit, then what follows it. */
function LinkRow({ to, name, children }: { to?: string; name: ReactNode; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <li className={styles.row}>
      <span className={styles.grow}>{to ? <AppLink to={to}>{name}</AppLink> : name}</span>
      {children}
    </li>
  );
}

/** Configs linked to the component, each opening its catalogue page; writers can remove manual links. */
export function CatalogSection({ componentId }: { componentId: string }) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const canWrite = usePermissions().can('topologies', 'write');
  const [busy, setBusy] = useState(false);

  const unlink = async (configId: string) => {
    setBusy(true);
    try {
      const where = { component_id: pg.eq(componentId), config_id: pg.eq(configId), selector_id: pg.eq('manual') };
      await request(withQuery(dataApiPath('config_component_relationships'), where), { method: 'DELETE' });
      toast.success(UNLINK_SUCCESS);
      await Promise.all((['catalog', 'changes', 'insights'] as const).map((section) => refreshSection(mutate, section, componentId)));
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListSection
      section="catalog"
      componentId={componentId}
      title="Catalog"
      label="Linked configs"
      renderRow={(link) => {
        const name = link.config?.name ?? link.config_id;
        return (
          <LinkRow key={`${link.config_id}/${link.selector_id}`} to={configPath(link.config_id)} name={name}>
            {link.config?.type && <Caption1 className={styles.muted}>{link.config.type}</Caption1>}
            {link.config?.health && <HealthBadge health={link.config.health} />}
            {canWrite && link.selector_id === 'manual' && (
              <Button
                size="small"
                appearance="subtle"
                icon={<Delete16Regular />}
                aria-label={`Unlink ${name}`}
                disabled={busy}
                onClick={() => void unlink(link.config_id)}
              />
            )}
          </LinkRow>
        );
      }}
    />
  );
}

/** Incidents with this component as evidence, newest first. */
export function IncidentsSection({ componentId }: { componentId: string }) {
  const styles = useStyles();
  return (
    <ListSection
      section="incidents"
      componentId={componentId}
      title="Incidents"
      label="Incidents"
      actions={
        <span className={styles.toolbar}>
          <AppLink to={withQuery('/incidents', { component: componentId })}>View all incidents</AppLink>
        </span>
      }
      renderRow={(incident) => (
        <LinkRow key={incident.id} to={incidentPath(incident.id)} name={incident.title}>
          {incident.severity && <Badge appearance="outline">{incident.severity}</Badge>}
          {incident.status && <Badge appearance="tint">{incident.status}</Badge>}
        </LinkRow>
      )}
    />
  );
}

/** Changes of the linked configs, newest first. */
export function ChangesSection({ componentId }: { componentId: string }) {
  const styles = useStyles();
  return (
    <ListSection
      section="changes"
      componentId={componentId}
      title="Config Changes"
      label="Config changes"
      renderRow={(change) => (
        <li key={change.id} className={styles.row}>
          <span className={styles.stack}>
            <span className={styles.grow}>
              <AppLink to={`${configPath(change.config_id)}/changes`}>{change.config_name ?? change.config_id}</AppLink> {change.change_type}
            </span>
            {change.summary && <Caption1 className={styles.grow}>{change.summary}</Caption1>}
          </span>
          <Caption1 className={styles.muted}>{formatDateTime(change.created_at)}</Caption1>
        </li>
      )}
    />
  );
}

/** Checks linked to the component with their health; a name opens the check detail on the health page. */
export function ChecksSection({ componentId }: { componentId: string }) {
  return (
    <ListSection
      section="checks"
      componentId={componentId}
      title="Checks"
      label="Checks"
      renderRow={(link) =>
        link.check && (
          <LinkRow key={link.check.id} to={checkDetailPath(link.check.id)} name={link.check.name}>
            <HealthBadge health={link.check.status} />
          </LinkRow>
        )
      }
    />
  );
}

/** Playbook runs on the component (paged), under the playbooks plugin's run button for users who may run playbooks. */
export function RunsSection({ componentId, componentName }: { componentId: string; componentName: string }) {
  const styles = useStyles();
  const registry = usePluginRegistry();
  const access = useAccess();
  const runButton = registry.getVisibleExtensions('playbooks.runButton', access)[0];
  const PlaybookRunButton = useMemo(() => (runButton ? lazy(runButton.load) : null), [runButton]);
  return (
    <ListSection
      section="runs"
      componentId={componentId}
      title="Playbook Runs"
      label="Playbook runs"
      actions={
        PlaybookRunButton && (
          <Suspense fallback={null}>
            <PlaybookRunButton resource={{ kind: 'component', id: componentId, name: componentName }} appearance="toolbar" />
          </Suspense>
        )
      }
      renderRow={(run) => (
        <LinkRow key={run.id} to={runPath(run.id)} name={run.playbook?.title || run.playbook?.name || run.id}>
          <Badge appearance="tint">{run.status}</Badge>
          <Caption1 className={styles.muted}>{formatDateTime(run.start_time ?? run.created_at)}</Caption1>
        </LinkRow>
      )}
    />
  );
}

interface TeamOption {
  id: string;
  name: string;
}

/** Teams owning the component; writers add and remove them (`team_components`, write on topologies). */
export function TeamsSection({ componentId }: { componentId: string }) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { isEnabled } = useFeatures();
  const canWrite = usePermissions().can('topologies', 'write');
  // The team list is read from the teams resource (feature settings.teams).
  const canAdd = canWrite && isEnabled('settings.teams');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useSectionPage('teams', componentId);
  const options = useSWR(canAdd ? (['topology-panel-team-options', search.trim()] as const) : null, async ([, text]) => {
    const query: Record<string, string | number> = { select: 'id,name', deleted_at: 'is.null', order: 'name.asc', limit: 50 };
    if (text) query.name = pg.ilike(`*${text}*`);
    return (await request<TeamOption[]>(withQuery(dataApiPath('teams'), query))).data ?? [];
  });
  const linked = new Set((first.data?.rows ?? []).map((row) => row.team_id));

  const change = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      setSearch('');
      await refreshSection(mutate, 'teams', componentId);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  const add = (teamId: string) =>
    change(() => request(dataApiPath('team_components'), { method: 'POST', body: { team_id: teamId, component_id: componentId } }));
  const remove = (teamId: string) =>
    change(() => request(withQuery(dataApiPath('team_components'), { team_id: pg.eq(teamId), component_id: pg.eq(componentId) }), { method: 'DELETE' }));

  return (
    <ListSection
      section="teams"
      componentId={componentId}
      title="Teams"
      label="Teams"
      first={first}
      actions={
        canAdd && (
          <Combobox
            aria-label="Add team"
            placeholder="Add team"
            value={search}
            disabled={busy}
            onInput={(event) => setSearch((event.target as HTMLInputElement).value)}
            onOptionSelect={(_, data) => data.optionValue && void add(data.optionValue)}
          >
            {(options.data ?? [])
              .filter((team) => !linked.has(team.id))
              .map((team) => (
                <Option key={team.id} value={team.id} text={team.name}>
                  {team.name}
                </Option>
              ))}
          </Combobox>
        )
      }
      renderRow={(link) => {
        const name = link.team?.name ?? link.team_id;
        return (
          <LinkRow key={link.team_id} name={name}>
            {link.role && <Caption1 className={styles.muted}>{link.role}</Caption1>}
            {canWrite && (
              <Button
                size="small"
                appearance="subtle"
                icon={<Delete16Regular />}
                aria-label={`Remove ${name}`}
                disabled={busy}
                onClick={() => void remove(link.team_id)}
              />
            )}
          </LinkRow>
        );
      }}
    />
  );
}

/** Insights of the linked configs, newest first; each opens the insights list filtered to this component. */
export function InsightsSection({ componentId }: { componentId: string }) {
  const styles = useStyles();
  return (
    <ListSection
      section="insights"
      componentId={componentId}
      title="Insights"
      label="Insights"
      actions={
        <span className={styles.toolbar}>
          <AppLink to={insightsPath(componentId)}>View all insights</AppLink>
        </span>
      }
      renderRow={(insight) => (
        <li key={insight.id} className={styles.row}>
          <span className={styles.stack}>
            <span className={styles.grow}>
              <AppLink to={insightsPath(componentId, { type: insight.analysis_type, severity: insight.severity })}>
                {insight.summary || insight.analyzer}
              </AppLink>
            </span>
            <Caption1 className={styles.grow}>
              {insight.config_name ?? insight.config_id} · {insight.analysis_type}
            </Caption1>
          </span>
          {insight.severity && <Badge appearance="outline">{insight.severity}</Badge>}
        </li>
      )}
    />
  );
}
