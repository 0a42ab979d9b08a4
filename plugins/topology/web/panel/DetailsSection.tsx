import type { ReactNode } from 'react';
import { Badge, Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import type { ComponentProperty, TopologyComponent } from '@contracts';
import { dataApiPath, pg, request, withQuery } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatDateTime } from '@web/core/formatDateTime';
import { PanelSection } from './PanelSection';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  pair: { display: 'contents' },
  wrap: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

/** `/settings/topologies/{id}`: the topology spec the component came from. */
export const topologySettingsPath = (topologyId: string) => `/settings/topologies/${encodeURIComponent(topologyId)}`;

/** A property's value as text: its text, else its number with the unit (a currency with '$'). */
export function propertyText(property: ComponentProperty): string {
  if (property.text !== undefined && property.text !== null && property.text !== '') return property.text;
  if (property.value === undefined || property.value === null) return '';
  if (property.type === 'currency') return `$${property.value}`;
  return property.unit ? `${property.value} ${property.unit}` : String(property.value);
}

const isWebAddress = (text: string) => /^https?:\/\//i.test(text);

function PropertyValue({ property }: { property: ComponentProperty }) {
  const text = propertyText(property);
  // Only http(s) addresses become links: a property's text comes from the topology's lookups.
  if (property.type === 'url' && isWebAddress(text))
    return (
      <Link href={text} target="_blank" rel="noreferrer">
        {text}
      </Link>
    );
  return <>{text}</>;
}

function TopologyLink({ topologyId }: { topologyId: string }) {
  const { data } = useSWR(['topology-panel-topology', topologyId] as const, async ([, id]) => {
    const rows = (await request<{ id: string; name: string }[]>(withQuery(dataApiPath('topologies'), { id: pg.eq(id), select: 'id,name' }))).data ?? [];
    return rows[0]?.name ?? null;
  });
  return <AppLink to={topologySettingsPath(topologyId)}>{data ?? topologyId}</AppLink>;
}

/** Spec 02 §3: name, type, status and why, labels, properties, times, and the topology it belongs to. */
export function DetailsSection({ component }: { component: TopologyComponent }) {
  const styles = useStyles();
  const labels = Object.entries(component.labels ?? {});
  const properties = (component.properties ?? []).filter((property) => property.type !== 'hidden' && propertyText(property) !== '');
  const rows: [string, ReactNode][] = [
    ['Name', component.title || component.name],
    ['Type', component.type ?? ''],
    [
      'Status',
      <span className={styles.wrap} key="status">
        <HealthBadge health={component.status} />
        {component.status_reason && <Caption1>{component.status_reason}</Caption1>}
      </span>,
    ],
  ];
  if (component.health && component.health !== component.status) rows.push(['Health', <HealthBadge key="health" health={component.health} />]);
  if (labels.length)
    rows.push([
      'Labels',
      <span className={styles.wrap} key="labels">
        {labels.map(([key, value]) => (
          <Badge key={key} appearance="outline" shape="rounded">{`${key}: ${value}`}</Badge>
        ))}
      </span>,
    ]);
  for (const property of properties) rows.push([property.label || property.name, <PropertyValue key={property.name} property={property} />]);
  rows.push(['Created', formatDateTime(component.created_at)], ['Updated', formatDateTime(component.updated_at)]);
  if (component.topology_id) rows.push(['Topology', <TopologyLink key="topology" topologyId={component.topology_id} />]);

  return (
    <PanelSection value="details" title="Details" showCount={false}>
      <dl className={styles.grid}>
        {rows.map(([term, value], index) => (
          <div key={`${index}:${term}`} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </PanelSection>
  );
}
