import { useLocation } from 'react-router';
import { NotFound } from '@web/core/components/NotFound';
import { SettingsListPage } from './SettingsListPage';
import { useSettingsTableAt } from './settingsTables';

/** The route of every registered table's list (`settingsTableRoutes`): the table is the one whose path this is. */
export default function SettingsListRoute() {
  const match = useSettingsTableAt(useLocation().pathname);
  if (!match) return <NotFound />;
  return <SettingsListPage key={match.table.id} table={match.table} />;
}
