import { useParams } from 'react-router';
import { EmptyState } from '@web/core/components/EmptyState';
import { NotFound } from '@web/core/components/NotFound';
import { SettingsDetailPage, useSettingsTable } from '@web/core/settings';
import { INTEGRATIONS_PATH, type IntegrationType, isIntegrationType } from '../integrations/integrationsApi';

export const UNKNOWN_TYPE_MESSAGE = 'Unknown type';

/** The settings table behind each integration type: its plugin contributes it to `settings.tables`. */
const TABLE_OF: Record<IntegrationType, string> = {
  scrapers: 'config_scrapers',
  topologies: 'topologies',
  logging_backends: 'logging_backends',
};

/**
 * /settings/integrations/{type}/{id} (spec 03 §2): the integration in its own table's editor (core's settings detail
 * page, the table contributed by its plugin) with tabs Spec and Job History; Save, Update, Cancel and Delete return
 * to /settings/integrations. A type other than scrapers, topologies or logging_backends is 'Unknown type'.
 */
export default function IntegrationPage() {
  const { type, id } = useParams();
  const table = useSettingsTable(isIntegrationType(type) ? TABLE_OF[type] : '');
  if (!isIntegrationType(type))
    return <EmptyState title={UNKNOWN_TYPE_MESSAGE} message={`"${type ?? ''}" is not an integration type: use scrapers, topologies or logging_backends.`} />;
  // The table's plugin is off (its feature disabled) or not installed.
  if (!table || !id) return <NotFound />;
  return (
    <SettingsDetailPage
      key={`${type}/${id}`}
      table={table}
      id={id}
      listPath={INTEGRATIONS_PATH}
      breadcrumb={(title) => [{ label: 'Settings' }, { label: 'Integrations', to: INTEGRATIONS_PATH }, { label: title }]}
    />
  );
}
