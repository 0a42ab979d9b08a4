import { matchPath } from 'react-router';
import type { PluginRegistry } from '@web/core/plugin-host/PluginRegistry';
import { usePluginRegistry } from '@web/core/plugin-host/PluginRegistryContext';
import type { RouteExtension } from '@web/core/plugin-host/types';
import { DEFAULT_HIDDEN_COLUMNS, type SettingsTable, type SettingsTableExtension } from './types';

/** Spec 03 §7: list paths use a `_with_status` view except these tables. */
const WITHOUT_STATUS_VIEW = new Set(['incident_rules', 'connections']);
export const DEFAULT_SELECT = '*,created_by(id,name)';

/** A contribution with its defaults filled in (view, select, hidden columns). */
export function settingsTableOf(extension: SettingsTableExtension): SettingsTable {
  return {
    ...extension,
    view: extension.view ?? (WITHOUT_STATUS_VIEW.has(extension.id) ? extension.id : `${extension.id}_with_status`),
    select: extension.select ?? DEFAULT_SELECT,
    hiddenColumns: extension.hiddenColumns ?? DEFAULT_HIDDEN_COLUMNS,
  };
}

export function findSettingsTable(registry: PluginRegistry, id: string): SettingsTable | undefined {
  const extension = registry.getExtensions('settings.tables').find((table) => table.id === id);
  return extension && settingsTableOf(extension);
}

/** The registered table `id` (`topologies`...); undefined when no plugin contributes it (its feature may be off). */
export function useSettingsTable(id: string): SettingsTable | undefined {
  return findSettingsTable(usePluginRegistry(), id);
}

/** The table whose list (`{path}`) or detail (`{path}/:id`) route this pathname is. */
export function useSettingsTableAt(pathname: string): { table: SettingsTable; id: string | null } | undefined {
  for (const extension of usePluginRegistry().getExtensions('settings.tables')) {
    if (matchPath(extension.path, pathname)) return { table: settingsTableOf(extension), id: null };
    const detail = matchPath(`${extension.path}/:id`, pathname);
    if (detail?.params.id) return { table: settingsTableOf(extension), id: detail.params.id };
  }
  return undefined;
}

/**
 * The list and detail routes of a table, served by core's generic pages; its plugin adds them with the table
 * (`for (const route of settingsTableRoutes(table)) ctx.add('routes', route)`). Both need the table's read permission.
 */
export function settingsTableRoutes(table: Pick<SettingsTableExtension, 'path' | 'permission' | 'feature'>): RouteExtension[] {
  const common = { section: 'settings' as const, permission: table.permission, feature: table.feature };
  return [
    { ...common, path: table.path, load: () => import('./SettingsListRoute') },
    { ...common, path: `${table.path}/:id`, load: () => import('./SettingsDetailRoute') },
  ];
}
