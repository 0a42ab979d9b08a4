/**
 * The one list of web plugins: the only place the app knows which plugins exist.
 * Adding a plugin's web side = one import and one entry here.
 */
import type { WebPlugin } from '@web/core/plugin-host';
import featureFlags from '../../plugins/feature-flags/web';
import profile from '../../plugins/profile/web';
import incidents from '../../plugins/incidents/web';
import connections from '../../plugins/connections/web';
import health from '../../plugins/health/web';
import checkHttp from '../../plugins/check-http/web';
import checkTcp from '../../plugins/check-tcp/web';
import checkDns from '../../plugins/check-dns/web';
import checkIcmp from '../../plugins/check-icmp/web';
import checkPostgres from '../../plugins/check-postgres/web';
import checkRedis from '../../plugins/check-redis/web';
import checkExec from '../../plugins/check-exec/web';
import checkFolder from '../../plugins/check-folder/web';
import checkMysql from '../../plugins/check-mysql/web';
import checkMssql from '../../plugins/check-mssql/web';
import checkMongodb from '../../plugins/check-mongodb/web';
import checkJunit from '../../plugins/check-junit/web';
import checkCatalog from '../../plugins/check-catalog/web';
import checkPrometheus from '../../plugins/check-prometheus/web';
import checkAlertmanager from '../../plugins/check-alertmanager/web';
import checkElasticsearch from '../../plugins/check-elasticsearch/web';
import responderBasic from '../../plugins/responder-basic/web';
import responderEmail from '../../plugins/responder-email/web';
import responderJira from '../../plugins/responder-jira/web';
import responderMsPlanner from '../../plugins/responder-ms-planner/web';
import responderPerson from '../../plugins/responder-person/web';
import responderServiceNow from '../../plugins/responder-service-now/web';

export const webPlugins: readonly WebPlugin[] = [
  featureFlags,
  profile,
  incidents,
  health,
  checkHttp,
  checkTcp,
  checkDns,
  checkIcmp,
  checkPostgres,
  checkRedis,
  checkExec,
  checkFolder,
  checkMysql,
  checkMssql,
  checkMongodb,
  checkJunit,
  checkCatalog,
  checkPrometheus,
  checkAlertmanager,
  checkElasticsearch,
  connections,
  responderEmail,
  responderJira,
  responderServiceNow,
  responderMsPlanner,
  responderPerson,
  responderBasic,
];
