import type { Feature } from '@contracts';
import type { Access, ExtensionPointName, ExtensionPoints, NavSection, Permission, Registered, WebPlugin } from './types';

export class PluginRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginRegistryError';
  }
}

/** The key that must be unique within a point: routes by path, everything else by id. */
function keyOf(point: ExtensionPointName, extension: ExtensionPoints[ExtensionPointName]): string {
  if (point === 'routes') return (extension as ExtensionPoints['routes']).path;
  return (extension as { id: string }).id;
}

type Store = { [P in ExtensionPointName]?: Registered<P>[] };

/**
 * The web plugin host: runs every plugin's `register` (phase 1), checks dependencies, then every
 * `init` (phase 2). Duplicate plugin ids, nav ids, route paths or extension ids fail loudly, naming both owners.
 */
export class PluginRegistry {
  private readonly store: Store = {};
  private readonly plugins = new Map<string, WebPlugin>();
  private sealed = false;

  constructor(plugins: readonly WebPlugin[]) {
    for (const plugin of plugins) {
      const id = plugin.manifest.id;
      if (this.plugins.has(id)) {
        throw new PluginRegistryError(`Duplicate plugin id '${id}': registered twice in the web plugin list`);
      }
      this.plugins.set(id, plugin);
    }
    for (const plugin of plugins) this.registerPlugin(plugin);
    for (const plugin of plugins) {
      for (const dependency of plugin.manifest.dependsOn ?? []) {
        if (!this.plugins.has(dependency)) {
          throw new PluginRegistryError(`Plugin '${plugin.manifest.id}' depends on missing plugin '${dependency}'`);
        }
      }
    }
    this.sealed = true;
    for (const plugin of plugins) plugin.init?.({ getExtensions: (point) => this.getExtensions(point) });
  }

  get pluginIds(): string[] {
    return [...this.plugins.keys()];
  }

  private registerPlugin(plugin: WebPlugin): void {
    const owner = plugin.manifest.id;
    const pluginFeature = plugin.manifest.feature;
    plugin.register({
      add: (point, extension) => {
        if (this.sealed) throw new PluginRegistryError(`Plugin '${owner}' added to '${point}' after registration`);
        const list = (this.store[point] ??= []) as Registered<typeof point>[];
        const key = keyOf(point, extension);
        const clash = list.find((existing) => keyOf(point, existing) === key);
        if (clash && !!clash.fallback === !!extension.fallback) {
          throw new PluginRegistryError(
            `Duplicate ${point === 'routes' ? 'route path' : `${point} id`} '${key}': registered by '${clash.owner}' and '${owner}'`,
          );
        }
        if (clash && extension.fallback) return; // the real contribution is already there
        if (clash) list.splice(list.indexOf(clash), 1); // the real contribution replaces the placeholder
        const requiredFeatures = [extension.feature, pluginFeature].filter((f, i, all): f is Feature => f !== undefined && all.indexOf(f) === i);
        list.push({ ...extension, owner, requiredFeatures });
      },
    });
  }

  /** Every contribution to a point, by `order` (then registration order). */
  getExtensions<P extends ExtensionPointName>(point: P): readonly Registered<P>[] {
    const list = (this.store[point] ?? []) as Registered<P>[];
    return list
      .map((extension, index) => ({ extension, index }))
      .sort((a, b) => (a.extension.order ?? 0) - (b.extension.order ?? 0) || a.index - b.index)
      .map(({ extension }) => extension);
  }

  /** Contributions the user may see: features enabled, permission granted, settings rule respected. */
  getVisibleExtensions<P extends ExtensionPointName>(point: P, access: Access): readonly Registered<P>[] {
    return this.getExtensions(point).filter((extension) => isVisible(extension, access));
  }
}

/** Why a contribution is hidden from the user, or 'visible'. */
export type Visibility = 'visible' | 'feature-disabled' | 'forbidden';

export function visibilityOf(extension: { requiredFeatures: readonly Feature[]; permission?: Permission; section?: NavSection }, access: Access): Visibility {
  if (extension.requiredFeatures.some((feature) => !access.isFeatureEnabled(feature))) return 'feature-disabled';
  const { permission, section } = extension;
  if (permission && !access.can(permission.resource, permission.action)) return 'forbidden';
  if (section === 'settings' && !access.canSeeSettings) return 'forbidden';
  return 'visible';
}

export function isVisible(extension: Parameters<typeof visibilityOf>[0], access: Access): boolean {
  return visibilityOf(extension, access) === 'visible';
}
