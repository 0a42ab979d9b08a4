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
import type { FluentIcon } from '@fluentui/react-icons';
import { usePluginRegistry, type Registered, type TypeExtension } from '@web/core/plugin-host';
import { PLACEHOLDER_CHECK_TYPES, type PlaceholderCheckType } from '../placeholder-check-types';

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

const PLACEHOLDER_ICONS: Record<PlaceholderCheckType, FluentIcon> = {
  awsconfigrule: ShieldCheckmark20Regular,
  awsconfig: Cloud20Regular,
  github: Code20Regular,
  ec2: Server20Regular,
  ldap: Key20Regular,
  pod: Cube20Regular,
  cloudwatch: Eye20Regular,
  gcs: CloudArchive20Regular,
  s3: Storage20Regular,
  smb: FolderLink20Regular,
  sftp: FolderLink20Regular,
  kubernetes: CubeTree20Regular,
  sql: Database20Regular,
  azuredevops: Rocket20Regular,
  jmeter: Gauge20Regular,
  dynatrace: DataArea20Regular,
  namespace: Cube20Regular,
};

/**
 * The spec 03 check types that no plugin runs yet (plugins/health/placeholder-check-types.ts, shared with the
 * gateway): the editor offers them (edited in the Code tab), the gateway saves them and reports them invalid. They
 * are registered as fallbacks: a plugin that implements one replaces its entry.
 */
export const YAML_ONLY_CHECK_TYPES: readonly TypeExtension[] = PLACEHOLDER_CHECK_TYPES.map((type) => ({ ...type, icon: PLACEHOLDER_ICONS[type.id] }));
