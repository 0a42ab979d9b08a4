import { useMemo, useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, PeopleAdd20Regular, People20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { Avatar } from '@web/core/components/Avatar';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import type { SettingsResource } from '@web/core/settings/types';
import { AddMembersDialog } from './AddMembersDialog';
import { NO_MEMBERS, type PersonOption, type TeamMember, addTeamMembers, addedMessage, removeTeamMember, removedMessage, teamMembersKey } from './teamsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The team's Members panel (spec 03 Teams, tab `manageTeam`): its users, added and removed through the data API.
 * Changing members needs write on identities (the gateway enforces it); failures show the returned message.
 */
export default function TeamMembersTab({ resource, canWrite }: { resource: SettingsResource; canWrite: boolean }) {
  const styles = useStyles();
  const toast = useToast();
  const key = teamMembersKey(resource.id);
  const { data, error, mutate } = useSWR<TeamMember[]>(key);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busy, run] = useBusyAction();
  const memberIds = useMemo(() => new Set((data ?? []).map((m) => m.person_id.id)), [data]);

  const onAdd = async (people: PersonOption[]) => {
    const done = await run(async () => {
      await addTeamMembers(
        resource.id,
        people.map((p) => p.id),
      );
      toast.success(addedMessage(people.map((p) => p.name)));
    });
    if (done) setAdding(false);
    await mutate();
  };

  const onRemove = async () => {
    if (!removing) return;
    await run(async () => {
      await removeTeamMember(resource.id, removing.person_id.id);
      toast.success(removedMessage(removing.person_id.name));
    });
    setRemoving(null);
    await mutate();
  };

  const addButton = canWrite && (
    <Button appearance="primary" icon={<PeopleAdd20Regular />} onClick={() => setAdding(true)}>
      Add team members
    </Button>
  );

  let body;
  if (error && !data) body = <ErrorPanel error={error} title="Could not load the team members" />;
  else if (!data) body = <Loading label="Loading team members..." />;
  else if (data.length === 0)
    body = <EmptyState icon={<People20Regular />} title={NO_MEMBERS.title} message={NO_MEMBERS.message} action={addButton || undefined} />;
  else
    body = (
      <>
        <div className={styles.toolbar}>{addButton}</div>
        <Table size="small" aria-label="Team members">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              {canWrite && <TableHeaderCell aria-label="Actions" />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((member) => (
              <TableRow key={member.person_id.id}>
                <TableCell>
                  <span className={styles.person}>
                    <Avatar name={member.person_id.name} src={member.person_id.avatar} size={24} />
                    {member.person_id.name}
                  </span>
                </TableCell>
                <TableCell>{member.person_id.email ?? ''}</TableCell>
                {canWrite && (
                  <TableCell>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={`Remove ${member.person_id.name}`}
                      onClick={() => setRemoving(member)}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </>
    );

  return (
    <div className={styles.root}>
      {body}
      <AddMembersDialog open={adding} memberIds={memberIds} busy={busy} onAdd={(people) => void onAdd(people)} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={!!removing}
        title="Remove team member"
        message={`Remove ${removing?.person_id.name ?? ''} from the team?`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
