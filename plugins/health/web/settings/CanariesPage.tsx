import { HeartPulse20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { usePermissions } from '@web/core/auth';
import { SettingsListPage, settingsListColumns } from '@web/core/editor/SettingsListPage';
import { canarySettingsPath } from '../healthApi';
import { CANARIES_SELECT, CANARIES_VIEW, type CanaryListRow, LIST_PAGE_SIZE, SORTABLE_COLUMNS } from './canariesList';

/** Spec 03 settings list columns; canaries hide Namespace. */
const columns = settingsListColumns<CanaryListRow>({ namespace: false, sortable: SORTABLE_COLUMNS });

/** /settings/canaries: the health check (canary) list, sorted on the server from the URL (spec 03 §2; core `SettingsListPage`). */
export default function CanariesPage() {
  const navigate = useNavigate();
  return (
    <SettingsListPage<CanaryListRow>
      id="canaries"
      view={CANARIES_VIEW}
      select={CANARIES_SELECT}
      columns={columns}
      sortable={SORTABLE_COLUMNS}
      pageSize={LIST_PAGE_SIZE}
      breadcrumb={[{ label: 'Settings' }, { label: 'Health Checks' }]}
      canAdd={usePermissions().can('canaries', 'write')}
      onAdd={() => navigate(canarySettingsPath('new'))}
      onOpen={(row) => navigate(canarySettingsPath(row.id))}
      empty={{ icon: <HeartPulse20Regular />, title: 'No health checks yet' }}
    />
  );
}
