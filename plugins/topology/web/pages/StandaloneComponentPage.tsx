import { makeStyles, tokens } from '@fluentui/react-components';
import { useParams, useSearchParams } from 'react-router';
import { CARD_SIZES, type CardSize } from '@contracts';
import { isApiError } from '@web/core/api';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { TopologyCard } from '../grid/TopologyCard';
import { useTopology } from '../topologyApi';

export const COMPONENT_NOT_FOUND = 'Component not found';
export const STANDALONE_DEFAULT_SIZE: CardSize = 'large';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalM },
});

/** `?size=` as a card size name (small, medium, large, extra_large); anything else is the default, large. */
export function standaloneWidth(size: string | null): number {
  return size && Object.hasOwn(CARD_SIZES, size) ? CARD_SIZES[size as CardSize] : CARD_SIZES[STANDALONE_DEFAULT_SIZE];
}

/** /view/topology/:id (spec 02): one component's card, no filters, for embedding; 'Component not found' when none. */
export default function StandaloneComponentPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { data, error, fresh } = useTopology(id ? { id } : null);
  const component = fresh ? data?.components[0] : undefined;

  let content;
  if (error && !fresh) content = isApiError(error) && error.status === 404 ? <EmptyState message={COMPONENT_NOT_FOUND} /> : <ErrorPanel error={error} />;
  else if (!fresh) content = <Loading />;
  else if (!component) content = <EmptyState message={COMPONENT_NOT_FOUND} />;
  else content = <TopologyCard component={component} width={standaloneWidth(params.get('size'))} />;
  return <div className={styles.root}>{content}</div>;
}
