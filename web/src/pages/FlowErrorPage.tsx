import { makeStyles, tokens } from '@fluentui/react-components';
import { Navigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { API_PATHS, type ApiError } from '@web/core/api';
import { Loading } from '@web/core/components/Loading';
import { NoticePage } from '@web/core/components/NoticePage';

interface FlowError {
  id: string;
  error: unknown;
}

/** Statuses after which there is nothing to show: the user is sent home (spec 01 §8). */
const GO_HOME_STATUSES = [403, 404, 410];

const useStyles = makeStyles({
  raw: {
    maxWidth: '800px',
    width: '100%',
    overflow: 'auto',
    textAlign: 'left',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
  },
});

/** `/error?id=`: an identity flow's error, shown raw. */
export function FlowErrorPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, error } = useSWR<FlowError, ApiError>(id ? API_PATHS.flowError(id) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  if (!id) return <Navigate to="/" replace />;
  if (error) {
    if (GO_HOME_STATUSES.includes(error.status)) return <Navigate to="/" replace />;
    throw error; // other failures propagate to the error boundary
  }
  if (!data) return <Loading />;
  return (
    <NoticePage title="An error occurred" testId="flow-error">
      <pre className={styles.raw}>{JSON.stringify(data.error, null, 2)}</pre>
    </NoticePage>
  );
}
