import { makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import useSWR from 'swr';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { CANARIES_SETTINGS_PATH, type CanaryDocument, canaryKey } from '../healthApi';
import { CanaryEditor } from './CanaryEditor';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export const NEW_CANARY_ID = 'new';
export const NO_RESOURCES_MESSAGE = 'No resources found';

/** /settings/canaries/:id (`new` for a new one): the health check editor (spec 03 §2 settings details). */
export default function CanaryEditorPage() {
  const styles = useStyles();
  const { id = NEW_CANARY_ID } = useParams();
  const isNew = id === NEW_CANARY_ID;
  const permissions = usePermissions();
  const { data, error, isLoading } = useSWR<CanaryDocument, ApiError>(isNew ? null : canaryKey(id), { revalidateOnFocus: false });
  // A malformed id is answered 400 by the gateway: as absent as an unknown one.
  const notFound = !isNew && !data && (error?.status === 404 || error?.status === 400);
  const title = isNew ? 'New' : (data?.name ?? id);

  const body = (() => {
    if (!permissions.ready) return <Loading />;
    if (isNew) return <CanaryEditor key="new" canary={null} canWrite={permissions.can('canaries', 'write')} />;
    if (notFound) return <EmptyState message={NO_RESOURCES_MESSAGE} />;
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading || !data) return <Loading />;
    return <CanaryEditor key={data.id} canary={data} canWrite={permissions.can('canaries', 'write')} />;
  })();

  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Settings' }, { label: 'Health Checks', to: CANARIES_SETTINGS_PATH }, { label: title }]} />
      {body}
    </div>
  );
}
