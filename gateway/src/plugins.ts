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
import connections from '../../plugins/connections/manifest';
import { ConnectionsModule } from '../../plugins/connections/gateway/connections.module';
import responderEmail from '../../plugins/responder-email/manifest';
import { ResponderEmailModule } from '../../plugins/responder-email/gateway/responder-email.module';
import responderJira from '../../plugins/responder-jira/manifest';
import { ResponderJiraModule } from '../../plugins/responder-jira/gateway/responder-jira.module';
import responderMsPlanner from '../../plugins/responder-ms-planner/manifest';
import { ResponderMsPlannerModule } from '../../plugins/responder-ms-planner/gateway/responder-ms-planner.module';
import responderPerson from '../../plugins/responder-person/manifest';
import { ResponderPersonModule } from '../../plugins/responder-person/gateway/responder-person.module';
import responderServiceNow from '../../plugins/responder-service-now/manifest';
import { ResponderServiceNowModule } from '../../plugins/responder-service-now/gateway/responder-service-now.module';

import checkHttp from '../../plugins/check-http/manifest';
import { CheckHttpModule } from '../../plugins/check-http/gateway/http.module';
import checkTcp from '../../plugins/check-tcp/manifest';
import { CheckTcpModule } from '../../plugins/check-tcp/gateway/tcp.module';
import checkDns from '../../plugins/check-dns/manifest';
import { CheckDnsModule } from '../../plugins/check-dns/gateway/dns.module';
import checkPostgres from '../../plugins/check-postgres/manifest';
import { CheckPostgresModule } from '../../plugins/check-postgres/gateway/postgres.module';
import checkRedis from '../../plugins/check-redis/manifest';
import { CheckRedisModule } from '../../plugins/check-redis/gateway/redis.module';
import checkExec from '../../plugins/check-exec/manifest';
import { CheckExecModule } from '../../plugins/check-exec/gateway/exec.module';
import checkFolder from '../../plugins/check-folder/manifest';
import { CheckFolderModule } from '../../plugins/check-folder/gateway/folder.module';
import checkIcmp from '../../plugins/check-icmp/manifest';
import { CheckIcmpModule } from '../../plugins/check-icmp/gateway/icmp.module';
import checkMysql from '../../plugins/check-mysql/manifest';
import { CheckMysqlModule } from '../../plugins/check-mysql/gateway/mysql.module';
import checkMssql from '../../plugins/check-mssql/manifest';
import { CheckMssqlModule } from '../../plugins/check-mssql/gateway/mssql.module';
import checkJunit from '../../plugins/check-junit/manifest';
import { CheckJunitModule } from '../../plugins/check-junit/gateway/junit.module';
import checkPrometheus from '../../plugins/check-prometheus/manifest';
import { CheckPrometheusModule } from '../../plugins/check-prometheus/gateway/prometheus.module';
import checkAlertmanager from '../../plugins/check-alertmanager/manifest';
import { CheckAlertmanagerModule } from '../../plugins/check-alertmanager/gateway/alertmanager.module';
import checkElasticsearch from '../../plugins/check-elasticsearch/manifest';
import { CheckElasticsearchModule } from '../../plugins/check-elasticsearch/gateway/elasticsearch.module';
import checkMongodb from '../../plugins/check-mongodb/manifest';
import { CheckMongodbModule } from '../../plugins/check-mongodb/gateway/mongodb.module';
import checkCatalog from '../../plugins/check-catalog/manifest';
import { CheckCatalogModule } from '../../plugins/check-catalog/gateway/catalog.module';

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
  { manifest: connections, module: ConnectionsModule },
  { manifest: responderEmail, module: ResponderEmailModule },
  { manifest: responderJira, module: ResponderJiraModule },
  { manifest: responderServiceNow, module: ResponderServiceNowModule },
  { manifest: responderMsPlanner, module: ResponderMsPlannerModule },
  { manifest: responderPerson, module: ResponderPersonModule },
  { manifest: checkHttp, module: CheckHttpModule },
  { manifest: checkTcp, module: CheckTcpModule },
  { manifest: checkDns, module: CheckDnsModule },
  { manifest: checkPostgres, module: CheckPostgresModule },
  { manifest: checkRedis, module: CheckRedisModule },
  { manifest: checkExec, module: CheckExecModule },
  { manifest: checkFolder, module: CheckFolderModule },
  { manifest: checkIcmp, module: CheckIcmpModule },
  { manifest: checkMysql, module: CheckMysqlModule },
  { manifest: checkMssql, module: CheckMssqlModule },
  { manifest: checkJunit, module: CheckJunitModule },
  { manifest: checkPrometheus, module: CheckPrometheusModule },
  { manifest: checkAlertmanager, module: CheckAlertmanagerModule },
  { manifest: checkElasticsearch, module: CheckElasticsearchModule },
  { manifest: checkMongodb, module: CheckMongodbModule },
  { manifest: checkCatalog, module: CheckCatalogModule },
];
