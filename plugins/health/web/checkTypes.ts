import {
  Cloud20Regular,
  CloudArchive20Regular,
  Code20Regular,
  Cube20Regular,
  CubeTree20Regular,
  DataArea20Regular,
  Database20Regular,
  Eye20Regular,
  FolderLink20Regular,
  Gauge20Regular,
  Key20Regular,
  Rocket20Regular,
  Server20Regular,
  ShieldCheckmark20Regular,
  Storage20Regular,
} from '@fluentui/react-icons';
import { usePluginRegistry, type Registered, type TypeExtension } from '@web/core/plugin-host';

/** A check type as the health pages know it: contributed on `health.checkTypes` by its plugin (plugins/check-<type>/web). */
export type CheckType = Registered<'health.checkTypes'>;

/**
 * The registered check types in the editor's order (each contribution's `order`; the spec 03 types are 10 apart in the
 * spec's order). Pickers, the form, the dashboard's icons and the editor's validation all read this list, so a new
 * check type plugin folder is offered and accepted with no other change.
 */
export function useCheckTypes(): readonly CheckType[] {
  return usePluginRegistry().getExtensions('health.checkTypes');
}

export function checkTypeLabel(types: readonly Pick<CheckType, 'id' | 'label'>[], id: string): string {
  return types.find((type) => type.id === id)?.label ?? id;
}

/**
 * The spec 03 check types that no plugin runs yet: the editor offers them (edited in the Code tab), the gateway saves
 * them and reports them invalid. A plugin that implements one contributes it itself and this entry goes.
 */
export const YAML_ONLY_CHECK_TYPES: readonly TypeExtension[] = [
  { id: 'awsconfigrule', label: 'AWS Config Rule', icon: ShieldCheckmark20Regular, order: 20 },
  { id: 'awsconfig', label: 'AWS Config', icon: Cloud20Regular, order: 30 },
  { id: 'github', label: 'GitHub', icon: Code20Regular, order: 40 },
  { id: 'ec2', label: 'EC2', icon: Server20Regular, order: 50 },
  { id: 'ldap', label: 'LDAP', icon: Key20Regular, order: 60 },
  { id: 'pod', label: 'Pod', icon: Cube20Regular, order: 70 },
  { id: 'cloudwatch', label: 'Cloud Watch', icon: Eye20Regular, order: 100 },
  { id: 'gcs', label: 'GCS', icon: CloudArchive20Regular, order: 160 },
  { id: 's3', label: 'AWS S3', icon: Storage20Regular, order: 170 },
  { id: 'smb', label: 'SMB', icon: FolderLink20Regular, order: 180 },
  { id: 'sftp', label: 'SFTP', icon: FolderLink20Regular, order: 190 },
  { id: 'kubernetes', label: 'Kubernetes', icon: CubeTree20Regular, order: 220 },
  { id: 'sql', label: 'SQL Query', icon: Database20Regular, order: 230 },
  { id: 'azuredevops', label: 'Azure DevOps', icon: Rocket20Regular, order: 250 },
  { id: 'jmeter', label: 'JMeter', icon: Gauge20Regular, order: 260 },
  { id: 'dynatrace', label: 'Dynatrace', icon: DataArea20Regular, order: 280 },
  { id: 'namespace', label: 'Kubernetes Namespace', icon: Cube20Regular, order: 290 },
];
