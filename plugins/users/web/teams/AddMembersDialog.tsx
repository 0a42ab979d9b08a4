import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { Avatar } from '@web/core/components/Avatar';
import { Dialog } from '@web/core/components/Dialog';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { type PersonOption, peopleKey } from './teamsApi';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', maxHeight: '360px', overflowY: 'auto', marginTop: tokens.spacingVerticalS },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface AddMembersDialogProps {
  open: boolean;
  /** Members already in the team: not offered. */
  memberIds: ReadonlySet<string>;
  busy: boolean;
  onAdd(people: PersonOption[]): void;
  onClose(): void;
}

/** Pick users to add to a team. */
export function AddMembersDialog({ open, memberIds, busy, onAdd, onClose }: AddMembersDialogProps) {
  const styles = useStyles();
  const { data, error } = useSWR<PersonOption[]>(open ? peopleKey : null);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (open) {
      setFilter('');
      setPicked(new Set());
    }
  }, [open]);

  const candidates = useMemo(
    () => (data ?? []).filter((p) => !memberIds.has(p.id) && p.name.toLowerCase().includes(filter.trim().toLowerCase())),
    [data, memberIds, filter],
  );
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="small"
      title="Add team members"
      actions={
        <>
          <Button appearance="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button appearance="primary" disabled={busy || picked.size === 0} onClick={() => onAdd((data ?? []).filter((p) => picked.has(p.id)))}>
            {busy ? 'Adding...' : 'Add'}
          </Button>
        </>
      }
    >
      <Input contentBefore={<Search20Regular />} placeholder="Search users" aria-label="Search users" value={filter} onChange={(_, d) => setFilter(d.value)} />
      {error ? (
        <ErrorPanel error={error} title="Could not load the users" />
      ) : !data ? (
        <Loading label="Loading users..." />
      ) : candidates.length === 0 ? (
        <EmptyState message="No users to add" />
      ) : (
        <div className={styles.list}>
          {candidates.map((person) => (
            <Checkbox
              key={person.id}
              checked={picked.has(person.id)}
              onChange={(_, d) => toggle(person.id, d.checked === true)}
              label={
                <span className={styles.person}>
                  <Avatar name={person.name} src={person.avatar} size={20} />
                  {person.name}
                </span>
              }
            />
          ))}
        </div>
      )}
    </Dialog>
  );
}
