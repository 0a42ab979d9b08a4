import { useLocation } from 'react-router';
import { NotFound } from '@web/core/components/NotFound';
import { SettingsDetailPage } from './SettingsDetailPage';
import { useSettingsTableAt } from './settingsTables';

/** The route of every registered table's detail (`{path}/:id`, `new` for a new record). */
export default function SettingsDetailRoute() {
  const match = useSettingsTableAt(useLocation().pathname);
  if (!match?.id) return <NotFound />;
  return <SettingsDetailPage key={`${match.table.id}/${match.id}`} table={match.table} id={match.id} />;
}
