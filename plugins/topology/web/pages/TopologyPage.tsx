import { useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { TopologyBreadcrumb } from '../grid/TopologyBreadcrumb';
import { TopologyFilters } from '../grid/TopologyFilters';
import { TopologyGrid } from '../grid/TopologyGrid';
import { MULTIPLE_COMPONENTS_MESSAGE, gridScope } from '../grid/gridScope';
import { useCardWidth, useTopologyView } from '../grid/useTopologyState';
import { ComponentSidePanel } from '../panel/ComponentSidePanel';
import { topologyQuery, useTopology } from '../topologyApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '100%' },
  body: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalL, flexGrow: 1 },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minWidth: 0 },
  panel: { width: '420px', maxWidth: '45%', flexShrink: 0, minWidth: 0 },
});

/**
 * /topology and /topology/:id (spec 02 Topology): the card grid of the root components, or of a component's children
 * with its side panel; filters and sort in the URL, card size in the browser. Re-read every 30 s.
 */
export default function TopologyPage() {
  const styles = useStyles();
  const { id } = useParams();
  const { view, filters, sort, setSort } = useTopologyView(id);
  const query = topologyQuery(view);
  const { data: last, error, fresh } = useTopology(query);
  // The last answer stays while other filters load; another component's answer does not.
  const data = last && last.id === id ? last : undefined;
  const [cardWidth, setCardWidth] = useCardWidth();
  const scope = gridScope(data, id, Boolean(query.flatten));
  const toast = useToast();

  // Once per component visited, not at every re-read.
  const toastedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!fresh) return;
    if (!scope.multiple) {
      toastedFor.current = undefined;
      return;
    }
    if (toastedFor.current === id) return;
    toastedFor.current = id;
    toast.error(MULTIPLE_COMPONENTS_MESSAGE);
  }, [fresh, scope.multiple, id, toast]);

  let grid;
  // A failed re-read keeps this query's cards; a failed read of a new query is not hidden behind the last cards.
  if (error && !fresh) grid = <ErrorPanel error={error} />;
  else if (!data) grid = <Loading />;
  else grid = <TopologyGrid cards={scope.cards} sortBy={sort.sortBy} sortOrder={sort.sortOrder} cardWidth={cardWidth} />;

  return (
    <div className={styles.root}>
      <TopologyBreadcrumb id={id} ancestors={scope.ancestors} name={scope.component?.name} />
      <div className={styles.body}>
        <div className={styles.main}>
          <TopologyFilters
            filters={filters}
            answer={data}
            cards={scope.cards}
            sort={sort}
            onSortChange={setSort}
            cardWidth={cardWidth}
            onCardWidthChange={setCardWidth}
          />
          {grid}
        </div>
        {/* After the grid's answer, which usually carries the component (else the panel reads it itself). */}
        {id && (data !== undefined || error !== undefined) && (
          <aside className={styles.panel} aria-label="Component details">
            <ComponentSidePanel key={id} componentId={id} component={scope.component} />
          </aside>
        )}
      </div>
    </div>
  );
}
