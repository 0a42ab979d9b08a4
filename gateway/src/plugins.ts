import type { Type } from '@nestjs/common';
import type { PluginManifest } from '@contracts';
import agents from '../../plugins/agents/manifest';
import { AgentsModule } from '../../plugins/agents/gateway/agents.module';
import catalog from '../../plugins/catalog/manifest';
import { CatalogModule } from '../../plugins/catalog/gateway/catalog.module';
import featureFlags from '../../plugins/feature-flags/manifest';
import { FeatureFlagsModule } from '../../plugins/feature-flags/gateway/feature-flags.module';
import health from '../../plugins/health/manifest';
import { HealthModule } from '../../plugins/health/gateway/health.module';
import incidents from '../../plugins/incidents/manifest';
import { IncidentsModule } from '../../plugins/incidents/gateway/incidents.module';
import notifications from '../../plugins/notifications/manifest';
import { NotificationsModule } from '../../plugins/notifications/gateway/notifications.module';
import playbooks from '../../plugins/playbooks/manifest';
import { PlaybooksModule } from '../../plugins/playbooks/gateway/playbooks.module';
import settings from '../../plugins/settings/manifest';
import { SettingsModule } from '../../plugins/settings/gateway/settings.module';
import topology from '../../plugins/topology/manifest';
import { TopologyModule } from '../../plugins/topology/gateway/topology.module';
import users from '../../plugins/users/manifest';
import { UsersModule } from '../../plugins/users/gateway/users.module';

/** The one list of gateway plugins. Adding a plugin = one line here (and one in web/src/plugins.ts). */
export const GATEWAY_PLUGINS: { manifest: PluginManifest; module: Type<unknown> }[] = [
  { manifest: featureFlags, module: FeatureFlagsModule },
  { manifest: users, module: UsersModule },
  { manifest: incidents, module: IncidentsModule },
  { manifest: catalog, module: CatalogModule },
  { manifest: topology, module: TopologyModule },
  { manifest: health, module: HealthModule },
  { manifest: playbooks, module: PlaybooksModule },
  { manifest: agents, module: AgentsModule },
  { manifest: notifications, module: NotificationsModule },
  { manifest: settings, module: SettingsModule },
];
