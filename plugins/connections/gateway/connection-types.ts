import type { ConnectionRequirement } from '@gateway/core/connections';

/**
 * Connection types this plugin knows itself, without a test (spec 03 §9 lists many kinds: databases, clouds,
 * git hosts, notification channels). Types with a test (smtp, jira, service_now, ms_planner...) are contributed
 * by their plugins on the `connectionTests` extension point, with their own requirements.
 */
export const GENERIC_CONNECTION_TYPES: Record<string, readonly (ConnectionRequirement | readonly ConnectionRequirement[])[]> = {
  http: ['url'],
  webhook: ['url'],
  postgres: ['url'],
  mysql: ['url'],
  sql_server: ['url'],
  mongo: ['url'],
  redis: ['url'],
  slack: ['password'],
  discord: ['url'],
  telegram: ['password'],
  teams: ['url'],
  ntfy: [],
  opsgenie: ['password'],
  git: ['url'],
  github: ['password'],
  gitlab: ['password'],
  aws: ['username', 'password'],
  azure: ['username', 'password', 'properties.tenant'],
  gcp: ['certificate'],
  kubernetes: ['certificate'],
  sftp: ['url', 'username'],
  smb: ['url', 'username'],
  prometheus: ['url'],
  loki: ['url'],
  elasticsearch: ['url'],
  opensearch: ['url'],
};

export const CONNECTION_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
