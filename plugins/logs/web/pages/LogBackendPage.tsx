import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { type ApiError, isApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { LogBackendForm } from '../backends/LogBackendForm';
import { BACKENDS_PATH, BACKENDS_TABLE, type LoggingBackend, NEW_BACKEND_ID, backendKey, fetchBackend } from '../backends/backendsApi';

export const NO_RESOURCES_MESSAGE = 'No resources found';
/** Records written by the UI may be edited here; others (GitOps, an agent) are kept where they come from. */
export const UI_SOURCE = 'UI';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /settings/logging_backends/:id (`new` for a new one): the Log Backends form (spec 03), hidden for a record with another source. */
export default function LogBackendPage() {
  const styles = useStyles();
  const { id = NEW_BACKEND_ID } = useParams();
  const isNew = id === NEW_BACKEND_ID;
  const permissions = usePermissions();
  const canWrite = permissions.can(BACKENDS_TABLE, 'write');
  const { data, error, isLoading } = useSWR<LoggingBackend | null, ApiError>(isNew ? null : backendKey(id), () => fetchBackend(id), {
    revalidateOnFocus: false,
  });
  // An id that is not a uuid is refused by the data API (400): there is no such backend either.
  const notFound = !isNew && (data === null || (!data && isApiError(error) && (error.status === 400 || error.status === 404)));

  const body = (() => {
    if (!permissions.ready) return <Loading />;
    if (isNew) return <LogBackendForm key="new" backend={null} canWrite={canWrite} />;
    if (notFound) return <EmptyState message={NO_RESOURCES_MESSAGE} />;
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading || !data) return <Loading />;
    if (data.source && data.source !== UI_SOURCE) {
      return (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>Read only</MessageBarTitle>
            {`${data.name} comes from ${data.source}; change it there.`}
          </MessageBarBody>
        </MessageBar>
      );
    }
    return <LogBackendForm key={data.id} backend={data} canWrite={canWrite} />;
  })();

  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Settings' }, { label: 'Log Backends', to: BACKENDS_PATH }, { label: isNew ? 'New' : (data?.name ?? id) }]} />
      {body}
    </div>
  );
}
