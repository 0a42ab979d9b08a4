import type { FluentIcon } from '@fluentui/react-icons';
import {
  AppGeneric20Regular,
  Bot20Regular,
  Box20Regular,
  BoxMultiple20Regular,
  BranchFork20Regular,
  Building20Regular,
  Certificate20Regular,
  Cloud20Regular,
  Code20Regular,
  Cube20Regular,
  CubeMultiple20Regular,
  Database20Regular,
  Desktop20Regular,
  DeveloperBoard20Regular,
  Document20Regular,
  Flash20Regular,
  Folder20Regular,
  Gauge20Regular,
  Globe20Regular,
  HardDrive20Regular,
  Heart20Regular,
  Key20Regular,
  LockClosed20Regular,
  Mail20Regular,
  Money20Regular,
  Organization20Regular,
  People20Regular,
  Person20Regular,
  PlugConnected20Regular,
  Ram20Regular,
  Rocket20Regular,
  Router20Regular,
  Server20Regular,
  ServerMultiple20Regular,
  Settings20Regular,
  Shield20Regular,
  Stack20Regular,
  Storage20Regular,
  Timer20Regular,
  VirtualNetwork20Regular,
  Window20Regular,
} from '@fluentui/react-icons';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

/**
 * Icon names that topologies commonly use (`icon: postgres`, `k8s-pod`, `aws-ec2-instance`…), by a word they contain,
 * mapped to the app's one icon set. The first rule whose word occurs in the name wins, so the specific words come
 * before the general ones; a name no rule knows gets the generic component icon. Nothing is downloaded.
 */
const ICON_RULES: readonly [readonly string[], FluentIcon][] = [
  [
    ['postgres', 'mysql', 'mariadb', 'mssql', 'sqlserver', 'oracle', 'mongo', 'redis', 'database', 'db', 'sql', 'rds', 'dynamo', 'cassandra'],
    Database20Regular,
  ],
  [['lambda', 'function', 'serverless'], Flash20Regular],
  [['pod', 'container', 'docker'], Cube20Regular],
  [['deployment', 'statefulset', 'daemonset', 'replicaset', 'workload', 'helm', 'chart'], CubeMultiple20Regular],
  [['namespace', 'group', 'stack'], BoxMultiple20Regular],
  [['cluster', 'kubernetes', 'k8s', 'nodes'], ServerMultiple20Regular],
  [['node', 'server', 'host', 'ec2', 'vm', 'instance', 'machine', 'linux', 'windows'], Server20Regular],
  [['cpu', 'processor', 'core'], DeveloperBoard20Regular],
  [['memory', 'ram'], Ram20Regular],
  [['disk', 'volume', 'pvc', 'drive', 'ebs'], HardDrive20Regular],
  [['storage', 's3', 'bucket', 'blob'], Storage20Regular],
  [['vpc', 'subnet', 'network', 'vnet'], VirtualNetwork20Regular],
  [['ingress', 'loadbalancer', 'load-balancer', 'lb', 'router', 'gateway', 'proxy', 'nginx', 'envoy'], Router20Regular],
  [['dns', 'http', 'website', 'web', 'url', 'domain', 'internet', 'globe'], Globe20Regular],
  [['api', 'service', 'svc', 'endpoint', 'connect'], PlugConnected20Regular],
  [['aws', 'azure', 'gcp', 'cloud'], Cloud20Regular],
  [['cert', 'tls', 'ssl'], Certificate20Regular],
  [['secret', 'key', 'token'], Key20Regular],
  [['security', 'shield', 'firewall', 'policy'], Shield20Regular],
  [['lock', 'auth', 'rbac'], LockClosed20Regular],
  [['git', 'flux', 'argo', 'branch', 'repo'], BranchFork20Regular],
  [['code', 'app', 'application'], Code20Regular],
  [['team', 'people', 'users'], People20Regular],
  [['user', 'person', 'owner'], Person20Regular],
  [['org', 'company', 'business'], Organization20Regular],
  [['office', 'datacenter', 'region', 'zone', 'site'], Building20Regular],
  [['queue', 'kafka', 'rabbit', 'sqs', 'sns', 'mail', 'email', 'smtp'], Mail20Regular],
  [['cost', 'billing', 'money', 'currency'], Money20Regular],
  [['health', 'heart', 'check'], Heart20Regular],
  [['metric', 'prometheus', 'gauge', 'monitor'], Gauge20Regular],
  [['cron', 'job', 'schedule', 'timer'], Timer20Regular],
  [['config', 'settings'], Settings20Regular],
  [['file', 'document', 'log'], Document20Regular],
  [['folder', 'directory'], Folder20Regular],
  [['desktop', 'workstation'], Desktop20Regular],
  [['browser', 'window', 'ui'], Window20Regular],
  [['bot', 'agent'], Bot20Regular],
  [['deploy', 'release', 'rocket'], Rocket20Regular],
  [['layer', 'tier'], Stack20Regular],
  [['box', 'package'], Box20Regular],
];

/** Words of an icon name: `aws-ec2-instance`, `K8s::Pod`, `postgresDB` → aws, ec2, instance / k8s, pod / postgres, db. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The Fluent icon for an icon name; the generic component icon when none fits. */
export function iconFor(name: string | null | undefined): FluentIcon {
  if (!name) return AppGeneric20Regular;
  const parts = words(name);
  const whole = name.toLowerCase();
  for (const [keys, icon] of ICON_RULES) {
    // A word of the name, or for longer keys a part of a word ('postgresql' has 'postgres').
    if (keys.some((key) => parts.includes(key) || (key.length > 3 && (whole.includes(key) || parts.some((part) => part.startsWith(key)))))) return icon;
  }
  return AppGeneric20Regular;
}

const useStyles = makeStyles({
  icon: { flexShrink: 0, color: tokens.colorNeutralForeground2 },
  small: { width: '16px', height: '16px' },
  regular: { width: '20px', height: '20px' },
  large: { width: '28px', height: '28px' },
});

/** A component's icon (from its `icon` name, else its type), decorative: the name beside it says what it is. */
export function ComponentIcon({
  icon,
  type,
  size = 'regular',
}: {
  icon: string | null | undefined;
  type?: string | null;
  size?: 'small' | 'regular' | 'large';
}) {
  const styles = useStyles();
  const Icon = iconFor(icon || type);
  return <Icon className={mergeClasses(styles.icon, styles[size])} aria-hidden data-icon={icon || type || ''} />;
}
