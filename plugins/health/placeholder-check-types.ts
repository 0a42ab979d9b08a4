/**
 * The spec 03 check types that no plugin runs yet, shared by both sides of the health plugin: the editor offers them
 * (plugins/health/web/checkTypes.ts adds their icons; edited in the Code tab) and the gateway saves them and reports
 * each run invalid (plugins/health/gateway/placeholder-check-types.ts). Both register them as fallbacks, so a plugin
 * folder that implements one replaces its entry with nothing edited here. `order` is the spec's order, 10 apart.
 */
export const PLACEHOLDER_CHECK_TYPES = [
  { id: 'awsconfigrule', label: 'AWS Config Rule', order: 20 },
  { id: 'awsconfig', label: 'AWS Config', order: 30 },
  { id: 'github', label: 'GitHub', order: 40 },
  { id: 'ec2', label: 'EC2', order: 50 },
  { id: 'ldap', label: 'LDAP', order: 60 },
  { id: 'pod', label: 'Pod', order: 70 },
  { id: 'cloudwatch', label: 'Cloud Watch', order: 100 },
  { id: 'gcs', label: 'GCS', order: 160 },
  { id: 's3', label: 'AWS S3', order: 170 },
  { id: 'smb', label: 'SMB', order: 180 },
  { id: 'sftp', label: 'SFTP', order: 190 },
  { id: 'kubernetes', label: 'Kubernetes', order: 220 },
  { id: 'sql', label: 'SQL Query', order: 230 },
  { id: 'azuredevops', label: 'Azure DevOps', order: 250 },
  { id: 'jmeter', label: 'JMeter', order: 260 },
  { id: 'dynatrace', label: 'Dynatrace', order: 280 },
  { id: 'namespace', label: 'Kubernetes Namespace', order: 290 },
] as const;

export type PlaceholderCheckType = (typeof PLACEHOLDER_CHECK_TYPES)[number]['id'];
