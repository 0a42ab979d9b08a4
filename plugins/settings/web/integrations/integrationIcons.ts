import type { FluentIcon } from '@fluentui/react-icons';
import { DataTreemap20Regular, DocumentSearch20Regular, DocumentText20Regular } from '@fluentui/react-icons';
import type { IntegrationType } from './integrationsApi';

/** The icon and the words of each integration type (the same icons as their own settings pages). */
export const INTEGRATION_TYPE_INFO: Record<IntegrationType, { icon: FluentIcon; label: string }> = {
  scrapers: { icon: DocumentSearch20Regular, label: 'Catalog Scraper' },
  topologies: { icon: DataTreemap20Regular, label: 'Topology' },
  logging_backends: { icon: DocumentText20Regular, label: 'Log Backend' },
};
