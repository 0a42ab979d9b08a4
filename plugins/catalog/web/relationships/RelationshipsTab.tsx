import { Switch, Tab, TabList, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ApiError } from '@web/core/api';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { RelationsGraph } from './RelationsGraph';
import { RelationsTable } from './RelationsTable';
import type { RelatedConfig, RootConfig } from './relationGraph';
import { type RelationshipsOptions, optionsFromParams, relatedConfigsKey, rootConfigKey, withOption } from './relationshipsQuery';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  group: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const NO_ROWS: RelatedConfig[] = [];

/**
 * The Relationships tab of a config (spec 02 Relationships): Outgoing, Incoming and Soft toggles, Table or Graph,
 * the graph's direction and edge style, all in the URL query; data from `rpc/related_configs_recursive`.
 */
export function RelationshipsTab({ configId }: { configId: string }) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const options = optionsFromParams(params);
  const set = <K extends keyof RelationshipsOptions>(key: K, value: RelationshipsOptions[K]) =>
    setParams((current) => withOption(current, key, value), { replace: true });

  const related = useSWR<RelatedConfig[], ApiError>(relatedConfigsKey(configId, options));
  const rootRows = useSWR<RootConfig[], ApiError>(options.view === 'graph' ? rootConfigKey(configId) : null);
  const rows = related.data ?? NO_ROWS;
  const root: RootConfig = rootRows.data?.[0] ?? { id: configId, name: configId, type: null };

  const body = (() => {
    if (!options.outgoing && !options.incoming) return <EmptyState message="Turn on Outgoing or Incoming to see related configs" />;
    if (related.error && !related.data) return <ErrorPanel error={related.error} title="Could not load the relationships" />;
    if (!related.data) return <Loading label="Loading relationships..." />;
    if (rows.length === 0) return <EmptyState message="No related configs" />;
    if (options.view === 'table') return <RelationsTable rows={rows} />;
    return <RelationsGraph root={root} rows={rows} direction={options.direction} edgeStyle={options.edgeStyle} />;
  })();

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label="Relationships options">
        <Switch label="Outgoing" checked={options.outgoing} onChange={(_, d) => set('outgoing', d.checked)} />
        <Switch label="Incoming" checked={options.incoming} onChange={(_, d) => set('incoming', d.checked)} />
        <Switch label="Soft" checked={options.soft} onChange={(_, d) => set('soft', d.checked)} />
        <TabList size="small" selectedValue={options.view} onTabSelect={(_, d) => set('view', d.value as RelationshipsOptions['view'])} aria-label="View">
          <Tab value="table">Table</Tab>
          <Tab value="graph">Graph</Tab>
        </TabList>
        {options.view === 'graph' && (
          <>
            <span className={styles.group} role="group" aria-label="Graph direction">
              {(['LR', 'TB'] as const).map((direction) => (
                <ToggleButton key={direction} size="small" checked={options.direction === direction} onClick={() => set('direction', direction)}>
                  {direction}
                </ToggleButton>
              ))}
            </span>
            <span className={styles.group} role="group" aria-label="Edge style">
              {(['bezier', 'smoothstep'] as const).map((style) => (
                <ToggleButton key={style} size="small" checked={options.edgeStyle === style} onClick={() => set('edgeStyle', style)}>
                  {style}
                </ToggleButton>
              ))}
            </span>
          </>
        )}
      </div>
      {body}
    </div>
  );
}
