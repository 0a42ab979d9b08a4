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
  // Notification channels (plugins/notify-<type>): a bot token or an incoming webhook's URL for Slack (the API's
  // address is the channel's default); a webhook URL, or its id and token (username, password) at discord.com; ntfy
  // needs neither (ntfy.sh, anonymous; the topic may come from the recipient).
  slack: [['password', 'url']],
  discord: [['url', 'password']],
  telegram: ['password'],
  teams: ['url'],
  mattermost: ['url'],
  ntfy: [],
  opsgenie: ['password'],
  pagerduty: ['password'],
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
