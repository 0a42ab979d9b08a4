import { useMemo, useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular, PersonAdd20Regular } from '@fluentui/react-icons';
import useSWR, { useSWRConfig } from 'swr';
import { USER_TOASTS, highestRole, type UserRow } from '@contracts';
import type { ApiError } from '@web/core/api';
import { usePermissions, useWhoAmI } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { DataTable, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { USERS_PATH, deleteUser } from './usersApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const ROLE_LABEL: Record<string, string> = { admin: 'Admin', editor: 'Editor', commander: 'Commander', responder: 'Responder', viewer: 'Viewer' };

export function userState(user: UserRow): string {
  if (user.state === 'inactive') return 'Inactive';
  return user.invited ? 'Invited' : 'Active';
}

/** /settings/users (spec 03 Users): read on identities to see it, write on identities to invite, edit and delete. */
export default function UsersPage() {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { can } = usePermissions();
  const { whoami } = useWhoAmI();
  const canWrite = can('identities', 'write');
  const { data, error, isLoading } = useSWR<UserRow[], ApiError>(USERS_PATH);
  const [sortBy, setSortBy] = useQueryState('sortBy', 'name');
  const [sortOrder, setSortOrder] = useQueryState('sortOrder', 'asc');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [busy, run] = useBusyAction();

  const columns = useMemo<DataTableColumn<UserRow>[]>(() => {
    const list: DataTableColumn<UserRow>[] = [
      {
        id: 'name',
        header: 'Name',
        flex: 2,
        render: (user) => (
          <span className={styles.name}>
            <Avatar name={user.name} src={user.avatar} size={24} />
            {user.name}
          </span>
        ),
      },
      { id: 'email', header: 'Email', flex: 2, value: (user) => user.email ?? '' },
      {
        id: 'roles',
        header: 'Roles',
        value: (user) => ROLE_LABEL[highestRole(user.roles)],
        render: (user) => (
          <span title={user.roles.map((r) => ROLE_LABEL[r]).join(', ')}>
            {ROLE_LABEL[highestRole(user.roles)]}
            {user.roles.length > 1 ? ` +${user.roles.length - 1}` : ''}
          </span>
        ),
      },
      {
        id: 'state',
        header: 'State',
        width: 110,
        value: userState,
        render: (user) => (
          <Badge appearance="tint" color={user.state === 'inactive' ? 'danger' : user.invited ? 'warning' : 'success'}>
            {userState(user)}
          </Badge>
        ),
      },
      { id: 'created_at', header: 'Created At', value: (user) => user.created_at, render: (user) => formatDateTime(user.created_at) },
    ];
    if (canWrite) {
      list.push({
        id: 'actions',
        header: 'Actions',
        width: 120,
        sortable: false,
        render: (user) =>
          user.state === 'active' && (
            <span className={styles.actions}>
              <Button
                size="small"
                appearance="subtle"
                icon={<Edit20Regular />}
                aria-label={`Edit User ${user.name}`}
                title="Edit User"
                onClick={() => setEditing(user)}
              />
              {user.id !== whoami?.user.id && (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<Delete20Regular />}
                  aria-label={`Delete ${user.name}`}
                  title="Delete"
                  onClick={() => setDeleting(user)}
                />
              )}
            </span>
          ),
      });
    }
    return list;
  }, [canWrite, styles, whoami?.user.id]);

  const onDelete = async () => {
    if (!deleting) return;
    const done = await run(async () => {
      await deleteUser(deleting.id);
      toast.success(USER_TOASTS.deleted);
    });
    setDeleting(null);
    if (done) await mutate(USERS_PATH);
  };

  const sort: SortState = { column: sortBy, direction: sortOrder === 'desc' ? 'desc' : 'asc' };
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Breadcrumb items={[{ label: 'Settings' }, { label: 'Users' }]} />
        {canWrite && (
          <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => setInviting(true)}>
            Invite User
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <DataTable<UserRow>
          id="users"
          rows={data ?? []}
          columns={columns}
          getRowId={(user) => user.id}
          loading={isLoading}
          sort={sort}
          onSortChange={(next) => {
            setSortBy(next?.column ?? null);
            setSortOrder(next?.direction ?? null);
          }}
          paging={{ mode: 'client', initialPageSize: 50 }}
        />
      )}
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete user"
        message={`Delete ${deleting?.name ?? ''}? They are signed out everywhere and can no longer sign in; their history stays.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
