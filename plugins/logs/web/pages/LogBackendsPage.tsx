import { DocumentText20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { usePermissions } from '@web/core/auth';
import { SettingsListPage, settingsListColumns } from '@web/core/editor/SettingsListPage';
import {
  BACKENDS_SELECT,
  BACKENDS_TABLE,
  BACKENDS_VIEW,
  type BackendListRow,
  LIST_PAGE_SIZE,
  NEW_BACKEND_ID,
  SORTABLE_COLUMNS,
  backendPath,
} from '../backends/backendsApi';

/** Spec 03 settings list columns, without Schedule: log backends do not run on one. */
const columns = settingsListColumns<BackendListRow>({ namespace: false, sortable: SORTABLE_COLUMNS }).filter((column) => column.id !== 'schedule');

/** /settings/logging_backends: the log backends (core `SettingsListPage` over `logging_backends_with_status`); Add with write on logging_backends. */
export default function LogBackendsPage() {
  const navigate = useNavigate();
  return (
    <SettingsListPage<BackendListRow>
      id="logging-backends"
      view={BACKENDS_VIEW}
      select={BACKENDS_SELECT}
      columns={columns}
      sortable={SORTABLE_COLUMNS}
      pageSize={LIST_PAGE_SIZE}
      breadcrumb={[{ label: 'Settings' }, { label: 'Log Backends' }]}
      canAdd={usePermissions().can(BACKENDS_TABLE, 'write')}
      onAdd={() => navigate(backendPath(NEW_BACKEND_ID))}
      onOpen={(row) => navigate(backendPath(row.id))}
      empty={{ icon: <DocumentText20Regular />, title: 'No log backends yet' }}
    />
  );
}
