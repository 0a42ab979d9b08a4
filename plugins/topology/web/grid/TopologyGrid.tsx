import { makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState } from '@web/core/components/EmptyState';
import type { TopologyComponent } from '../topologyApi';
import { type SortOrder, orderComponents } from './ordering';
import { TopologyCard } from './TopologyCard';

export const NO_COMPONENTS_MESSAGE = 'There are no components matching this criteria';

const useStyles = makeStyles({
  grid: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalM },
  item: { maxWidth: '100%' },
});

/** The cards, unhealthy first, then warning, healthy…, each health by the chosen sort; or the empty message. */
export function TopologyGrid({
  cards,
  sortBy,
  sortOrder,
  cardWidth,
}: {
  cards: readonly TopologyComponent[];
  sortBy: string;
  sortOrder: SortOrder;
  cardWidth: number;
}) {
  const styles = useStyles();
  if (cards.length === 0) return <EmptyState message={NO_COMPONENTS_MESSAGE} />;
  return (
    <div className={styles.grid} role="list" aria-label="Components">
      {orderComponents(cards, sortBy, sortOrder).map((component) => (
        <div key={component.id} role="listitem" className={styles.item}>
          <TopologyCard component={component} width={cardWidth} />
        </div>
      ))}
    </div>
  );
}
