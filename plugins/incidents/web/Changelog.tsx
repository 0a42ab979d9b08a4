import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import type { ApiError } from '@web/core/api';
import { Avatar } from '@web/core/components/Avatar';
import { EmptyState } from '@web/core/components/EmptyState';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';
import { changelogText } from './changelogText';
import { useIncidentContext } from './IncidentContext';
import { incidentHistoryKey } from './incidentsApi';
import { MentionText } from './MentionText';
import type { IncidentHistory } from './types';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', padding: 0, margin: 0 },
  item: { display: 'flex', gap: tokens.spacingHorizontalS },
  text: { display: 'flex', flexDirection: 'column' },
});

/** The incident's events from incident_histories, newest first, with who and when. */
export function Changelog() {
  const styles = useStyles();
  const { incident } = useIncidentContext();
  const { data, isLoading, error } = useSWR<IncidentHistory[], ApiError>(incidentHistoryKey(incident.id));
  if (isLoading) return <Loading />;
  if (error) return <Body1>{error.message}</Body1>;
  const events = [...(data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (events.length === 0) return <EmptyState message="No changes yet" />;
  return (
    <ul className={styles.list} data-testid="changelog">
      {events.map((event) => (
        <li key={event.id} className={styles.item} data-type={event.type}>
          <Avatar name={event.created_by?.name ?? 'System'} src={event.created_by?.avatar} size={24} />
          <span className={styles.text}>
            <Body1>
              <MentionText text={changelogText(event)} />
            </Body1>
            <Caption1>
              {event.created_by?.name ?? 'System'} · {formatDateTime(event.created_at)}
            </Caption1>
          </span>
        </li>
      ))}
    </ul>
  );
}
